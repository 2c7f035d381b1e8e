// @vitest-environment jsdom
/**
 * The sign-in page's island as the browser gets it: the server's HTML (render.tsx), hydrated by the
 * site's client entry (client.ts), the sign-in request answered by MSW. Replaces the React
 * LoginForm's component test, with its cases: a refusal goes away when a field is edited, a later
 * client-side message shows alone, the fields are wired to their messages; and the island's own:
 * the pending state, the hand-over after success, the language switch in place, the notice.
 */
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HandoffModule from '../handoff';

type Handoff = typeof HandoffModule;

const leaveFor = vi.fn();
vi.mock('../handoff', async (original) => ({
  ...(await original<Handoff>()),
  leaveFor: (href: string) => leaveFor(href),
}));

let attempts = 0;
let answer: () => Response | Promise<Response> = () =>
  HttpResponse.json(
    { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    { status: 401 },
  );
const server = setupServer(
  http.post('*/api/auth/sign-in/email', () => {
    attempts += 1;
    return answer();
  }),
);
server.listen({ onUnhandledRequest: 'error' });
afterAll(() => server.close());

const { renderLoginPage } = await import('../render');
const ASSETS = { styles: [], script: '/assets/site.js', preloads: [] };

/** The page as the server sends it, hydrated by the client entry. */
async function open(
  options: {
    lang?: 'en' | 'es';
    returnTo?: string | null;
    linkToken?: string | null;
    linkError?: string | null;
  } = {},
) {
  const html = renderLoginPage({
    lang: options.lang ?? 'en',
    clinicName: 'Pain Lab',
    returnTo: options.returnTo ?? null,
    linkToken: options.linkToken ?? null,
    linkError: options.linkError ?? null,
    assets: ASSETS,
  });
  // a visitor with no language stored by the web app (else the page reloads in that language)
  localStorage.removeItem('i18nextLng');
  // the same body element: `screen` is bound to it
  document.head.innerHTML = /<head>(.*)<\/head>/s.exec(html)![1]!;
  document.body.innerHTML = /<body>(.*)<\/body>/s.exec(html)![1]!;
  document.documentElement.lang = /<html lang="(\w+)"/.exec(html)![1]!;
  vi.resetModules();
  await import('../client');
  await waitFor(() =>
    expect(document.querySelector('[data-island][data-hydrated]')).not.toBeNull(),
  );
}

const email = () => screen.getByLabelText<HTMLInputElement>('Email or phone number');
const password = () => screen.getByLabelText<HTMLInputElement>('Password');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
const type = (input: HTMLInputElement, value: string) =>
  fireEvent.input(input, { target: { value } });

async function failOnce() {
  type(email(), 'someone@example.test');
  type(password(), 'wrong-password');
  submit();
  expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
  expect(attempts).toBe(1);
}

beforeEach(() => {
  attempts = 0;
  leaveFor.mockClear();
  sessionStorage.clear();
  document.cookie = 'painlab_signed_in=; Max-Age=0; Path=/';
});
afterEach(() => {
  server.resetHandlers();
  answer = () =>
    HttpResponse.json(
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      { status: 401 },
    );
});

describe('the sign-in island', { timeout: 30_000 }, () => {
  it('editing a field clears the refusal', async () => {
    await open();
    await failOnce();
    type(password(), 'wrong-password2');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('a later client-side error shows alone, and no request is sent', async () => {
    await open();
    await failOnce();
    type(email(), '');
    submit();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.queryByText('Invalid email or password.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(1);
  });

  it('the fields are wired to their messages, and the first invalid one gets the focus', async () => {
    await open();
    submit();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe('login-email-error login-email-hint');
    expect(document.activeElement).toBe(email());
    // after a first submit, every edit checks again
    type(email(), 'not-an-email');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(attempts).toBe(0);
  });

  it('is busy while signing in, then hands over to the return target with the signed-in flag', async () => {
    let release = () => {};
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve(HttpResponse.json({ token: 'x', user: {} }, { status: 200 }));
      });
    await open({ returnTo: '/patients/42?tab=plan' });
    type(email(), 'ana@example.org');
    type(password(), 'the-right-one');
    submit();
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/patients/42?tab=plan'));
    expect(document.cookie).toContain('painlab_signed_in=1');
    expect(attempts).toBe(1);
  });

  it('a throttled sign-in says how long to wait; an unreachable server says so', async () => {
    answer = () =>
      HttpResponse.json(
        { code: 'ACCOUNT_LOCKED', message: 'Too many failed sign-ins' },
        { status: 429, headers: { 'Retry-After': '120' } },
      );
    await open();
    type(email(), 'ana@example.org');
    type(password(), 'whatever-it-is');
    submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Too many failed sign-ins for this account\. .* You can try again in 2 min\.$/,
    );
    answer = () => HttpResponse.error();
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The server cannot be reached. Check your connection and try again.',
      ),
    );
    expect(attempts).toBe(3); // a network failure is tried once more
  });

  it('switches the language in place: texts, <html lang>, title, what was typed stays', async () => {
    await open();
    type(email(), 'ana@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'ES Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Correo electrónico o teléfono').value).toBe(
      'ana@example.org',
    );
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Pain Lab'));
    expect(document.cookie).toContain('painlab_lang=es');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    expect(screen.getByRole('button', { name: 'ES Español' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows the notice the web app left (a guard sent the visitor here)', async () => {
    sessionStorage.setItem('painlab:login-notice', 'authRequired');
    await open();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Authentication required. Please log in to continue.',
    );
    expect(sessionStorage.getItem('painlab:login-notice')).toBeNull();
  });
});

describe('sign-in by e-mail link (ADR 0040)', () => {
  it("the page a link leads to opens better-auth's verify path with a plain form", async () => {
    const token = 'A'.repeat(32);
    await open({ linkToken: token, returnTo: '/patients' });
    expect(screen.getByRole('heading', { level: 1, name: 'Finish signing in' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Continue and sign in' });
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/api/auth/magic-link/verify');
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toEqual({ token, callbackURL: '/patients', errorCallbackURL: '/login' });
  });

  it("explains a refused link, in the page's language", async () => {
    await open({ linkError: 'INVALID_TOKEN', lang: 'es' });
    expect(screen.getByRole('alert').textContent).toContain('Este enlace de acceso no funciona');
    await open({ linkError: 'SECOND_FACTOR_REQUIRED' });
    expect(screen.getByRole('alert').textContent).toContain('two-step verification');
  });
});
