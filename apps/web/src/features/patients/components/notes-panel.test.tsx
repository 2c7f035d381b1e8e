// @vitest-environment jsdom
/**
 * Amending a note against a mocked API (MSW, every request must be one of the handlers): Cancel
 * closes an untouched amendment at once, and asks before it throws away typed text.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import common from '../../../locales/en/common.json';
import { initTestI18n, polyfillDialog } from '../../../testing/component-setup';
import patients from '../../../locales/en/patients.json';
import { NotesPanel } from './notes-panel';

configure({ asyncUtilTimeout: 5000 });

const NOTE = {
  id: 'n-1',
  body: 'Dolor lumbar 6/10, mejor con calor.',
  author: { id: 'u-1', name: 'Dra. Sofía' },
  createdAt: '2026-11-20T10:00:00.000Z',
  amendments: [],
  editable: true,
};

const server = setupServer(
  http.get('*/api/patients/p-1/notes', () => HttpResponse.json({ items: [NOTE] })),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  polyfillDialog();
  await initTestI18n({ common, patients });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <NotesPanel patientId="p-1" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const amendment = () => screen.queryByLabelText('Amended text');
const discardDialog = () => screen.queryByRole('dialog', { name: 'Discard your changes?' });

describe('amending a note', () => {
  it('Cancel closes an untouched amendment without asking', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Amend' }));
    expect(amendment()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(discardDialog()).toBeNull();
    expect(amendment()).toBeNull();
  });

  it('Cancel asks before discarding typed text; "Keep editing" keeps it', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Amend' }));
    fireEvent.change(amendment()!, {
      target: { value: 'Dolor lumbar 4/10 tras la infiltración.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((amendment() as HTMLTextAreaElement).value).toBe(
      'Dolor lumbar 4/10 tras la infiltración.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole(
        'button',
        { name: 'Discard changes' },
      ),
    );
    expect(amendment()).toBeNull();
  });
});
