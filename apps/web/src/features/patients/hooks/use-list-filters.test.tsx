// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListFilters } from './use-list-filters';

function Probe() {
  const { filters, searchText, onSearchChange, clearAll } = useListFilters();
  return (
    <div>
      <input
        aria-label="search"
        value={searchText}
        onChange={(e) => onSearchChange(e.target.value)}
      />
      <output data-testid="q">{filters.q}</output>
      <button type="button" onClick={clearAll}>
        clear
      </button>
    </div>
  );
}

function setup(initial = '/patients') {
  const router = createMemoryRouter([{ path: '/patients', element: <Probe /> }], {
    initialEntries: [initial],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const input = () => screen.getByLabelText<HTMLInputElement>('search');
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const settle = async (ms = SEARCH_DEBOUNCE_MS) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('list filters in the URL, with a debounced search box', () => {
  it('waits for a pause in typing before the search reaches the URL (and the query key)', async () => {
    const router = setup();
    type('a');
    await settle(100);
    type('an');
    await settle(100);
    type('ana');
    await settle(SEARCH_DEBOUNCE_MS - 10);
    expect(screen.getByTestId('q').textContent).toBe('');
    await settle(20);
    expect(screen.getByTestId('q').textContent).toBe('ana');
    expect(router.state.location.search).toBe('?q=ana');
  });

  it('never takes back what was typed while its earlier text was reaching the URL', async () => {
    setup();
    type('Ana ');
    await settle();
    // The URL holds "Ana" (trimmed); the box keeps the space to go on typing.
    expect(screen.getByTestId('q').textContent).toBe('Ana');
    expect(input().value).toBe('Ana ');
    type('Ana M');
    await settle();
    expect(input().value).toBe('Ana M');
    expect(screen.getByTestId('q').textContent).toBe('Ana M');
  });

  it('shows the text of the URL when it changes by other means (back, forward, links)', async () => {
    const router = setup('/patients?q=first');
    expect(input().value).toBe('first');
    type('second');
    await settle();
    await act(async () => {
      await router.navigate('/patients?q=third');
    });
    expect(input().value).toBe('third');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(input().value).toBe('second');
  });

  it('clears the text and the filters at once', async () => {
    const router = setup('/patients?q=ana&priority=high&sort=-name');
    fireEvent.click(screen.getByText('clear'));
    await settle(0);
    expect(input().value).toBe('');
    expect(router.state.location.search).toBe('?sort=-name');
  });
});
