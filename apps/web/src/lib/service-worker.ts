/**
 * SPEC §7: the service worker `/sw.js` is registered on `load`; failures are ignored. It precaches
 * only the built static assets (see vite.config.ts); it never caches `/api`.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  // The app starts after translations load, possibly after `load` already fired.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
