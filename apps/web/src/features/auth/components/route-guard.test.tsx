// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteAccess } from '../../../config/routes';

const toastError = vi.fn();
vi.mock('../../../lib/toast', () => ({
  toast: { error: (...args: unknown[]) => toastError(...args) },
}));

const { RouteGuard } = await import('./route-guard');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const ME = {
  user: { id: 'u1', name: 'Sofía', email: 's@example.test' },
  role: 'specialist',
  permissions: {
    patients: ['view', 'create', 'edit'],
    appointments: ['view', 'create', 'edit'],
    treatments: ['view', 'create', 'edit'],
    analytics: ['view'],
    research: [],
    users: [],
    audit_logs: [],
  },
  session: {
    expiresAt: '2099-01-01T00:00:00.000Z',
    absoluteExpiresAt: '2099-01-01T00:00:00.000Z',
    expiresInMs: 1_800_000,
    idleMinutes: 30,
  },
  mfa: {
    aal: 1,
    enrolled: false,
    twoFactor: false,
    required: true,
    stepUpNeeded: false,
    enrolBy: null,
    enrolmentNeeded: false,
  },
};

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

function setup(path: string, access: RouteAccess, children: ReactNode = <p>protected content</p>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/', element: <p>home page</p> },
      { path: '/settings', element: <p>settings page</p> },
      {
        path,
        element: <RouteGuard access={access}>{children}</RouteGuard>,
        errorElement: <p>error screen</p>,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('RouteGuard', () => {
  let answer: ReturnType<typeof deferred<Response>>;

  beforeEach(() => {
    answer = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer.promise.then((r) => r.clone())),
    );
    toastError.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the loading screen until the first answer, then sends a signed-out visitor to /login with the origin', async () => {
    const router = setup('/patients/7', { kind: 'authenticated' });
    expect(screen.getByText('loading.dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/patients/7');

    await act(async () =>
      answer.resolve(json(401, { error: { code: 'unauthenticated', message: 'no' } })),
    );
    expect(await screen.findByText('login page, from /patients/7')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith('errors:guards.authRequired', { id: 'guard-auth' });
  });

  it('lets an allowed role in', async () => {
    setup('/patients', { kind: 'role', roles: ['admin', 'specialist'], redirectTo: '/dashboard' });
    await act(async () => answer.resolve(json(200, ME)));
    expect(await screen.findByText('protected content')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('keeps an account past its time to enrol a factor on /settings (ADR 0038)', async () => {
    const router = setup('/patients', { kind: 'authenticated' });
    await act(async () =>
      answer.resolve(
        json(200, {
          ...ME,
          mfa: { ...ME.mfa, enrolBy: '2026-01-01T00:00:00.000Z', enrolmentNeeded: true },
        }),
      ),
    );
    expect(await screen.findByText('settings page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.hash).toBe('#two-step');
    expect(screen.queryByText('protected content')).toBeNull();
  });

  it('lets an account within its time to enrol in', async () => {
    setup('/patients', { kind: 'authenticated' });
    await act(async () =>
      answer.resolve(json(200, { ...ME, mfa: { ...ME.mfa, enrolBy: '2099-01-01T00:00:00.000Z' } })),
    );
    expect(await screen.findByText('protected content')).toBeTruthy();
  });

  it('sends a wrong role to the route redirect with the roles notice', async () => {
    const router = setup('/analytics', {
      kind: 'role',
      roles: ['admin', 'researcher'],
      redirectTo: '/dashboard',
    });
    await act(async () => answer.resolve(json(200, ME)));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(toastError).toHaveBeenCalledWith('errors:guards.roleDenied', { id: 'guard-denied' });
  });

  it('falls back to "/" for a generic permission guard without a redirect', async () => {
    setup('/admin/roles', { kind: 'permission', resource: 'users', action: 'edit' });
    await act(async () => answer.resolve(json(200, ME)));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith('errors:guards.permissionDenied', {
      id: 'guard-denied',
    });
  });

  it('shows the error screen when the role lookup fails (not a 401)', async () => {
    setup('/dashboard-x', { kind: 'authenticated' });
    await act(async () =>
      answer.resolve(json(503, { error: { code: 'service_unavailable', message: 'down' } })),
    );
    // one retry after 1 s (SPEC §9), then the error screen
    expect(await screen.findByText('error screen', undefined, { timeout: 3000 })).toBeTruthy();
  });

  it('shows guest pages at once and sends signed-in visitors on', async () => {
    setup('/login-x', { kind: 'guest' }, <p>sign-in form</p>);
    expect(screen.getByText('sign-in form')).toBeTruthy();
    await act(async () => answer.resolve(json(200, ME)));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });
});
