// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Counts the real loads of sonner: the factory runs when something first imports the module.
const sonnerLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('sonner', async (importOriginal) => {
  sonnerLoads.count += 1;
  return importOriginal();
});

const { toast } = await import('./toast');
const { ToastHost } = await import('../components/toast-host');

const shown = () =>
  [...document.querySelectorAll('[data-sonner-toast]')].map(
    (el) => el.querySelector('[data-title]')?.textContent,
  );

afterEach(cleanup);

describe('toast facade (sonner on the first toast)', () => {
  it('does not load sonner before the first toast, then shows the queued toasts in order', async () => {
    render(<ToastHost />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(sonnerLoads.count).toBe(0);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    // All three are made before sonner has arrived: they wait in the queue.
    act(() => {
      toast.success('First');
      toast.error('Second', { description: 'Second details' });
      toast.info('Third');
    });
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();

    expect(await screen.findByText('Third')).toBeTruthy();
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(sonnerLoads.count).toBe(1);
    // sonner lists the newest first: the same order as three direct calls would give.
    expect(shown()).toEqual(['Third', 'Second', 'First']);
    expect(screen.getByText('Second details')).toBeTruthy();
    expect(document.querySelector('[data-sonner-toast][data-type="error"]')?.textContent).toContain(
      'Second',
    );
    // The app's settings (SPEC §9): top right, rich colours, close button.
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    expect(toaster?.getAttribute('data-x-position')).toBe('right');
    expect(document.querySelector('[data-rich-colors="true"]')).not.toBeNull();
    expect(document.querySelector('[data-close-button]')).not.toBeNull();
  });

  it('sends later toasts straight to sonner, and one id replaces the toast with it', async () => {
    render(<ToastHost />);
    act(() => toast.warning('Careful'));
    expect(await screen.findByText('Careful')).toBeTruthy();
    act(() => {
      toast.info('Opening A', { id: 'nav' });
      toast.info('Opening B', { id: 'nav' });
    });
    expect(await screen.findByText('Opening B')).toBeTruthy();
    expect(screen.queryByText('Opening A')).toBeNull();
    expect(sonnerLoads.count).toBe(1);
  });

  it('queues again while no host is mounted and shows the toast once one is', async () => {
    act(() => toast.message('While away'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('While away')).toBeNull();
    render(<ToastHost />);
    expect(await screen.findByText('While away')).toBeTruthy();
  });
});
