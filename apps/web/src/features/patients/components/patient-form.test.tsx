// @vitest-environment jsdom
/**
 * The patient form against a mocked API (MSW, every request must be one of the handlers): messages
 * from the shared schema, failures that cannot be missed, the duplicate warning and "Create anyway",
 * and Cancel asking before it discards edits.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useNavigate, useParams } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import common from '../../../locales/en/common.json';
import { initTestI18n, polyfillDialog } from '../../../testing/component-setup';
import patients from '../../../locales/en/patients.json';
import { PatientForm } from './patient-form';

const PATIENT = {
  id: 'p-1',
  name: 'Lucía Fernández',
  birthDate: '1980-05-17',
  age: 45,
  gender: 'female',
  category: 'chronic_pain',
  priority: 'medium',
  status: 'new',
  contactNumber: null,
  email: 'lucia@example.test',
  symptoms: ['Lower back pain'],
  medicalHistory: null,
  currentMedications: [],
  allergies: [],
  assignedSpecialist: null,
  portal: { state: 'none', invitedAt: null },
  nextAppointment: null,
  progress: null,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

// A shared machine can be slow: wait up to 5 s for what the form shows.
configure({ asyncUtilTimeout: 5000 });

const requests: { method: string; path: string; body: unknown }[] = [];
const server = setupServer(
  http.get('*/api/specialists', () =>
    HttpResponse.json({ items: [{ id: 's-1', name: 'Dra. Sofía' }] }),
  ),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', async ({ request }) => {
    const body =
      request.method === 'GET'
        ? null
        : await request
            .clone()
            .json()
            .catch(() => null);
    requests.push({ method: request.method, path: new URL(request.url).pathname, body });
  });
  polyfillDialog();
  await initTestI18n({ common, patients });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

function ChartProbe() {
  return <p>chart of {useParams().id}</p>;
}

function CreatePage() {
  const navigate = useNavigate();
  return (
    <PatientForm
      mode="create"
      cancelHref="/patients"
      onSaved={(p) => void navigate(`/patients/${p.id}`)}
    />
  );
}

function EditPage() {
  const navigate = useNavigate();
  return (
    <PatientForm
      mode="edit"
      patient={PATIENT as never}
      cancelHref="/patients/p-1"
      onSaved={(p) => void navigate(`/patients/${p.id}`)}
    />
  );
}

function setup(path: '/patients/new' | '/patients/p-1/edit') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/patients', element: <p>patient list</p> },
      { path: '/patients/new', element: <CreatePage /> },
      { path: '/patients/:id/edit', element: <EditPage /> },
      { path: '/patients/:id', element: <ChartProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

function fillRequired() {
  type('Full name', 'Lucía Fernández');
  type('Birth date', '1980-05-17');
  type('Gender', 'female');
  type('Category', 'chronic_pain');
  type('Priority', 'medium');
}

const summary = () => screen.findByTestId('form-error-summary');

// jsdom on a shared machine: a form test takes a few seconds.
describe('PatientForm', { timeout: 30_000 }, () => {
  it('shows the shared schema messages on the fields, wired to them, and sends nothing', async () => {
    setup('/patients/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Create patient' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    const name = field('Full name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(
      screen.getByText('Name is required').id,
    );
    expect(field('Birth date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Choose one of the options.')).toHaveLength(3); // gender, category, priority

    type('Email', 'not-an-email');
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create patient' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a 409 on save is shown, focused and toasted; the reload button offers the current version', async () => {
    server.use(
      http.patch('*/api/patients/p-1', () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: 'The record was changed by someone else.' } },
          { status: 409 },
        ),
      ),
    );
    setup('/patients/p-1/edit');
    type('Full name', 'Lucía Fernández Ruiz');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const box = await summary();
    expect(within(box).getByText('This record was changed by someone else')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Reload the current version' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(await screen.findByText('Error saving patient')).toBeTruthy(); // the toast
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      version: 3,
      name: 'Lucía Fernández Ruiz',
    });
  });

  it('a network failure on create is shown, focused and toasted', async () => {
    server.use(http.post('*/api/patients', () => HttpResponse.error()));
    setup('/patients/new');
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create patient' }));

    const box = await summary();
    expect(
      within(box).getByText('The server cannot be reached. Check your connection and try again.'),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.getAllByText('Could not create patient').length).toBeGreaterThanOrEqual(2); // summary + toast
  });

  it('a duplicate name and birth date shows the matches; "Create anyway" sends allowDuplicate', async () => {
    server.use(
      http.post('*/api/patients', async ({ request }) => {
        const body = (await request.json()) as { allowDuplicate?: boolean };
        if (body.allowDuplicate === true)
          return HttpResponse.json({ ...PATIENT, id: 'p-2' }, { status: 201 });
        return HttpResponse.json(
          {
            error: {
              code: 'duplicate_patient',
              message: 'A patient with this name and birth date already exists.',
              details: {
                matches: [{ id: 'p-1', name: 'Lucía Fernández', birthDate: '1980-05-17' }],
              },
            },
          },
          { status: 409 },
        );
      }),
    );
    const router = setup('/patients/new');
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create patient' }));

    const box = await summary();
    expect(
      within(box).getByText('A patient with this name and birth date already exists'),
    ).toBeTruthy();
    const link = within(box).getByRole('link', { name: /Lucía Fernández, born/ });
    expect(link.getAttribute('href')).toBe('/patients/p-1');
    await waitFor(() => expect(document.activeElement).toBe(box));

    fireEvent.click(within(box).getByRole('button', { name: 'Create anyway' }));
    expect(await screen.findByText('chart of p-2')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/patients/p-2');
    const posts = requests
      .filter((r) => r.method === 'POST')
      .map((r) => r.body as Record<string, unknown>);
    expect(posts).toHaveLength(2);
    expect(posts[0]).not.toHaveProperty('allowDuplicate');
    expect(posts[1]).toMatchObject({
      name: 'Lucía Fernández',
      birthDate: '1980-05-17',
      allowDuplicate: true,
    });
  });

  it('Cancel leaves at once when nothing changed, and asks before discarding edits', async () => {
    let router = setup('/patients/new');
    fireEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('patient list')).toBeTruthy();
    cleanup();

    router = setup('/patients/new');
    type('Full name', 'Half-typed name');
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/patients/new');
    expect((field('Full name') as HTMLInputElement).value).toBe('Half-typed name');

    // Any in-app navigation is held the same way.
    await act(() => router.navigate('/patients'));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('patient list')).toBeTruthy();
  });
});
