// @vitest-environment jsdom
/**
 * The profile card against a mocked API (MSW): it shows the account's phone, and adding one goes
 * number + password → code → the number is shown.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import common from '../../../locales/en/common.json';
import { initTestI18n } from '../../../testing/component-setup';
import { ProfileCard } from './profile-card';

configure({ asyncUtilTimeout: 5000 });

let phone: string | null = null;
const server = setupServer(
  http.get('*/api/account/phone', () => HttpResponse.json({ phoneNumber: phone })),
  http.post('*/api/account/phone', () =>
    HttpResponse.json({ sent: true, minutes: 5, toOutbox: true }),
  ),
  http.post('*/api/account/phone/verify', async ({ request }) => {
    phone = ((await request.json()) as { phoneNumber: string }).phoneNumber;
    return HttpResponse.json({ phoneNumber: phone });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initTestI18n({ common });
});
afterEach(() => cleanup());
afterAll(() => server.close());

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <ProfileCard name="Pilar" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the profile card', () => {
  it('adds a phone: number and password, then the code', async () => {
    renderCard();
    expect(await screen.findByText('No phone number yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a phone number' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Phone number/ }), {
      target: { value: '+34 600 111 222' },
    });
    fireEvent.change(screen.getByLabelText(/^Your current password/), {
      target: { value: 'a-long-password-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/We sent a code by text message to \+34600111222/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^6-digit code/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the number' }));
    expect(await screen.findByText('Your phone: +34600111222')).toBeTruthy();
  });
});
