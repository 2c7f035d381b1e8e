// @vitest-environment jsdom
/**
 * The portal invitation form against a mocked API (MSW, every request must be one of the
 * handlers): the shared schema's rule refuses a bad address before anything is sent, the channel
 * switch brings the record's phone, and a valid address is posted as `{ email }` or `{ phone }`.
 */
import type { Patient } from '@painlab/shared/patients';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import common from '../../../locales/en/common.json';
import patients from '../../../locales/en/patients.json';
import { initTestI18n } from '../../../testing/component-setup';
import { InvitePanel } from './invite-panel';

configure({ asyncUtilTimeout: 5000 });

const posted: unknown[] = [];
const server = setupServer(
  http.post('*/api/patients/p-1/invite', async ({ request }) => {
    posted.push(await request.json());
    return HttpResponse.json({
      link: 'http://127.0.0.1/register?invite=abcdefghijklmnop',
      expiresAt: '2026-12-01T10:00:00.000Z',
      delivered: 'none',
    });
  }),
  http.get('*/api/patients/p-1', () => HttpResponse.json({})),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initTestI18n({ common, patients });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  posted.length = 0;
});
afterAll(() => server.close());

const patient = {
  id: 'p-1',
  email: null,
  contactNumber: '+34 600 123 456',
  portal: { state: 'none', invitedAt: null },
} as unknown as Patient;

function setup(overrides: Partial<Patient> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <InvitePanel patient={{ ...patient, ...overrides }} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Invite patient' }));
}

describe('inviting a patient to the portal', () => {
  it('starts with the phone of a record without e-mail and posts it as { phone }', async () => {
    setup();
    expect(screen.getByLabelText("Patient's phone number")).toHaveProperty(
      'value',
      '+34 600 123 456',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByTestId('invite-not-sent')).toBeTruthy();
    expect(posted).toEqual([{ phone: '+34 600 123 456' }]);
  });

  it('refuses a bad e-mail with the shared message, linked to the field, and sends nothing', async () => {
    setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    const field = screen.getByLabelText("Patient's email");
    expect(field).toHaveProperty('value', '');
    fireEvent.input(field, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    const error = await screen.findByText('Invalid email address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(posted).toEqual([]);
    // corrected, it is sent as { email }, trimmed and in lower case (the shared schema's transform)
    fireEvent.input(field, { target: { value: '  Ana@Example.TEST ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByTestId('invite-not-sent')).toBeTruthy();
    expect(posted).toEqual([{ email: 'ana@example.test' }]);
  });
});
