// @vitest-environment jsdom
/**
 * The task form against a mocked API (MSW, every request must be one of the handlers): the shared
 * schema's messages, the body sent, SPEC §8's "Failed to create task" / "Failed to update task", and
 * the server's field errors shown on their fields.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import common from '../../../locales/en/common.json';
import tasks from '../../../locales/en/tasks.json';
import { initTestI18n } from '../../../testing/component-setup';
import { TaskForm } from './task-form';

configure({ asyncUtilTimeout: 5000 });

const TASK = {
  id: 't-1',
  title: 'Revisar analítica',
  description: null,
  patient: null,
  assignee: { kind: 'user', id: 's-1', name: 'Dra. Sofía' },
  dueDate: '2030-01-02',
  priority: 'medium',
  status: 'new',
  createdBy: { id: 's-1', name: 'Dra. Sofía' },
  reason: null,
  allowedTransitions: ['in_progress', 'done', 'cancelled'],
  editable: true,
  version: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const bodies: unknown[] = [];
const server = setupServer(
  http.get('*/api/tasks/assignees', () =>
    HttpResponse.json({ items: [{ id: 's-1', name: 'Dra. Sofía', role: 'specialist' }] }),
  ),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== 'GET') bodies.push(await request.clone().json());
  });
  await initTestI18n({ common, tasks });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  bodies.length = 0;
});
afterAll(() => server.close());

function setup(task?: typeof TASK) {
  const onDone = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <TaskForm task={task as never} patientId={null} onDone={onDone} />
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onDone;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const change = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('creating a task', () => {
  it('asks for a title and an assignee, then sends the task and says so', async () => {
    server.use(http.post('*/api/tasks', () => HttpResponse.json(TASK, { status: 201 })));
    const onDone = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(0);

    change('Title', '  Llamar a la paciente  ');
    await screen.findByRole('option', { name: 'Dra. Sofía' });
    change('Assigned to', 'user:s-1');
    change('Priority', 'high');
    change('Due date', '2030-03-04');
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Task created')).toBeTruthy();
    expect(bodies).toEqual([
      {
        title: 'Llamar a la paciente',
        description: null,
        assignee: { kind: 'user', userId: 's-1' },
        dueDate: '2030-03-04',
        priority: 'high',
      },
    ]);
    expect(onDone).toHaveBeenCalled();
  });

  it('a queue is sent as a queue; a refusal says "Failed to create task" and marks the field', async () => {
    server.use(
      http.post('*/api/tasks', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are not valid.',
              details: [{ path: 'title', code: 'too_long', message: 'too_long' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const onDone = setup();
    change('Title', 'x');
    change('Assigned to', 'queue:specialist');
    fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
    expect((await screen.findAllByText('Failed to create task')).length).toBeGreaterThan(0);
    await waitFor(() => expect(field('Title').getAttribute('aria-invalid')).toBe('true'));
    expect(bodies[0]).toMatchObject({ assignee: { kind: 'queue', role: 'specialist' } });
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('editing a task', () => {
  it('sends the version read; a 409 says someone else changed it and "Failed to update task"', async () => {
    server.use(
      http.patch('*/api/tasks/t-1', () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: 'Changed by someone else.' } },
          { status: 409 },
        ),
      ),
    );
    const onDone = setup(TASK);
    await screen.findByRole('option', { name: 'Dra. Sofía' });
    change('Title', 'Revisar analítica completa');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this task/)).toBeTruthy();
    expect(screen.getByText('Failed to update task')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ version: 4, title: 'Revisar analítica completa' });
    expect(onDone).not.toHaveBeenCalled();
  });
});
