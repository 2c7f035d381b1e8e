// @vitest-environment jsdom
/**
 * After a refused sign-in, the server's message goes away as soon as the user edits a field or
 * tries again: a later client-side message never sits beside the stale one (MSW for the API).
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
import { initTestI18n } from '../../../testing/component-setup';

configure({ asyncUtilTimeout: 5000 });

let attempts = 0;
const server = setupServer(
  http.post('*/api/auth/sign-in/email', () => {
    attempts += 1;
    return HttpResponse.json(
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      { status: 401 },
    );
  }),
);

// better-auth's client keeps the `fetch` it finds when it is created: intercept before importing it.
server.listen({ onUnhandledRequest: 'error' });
const { LoginForm } = await import('./login-form');

beforeAll(async () => {
  await initTestI18n({ common, auth });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  attempts = 0;
});
afterAll(() => server.close());

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <LoginForm onSuccess={() => undefined} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

async function failOnce() {
  fireEvent.change(email(), { target: { value: 'someone@example.test' } });
  fireEvent.change(password(), { target: { value: 'wrong-password' } });
  submit();
  expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
  expect(attempts).toBe(1);
}

describe('LoginForm', { timeout: 30_000 }, () => {
  it('editing a field clears the refusal', async () => {
    setup();
    await failOnce();
    fireEvent.change(password(), { target: { value: 'wrong-password2' } });
    await waitFor(() => expect(screen.queryByText('Invalid email or password.')).toBeNull());
  });

  it('a later client-side error shows alone', async () => {
    setup();
    await failOnce();
    // Submitting with an empty email: the form's own message only, and no request.
    fireEvent.input(email(), { target: { value: '' } });
    submit();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.queryByText('Invalid email or password.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(1);
  });

  it('the fields are wired to their messages', async () => {
    setup();
    submit();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe('login-email-error');
  });
});
