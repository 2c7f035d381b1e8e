// @vitest-environment jsdom
/**
 * The plan editor against a mocked API (MSW, every request must be one of the handlers): required
 * fields stop the form before any request, the body sent for a measured goal, and a stale version's
 * 409 told as such.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import common from '../../../locales/en/common.json';
import treatments from '../../../locales/en/treatments.json';
import { initTestI18n } from '../../../testing/component-setup';
import { PlanEditor } from './plan-editor';

configure({ asyncUtilTimeout: 5000 });

const PLAN = {
  id: 'plan-1',
  patient: { id: 'p-1', name: 'Marta' },
  status: 'draft',
  version: 1,
  content: {
    title: 'Lumbalgia',
    summary: null,
    problems: [],
    goals: [],
    interventions: [],
    startsOn: '2030-01-01',
    reviewOn: null,
    clinicianIds: ['s-1'],
  },
  clinicians: [{ id: 's-1', name: 'Dra. Sofía' }],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  progress: { percent: null, goals: [] },
  history: [],
  acknowledgements: [],
  points: [],
};

const bodies: unknown[] = [];
const server = setupServer(
  http.get('*/api/specialists', () =>
    HttpResponse.json({ items: [{ id: 's-1', name: 'Dra. Sofía' }] }),
  ),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== 'GET') bodies.push(await request.clone().json());
  });
  await initTestI18n({ common, treatments });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  bodies.length = 0;
});
afterAll(() => server.close());

function setup(clinicianId?: string) {
  const onDone = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <PlanEditor
          patient={{ id: 'p-1' }}
          clinicianId={clinicianId}
          onDone={onDone}
          onCancel={() => {}}
        />
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onDone;
}

const field = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('PlanEditor', () => {
  it('stops on required fields without sending anything', async () => {
    setup();
    await screen.findByLabelText('Dra. Sofía');
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2); // title, clinicians
    expect(bodies).toEqual([]);
  });

  it('sends the content with a measured goal and says "Treatment options updated"', async () => {
    server.use(http.post('*/api/treatments', () => HttpResponse.json(PLAN, { status: 201 })));
    const onDone = setup('s-1');
    await screen.findByLabelText('Dra. Sofía');
    type(/^Title/, 'Lumbalgia');
    fireEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    type(/^Goal(?! \d)/, 'BPI interference below 4');
    type(/^Target(?! date)/, '4');
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      patientId: 'p-1',
      title: 'Lumbalgia',
      clinicianIds: ['s-1'],
      goals: [
        {
          text: 'BPI interference below 4',
          measure: {
            instrumentId: 'bpi',
            measure: 'interference',
            comparator: 'lt',
            target: 4,
            baseline: null,
          },
          targetDate: null,
        },
      ],
    });
    expect(await screen.findByText('Treatment options updated')).toBeTruthy();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ id: 'plan-1' }));
  });

  it('tells a conflict as such', async () => {
    server.use(
      http.post('*/api/treatments', () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: 'Changed meanwhile' } },
          { status: 409 },
        ),
      ),
    );
    setup('s-1');
    await screen.findByLabelText('Dra. Sofía');
    type(/^Title/, 'Lumbalgia');
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findAllByText(/Someone changed this plan meanwhile/)).not.toHaveLength(0);
  });
});
