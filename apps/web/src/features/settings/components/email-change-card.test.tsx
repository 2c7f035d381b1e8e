// @vitest-environment jsdom
/**
 * The e-mail card of an account made with a phone number (ADR 0043): its placeholder address is
 * never shown; the card says there is no address yet and adds one, with no confirmation part.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import common from '../../../locales/en/common.json';
import { initTestI18n } from '../../../testing/component-setup';
import { EmailChangeCard } from './email-change-card';

configure({ asyncUtilTimeout: 5000 });

let mine: { email: string | null; confirmed: boolean } = { email: null, confirmed: false };
const server = setupServer(http.get('*/api/account/email', () => HttpResponse.json(mine)));

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initTestI18n({ common });
});
afterEach(() => cleanup());
afterAll(() => server.close());

function renderCard(email: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <EmailChangeCard email={email} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  /** Resolves once `GET /api/account/email` has been answered. */
  const answered = () =>
    waitFor(() =>
      expect(client.getQueryState(['account', 'email', 'mine'])?.status).toBe('success'),
    );
  return { ...view, answered };
}

describe('the e-mail card', () => {
  it('adds an address to an account made with a phone number', async () => {
    mine = { email: null, confirmed: false };
    const { container, answered } = renderCard(
      '0b9c1a36-5f1e-4e38-a3a5-3f0f5b0e6f11@phone.invalid',
    );
    expect(
      screen.getByText(
        'Your account has no e-mail address yet. Add one to get messages by e-mail and to sign in with it.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^E-mail address to add/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the link to add it' })).toBeTruthy();
    // once the answer has come: still no confirmation part, and never the placeholder
    await answered();
    expect(screen.queryByTestId('email-unconfirmed')).toBeNull();
    expect(container.textContent).not.toContain('phone.invalid');
  });

  it('changes an address that is there, and says whether it is confirmed', async () => {
    mine = { email: 'ana@example.com', confirmed: true };
    renderCard('ana@example.com');
    expect(screen.getByText(/You sign in with ana@example.com/)).toBeTruthy();
    expect(await screen.findByTestId('email-confirmed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the confirmation link' })).toBeTruthy();
  });
});
