// @vitest-environment jsdom
/**
 * Password reset by SMS against a mocked API (MSW): the number, then a note that says a code comes
 * only to accounts that can be reset by SMS (without telling which), the code and the new password
 * twice (checked before sending); the server's refusals land under the code and the new password;
 * done, a link to the sign-in page.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import auth from '../../../locales/en/auth.json';
import common from '../../../locales/en/common.json';
import { fieldRefusal } from '../../../testing/api-answers';
import { initTestI18n } from '../../../testing/component-setup';
import { PhoneResetForm } from './phone-reset-form';

configure({ asyncUtilTimeout: 5000 });

const TICKET = 'b'.repeat(43);
const confirmed: unknown[] = [];
const server = setupServer(
  http.post('*/api/account/password-reset/phone', () =>
    HttpResponse.json({ sent: true, minutes: 5, toOutbox: false, ticket: TICKET }),
  ),
  http.post('*/api/account/password-reset/phone/confirm', async ({ request }) => {
    const body = (await request.json()) as { code: string; newPassword: string };
    confirmed.push(body);
    if (body.code !== '654321') return fieldRefusal('code', 'code_expired');
    if (body.newPassword === 'aaaaaaaaaaaa')
      return fieldRefusal('newPassword', 'password_too_simple');
    return HttpResponse.json({ reset: true });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initTestI18n({ common, auth });
});
afterEach(() => cleanup());
afterAll(() => server.close());

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the password reset by SMS', () => {
  it('number → code and new password → done, with the refusals under their fields', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={client}>
          <PhoneResetForm />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    fill(/^Phone number of your account/, '600');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/Enter a valid phone number/)).toBeTruthy();
    fill(/^Phone number of your account/, '+44 7700 900 123');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));

    const note = await screen.findByTestId('phone-code-sent');
    expect(note.textContent).toContain(
      'If this number belongs to an account that can be reset by SMS, a code is on its way to the number ending in 23.',
    );
    expect(note.textContent).toContain('Accounts with two-step verification reset their password');
    expect(note.textContent).not.toContain('Outbox');
    const code = screen.getByRole('textbox', { name: /^6-digit code/ });
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(code, { target: { value: '111111' } });
    fill(/^New password/, 'a-new-password-22');
    fill(/^Repeat the new password/, 'a-new-password-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(confirmed).toEqual([]);

    fill(/^Repeat the new password/, 'a-new-password-22');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(/That code has expired or was already used/)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(code, { target: { value: '654321' } });
    fill(/^New password/, 'aaaaaaaaaaaa');
    fill(/^Repeat the new password/, 'aaaaaaaaaaaa');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(/This password is too simple/)).toBeTruthy();

    fill(/^New password/, 'a-new-password-22');
    fill(/^Repeat the new password/, 'a-new-password-22');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText(/Your password was changed and every session was ended/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(confirmed.at(-1)).toEqual({
      ticket: TICKET,
      code: '654321',
      newPassword: 'a-new-password-22',
    });
  }, 20_000);
});
