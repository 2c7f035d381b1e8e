// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A module state of its own (toast.test.tsx loads sonner through a toast): counts sonner's loads.
const sonnerLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('sonner', async (importOriginal) => {
  sonnerLoads.count += 1;
  return importOriginal();
});

const { ToastHost } = await import('../components/toast-host');

afterEach(cleanup);

describe('toasts load on the first interaction, not on arrival', () => {
  it('a pointer press loads sonner before any toast, so an error toast needs no later download', async () => {
    render(<ToastHost />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(sonnerLoads.count).toBe(0);
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(sonnerLoads.count).toBe(1));
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(sonnerLoads.count).toBe(1);
  });
});
