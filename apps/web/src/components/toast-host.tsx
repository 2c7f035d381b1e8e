import { useEffect, useSyncExternalStore } from 'react';
import {
  attachToaster,
  loadedSonner,
  loadOnFirstInteraction,
  subscribeToSonner,
} from '../lib/toast';

/**
 * sonner's Toaster, rendered only once the first toast has loaded sonner (lib/toast.ts), with the
 * app's settings (SPEC §9: top right, 4 s, at most 3 visible). The Toaster subscribes to sonner's
 * store in its own effect; this component's effect runs after it (child effects first) and only then
 * hands sonner over to the facade, which shows the queued toasts.
 */
export function ToastHost() {
  const sonner = useSyncExternalStore(subscribeToSonner, loadedSonner, () => null);
  useEffect(() => loadOnFirstInteraction(), []);
  useEffect(() => (sonner ? attachToaster(sonner.toast) : undefined), [sonner]);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return <Toaster position="top-right" duration={4000} visibleToasts={3} richColors closeButton />;
}
