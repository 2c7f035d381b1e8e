// @vitest-environment jsdom
/**
 * The notification preferences card against a mocked API (MSW, every request must be a handler):
 * it shows the saved choices, sends every type and channel on save, and says when saving failed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import common from '../../../locales/en/common.json';
import notifications from '../../../locales/en/notifications.json';
import { initTestI18n } from '../../../testing/component-setup';
import { NotificationPreferencesCard } from './notification-preferences-card';

configure({ asyncUtilTimeout: 5000 });

const all = { inApp: true, email: true, sms: true };
const SAVED = {
  message: all,
  task: { ...all, sms: false },
  appointment: all,
  questionnaire: all,
  plan: all,
};
const puts: unknown[] = [];
let failPut = false;
const server = setupServer(
  http.get('*/api/notifications/preferences', () => HttpResponse.json(SAVED)),
  http.put('*/api/notifications/preferences', async ({ request }) => {
    const body = await request.json();
    puts.push(body);
    if (failPut)
      return HttpResponse.json(
        { error: { code: 'internal_error', message: 'Something went wrong' } },
        { status: 500 },
      );
    return HttpResponse.json(body);
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initTestI18n({ common, notifications });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  puts.length = 0;
  failPut = false;
});
afterAll(() => server.close());

function setup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <NotificationPreferencesCard />
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('NotificationPreferencesCard', () => {
  it('shows the saved choices and saves every type and channel', async () => {
    setup();
    await screen.findByRole('checkbox', { name: 'SMS: Tasks assigned or due' });
    expect(box('SMS: Tasks assigned or due').checked).toBe(false);
    expect(box('E-mail: New messages').checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save notification choices' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(box('In the app: New messages'));
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    await screen.findByText('Notification choices saved');
    expect(puts).toEqual([{ ...SAVED, message: { ...all, inApp: false } }]);
  });

  it('says so when saving failed', async () => {
    failPut = true;
    setup();
    fireEvent.click(
      await screen.findByRole('checkbox', { name: 'E-mail: Questionnaires completed' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save notification choices' }));
    await screen.findByText('Your notification choices could not be saved');
    await waitFor(() => expect(puts).toHaveLength(1));
  });
});
