// @vitest-environment jsdom
/**
 * Sign-up with a phone number against a mocked API (MSW): the shared rules refuse a bad number and
 * mismatched passwords before anything is sent; the server's password refusal lands under the
 * password; the code step names the number by its last digits and the Outbox, a wrong code is
 * refused under the code, the right one makes the account and signs in with the number.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import auth from '../../../locales/en/auth.json';
import common from '../../../locales/en/common.json';
import { fieldRefusal } from '../../../testing/api-answers';
import { initTestI18n } from '../../../testing/component-setup';
import { PhoneRegisterForm } from './phone-register-form';

configure({ asyncUtilTimeout: 5000 });

const TICKET = 'a'.repeat(43);
const requests: { path: string; body: unknown }[] = [];
const server = setupServer(
  http.post('*/api/account/sign-up/phone', async ({ request }) => {
    const body = (await request.json()) as { password: string };
    requests.push({ path: 'sign-up', body });
    if (body.password === 'password1234') return fieldRefusal('password', 'password_too_common');
    return HttpResponse.json({ sent: true, minutes: 5, toOutbox: true, ticket: TICKET });
  }),
  http.post('*/api/account/sign-up/phone/verify', async ({ request }) => {
    const body = (await request.json()) as { code: string };
    requests.push({ path: 'verify', body });
    if (body.code !== '123456') return fieldRefusal('code', 'invalid_code');
    return HttpResponse.json({ phoneNumber: '+34600111222' }, { status: 201 });
  }),
  http.post('*/api/auth/sign-in/phone-number', async ({ request }) => {
    requests.push({ path: 'sign-in', body: await request.json() });
    return HttpResponse.json({ token: 't', user: { id: 'u' } });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initTestI18n({ common, auth });
});
afterEach(() => {
  cleanup();
  requests.length = 0;
});
afterAll(() => server.close());

function renderForm(onSuccess = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <PhoneRegisterForm onSuccess={onSuccess} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onSuccess;
}

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the phone sign-up form', () => {
  it('checks the number and the repeated password before sending', async () => {
    renderForm();
    fill(/^Full name/, 'Pilar');
    fill(/^Mobile phone number/, '600 11');
    fill(/^Password/, 'a-long-password-1');
    fill(/^Repeat the password/, 'another-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/Enter a valid phone number/)).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(screen.getByLabelText(/^Mobile phone number/).getAttribute('type')).toBe('tel');
    expect(requests).toEqual([]);
  });

  it('shows the server refusal under the password, then goes through the code step', async () => {
    const onSuccess = renderForm();
    fill(/^Full name/, 'Pilar');
    fill(/^Mobile phone number/, '+34 600 111 222');
    fill(/^Password/, 'password1234');
    fill(/^Repeat the password/, 'password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    const password = screen.getByLabelText(/^Password/);
    expect(await screen.findByText(/This password is too common/)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    fill(/^Password/, 'a-long-password-1');
    fill(/^Repeat the password/, 'a-long-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    const note = await screen.findByTestId('phone-code-sent');
    expect(note.textContent).toContain('the number ending in 22. It works for 5 minutes.');
    expect(note.textContent).toContain('the message waits in the Outbox');
    expect(requests.at(-1)?.body).toEqual({
      name: 'Pilar',
      phoneNumber: '+34600111222',
      password: 'a-long-password-1',
    });
    const code = screen.getByRole('textbox', { name: /^6-digit code/ });
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSuccess.mock.calls[0]?.[0]).toEqual({ signedIn: true });
    expect(requests.filter((r) => r.path !== 'sign-up').map((r) => r.body)).toEqual([
      { ticket: TICKET, code: '000000' },
      { ticket: TICKET, code: '123456' },
      { phoneNumber: '+34600111222', password: 'a-long-password-1' },
    ]);
  }, 20_000);

  it('goes back to the number, keeping what was typed', async () => {
    renderForm();
    fill(/^Full name/, 'Pilar');
    fill(/^Mobile phone number/, '+34 600 111 222');
    fill(/^Password/, 'a-long-password-1');
    fill(/^Repeat the password/, 'a-long-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use another number' }));
    const number = await screen.findByLabelText(/^Mobile phone number/);
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect((number as HTMLInputElement).value).toBe('+34 600 111 222');
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Pilar');
  });
});
