// @vitest-environment jsdom
/**
 * The patient's appointments page against a mocked API (MSW, every request must be one of the
 * handlers): upcoming and past with their SPEC §4 colours, a request sent with the slot chosen, the
 * server's translated refusal toasted, and no request at all for an account that may not view.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import appointments from '../../../locales/en/appointments.json';
import common from '../../../locales/en/common.json';
import { initTestI18n } from '../../../testing/component-setup';
import { MyAppointmentsView } from './my-appointments-view';

configure({ asyncUtilTimeout: 5000 });

const base = {
  patient: { id: 'p-1', name: 'Ana Propia' },
  specialist: { id: 's-1', name: 'Dra. Sofía' },
  type: { id: 'follow_up', name: { es: 'Revisión', en: 'Follow-up' } },
  timeZone: 'Europe/Madrid',
  modality: 'in_person',
  location: 'Consulta 2',
  notes: null,
  patientNote: null,
  priceCents: 7000,
  currency: 'EUR',
  cancellation: null,
  rebookedFromId: null,
  allowedTransitions: [],
  canReschedule: false,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const UPCOMING = {
  ...base,
  id: 'a-1',
  startsAt: '2030-03-05T09:00:00.000Z',
  endsAt: '2030-03-05T09:30:00.000Z',
  status: 'confirmed',
  canCancel: true,
};
const PAST = {
  ...base,
  id: 'a-2',
  startsAt: '2025-03-05T09:00:00.000Z',
  endsAt: '2025-03-05T09:30:00.000Z',
  status: 'no_show',
  canCancel: false,
};
const SLOT = {
  startsAt: '2030-03-12T08:00:00.000Z',
  endsAt: '2030-03-12T08:30:00.000Z',
  modality: 'in_person',
  location: 'Consulta 2',
  timeZone: 'Europe/Madrid',
};

const bodies: unknown[] = [];
const seen: string[] = [];
const server = setupServer(
  http.get('*/api/appointments/mine', () =>
    HttpResponse.json({
      upcoming: [UPCOMING],
      past: [PAST],
      patientBooking: 'request',
      cancelNoticeHours: 24,
    }),
  ),
  http.get('*/api/appointments/types', () =>
    HttpResponse.json({
      items: [
        {
          id: 'follow_up',
          name: { es: 'Revisión', en: 'Follow-up' },
          durationMinutes: 30,
          bufferMinutes: 10,
          priceCents: 7000,
          currency: 'EUR',
          bookableBy: 'patient',
          modality: null,
          active: true,
        },
      ],
    }),
  ),
  http.get('*/api/appointments/specialists', () =>
    HttpResponse.json({ items: [{ id: 's-1', name: 'Dra. Sofía' }] }),
  ),
  http.get('*/api/appointments/slots', () => HttpResponse.json({ items: [SLOT] })),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', async ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    if (request.method !== 'GET') bodies.push(await request.clone().json());
  });
  await initTestI18n({ common, appointments });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  bodies.length = 0;
  seen.length = 0;
});
afterAll(() => server.close());

function setup(canView = true) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <MyAppointmentsView canView={canView} />
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('my appointments', () => {
  it('lists upcoming and past with their colours', async () => {
    setup();
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    expect(screen.getByText('Confirmed').getAttribute('data-colour')).toBe('green');
    expect(screen.getByText('No-show').getAttribute('data-colour')).toBe('red');
    expect(screen.getAllByRole('button', { name: 'Cancel appointment' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Add to calendar' })).toHaveLength(2);
  });

  it('sends a request for the slot chosen, with the note', async () => {
    server.use(
      http.post('*/api/appointments/mine', () =>
        HttpResponse.json(
          { ...UPCOMING, id: 'a-3', status: 'pending', startsAt: SLOT.startsAt },
          { status: 201 },
        ),
      ),
    );
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Request an appointment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose one of the free times.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio'));
    fireEvent.change(screen.getByLabelText(/Anything the clinic should know/), {
      target: { value: 'Dolor cervical' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent. The clinic will confirm it.')).toBeTruthy();
    expect(bodies).toEqual([
      {
        specialistId: 's-1',
        typeId: 'follow_up',
        startsAt: SLOT.startsAt,
        note: 'Dolor cervical',
      },
    ]);
  });

  it("shows the server's translated refusal", async () => {
    server.use(
      http.post('*/api/appointments/mine', () =>
        HttpResponse.json(
          { error: { code: 'slot_taken', message: 'This time slot has just been taken.' } },
          { status: 409 },
        ),
      ),
    );
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Request an appointment' }));
    fireEvent.click(await screen.findByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('This time slot has just been taken.')).toBeTruthy();
  });

  it('asks nothing of the server for an account that may not view appointments', async () => {
    setup(false);
    expect(await screen.findByTestId('appointments-not-for-account')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(() => expect(seen).toEqual([]));
  });
});
