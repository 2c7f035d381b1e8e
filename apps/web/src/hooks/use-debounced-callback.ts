import { useCallback, useEffect, useRef } from 'react';

/**
 * `callback`, called only once `delay` ms have passed without another call (the last arguments
 * win). Pending calls are dropped on unmount.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delay: number,
) {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const debounced = useCallback(
    (...args: Args) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(...args), delay);
    },
    [delay],
  );
  const cancel = useCallback(() => window.clearTimeout(timer.current), []);
  return { debounced, cancel };
}
