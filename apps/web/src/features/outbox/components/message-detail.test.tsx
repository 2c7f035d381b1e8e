// @vitest-environment jsdom
/**
 * A message's detail against a mocked API (MSW, every request must be one of the handlers): a dead
 * message shows its error and text, "Send again" posts `{}` and shows the queued state; a sent
 * message cannot be sent again.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import common from '../../../locales/en/common.json';
import outbox from '../../../locales/en/outbox.json';
import { initTestI18n } from '../../../testing/component-setup';
import { MessageDetail } from './message-detail';

configure({ asyncUtilTimeout: 5000 });

const ID = '6f1c2a4e-1111-4222-8333-444455556666';
const MESSAGE = {
  id: ID,
  channel: 'email',
  recipient: 'olga@example.test',
  language: null,
  template: 'patient.invite',
  subject: 'Pain Lab: invitación a su área de paciente / invitation to your patient area',
  status: 'dead',
  attempts: 8,
  maxAttempts: 8,
  nextAttemptAt: null,
  lastError: 'Error: connect ECONNREFUSED 10.0.0.25:587',
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
  text: 'Create your account with this link: https://clinic.example/register?invite=abc',
  html: null,
  updatedAt: '2026-11-20T10:05:00.000Z',
};
const providers = { email: true, sms: false };
let retried: unknown[] = [];

const server = setupServer(
  http.get(`*/api/admin/outbox/${ID}`, () => HttpResponse.json({ message: MESSAGE, providers })),
  http.post(`*/api/admin/outbox/${ID}/retry`, async ({ request }) => {
    retried.push(await request.json());
    return HttpResponse.json({
      message: { ...MESSAGE, status: 'queued', attempts: 0, nextAttemptAt: MESSAGE.updatedAt },
      providers,
    });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initTestI18n({ common, outbox });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  retried = [];
});
afterAll(() => server.close());

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <MessageDetail id={ID} onClose={() => undefined} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('an outbox message', () => {
  it('shows a dead message with its error and text; "Send again" queues it', async () => {
    setup();
    expect(await screen.findByText('Not delivered')).toBeTruthy();
    expect(screen.getByText(MESSAGE.lastError)).toBeTruthy();
    expect(screen.getByText(/register\?invite=abc/)).toBeTruthy();
    expect(screen.getByText('8 of 8 attempts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(retried).toEqual([{}]);
    expect(screen.getByText('0 of 8 attempts')).toBeTruthy();
  });

  it('a sent message cannot be sent again', async () => {
    server.use(
      http.get(`*/api/admin/outbox/${ID}`, () =>
        HttpResponse.json({
          message: { ...MESSAGE, status: 'sent', attempts: 1, lastError: null },
          providers,
        }),
      ),
    );
    setup();
    expect(await screen.findByText('This message was sent.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send again' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
