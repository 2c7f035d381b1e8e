/**
 * Toasts without sonner in the first load (issue 8): `toast.success(...)` etc. with sonner's call
 * shapes, but sonner is fetched by a dynamic `import()` on the first toast (or the first pointer or key
 * press, `loadOnFirstInteraction`), never on arrival. Calls made before
 * it is there wait in a queue, in order; `ToastHost` (components/toast-host.tsx) renders sonner's
 * `<Toaster>` once the module has arrived and hands its `toast` back here from an effect — after the
 * Toaster's own effect has subscribed to sonner's store (child effects run first), so nothing
 * published from the queue is lost. Only this file and the host import 'sonner' (eslint.config.js).
 */
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;
type ExternalToast = SonnerModule.ExternalToast;
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';
type Message = string;
type Call = { kind: Kind; message: Message; options?: ExternalToast };

let loading: Promise<void> | null = null;
let loaded: Sonner | null = null;
/** sonner's `toast` once a Toaster is mounted and subscribed; null while calls must wait. */
let attached: Sonner['toast'] | null = null;
const queue: Call[] = [];
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('sonner').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      // A failed chunk load (offline, new deploy): the next toast tries again, and waiting ones
      // are shown as soon as the connection is back.
      loading = null;
      console.warn('Could not load the toasts', error);
      if (queue.length) window.addEventListener('online', load, { once: true });
    },
  );
}

/**
 * Starts loading sonner at the visitor's first pointer or key press (the host calls it once): a
 * toast nearly always follows an action, and this way an error toast does not depend on a download
 * made after the connection has gone. Nothing is loaded on arrival. Returns the clean-up.
 */
export function loadOnFirstInteraction(target: Window = window): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    target.removeEventListener('pointerdown', go, options);
    target.removeEventListener('keydown', go, options);
  };
  function go() {
    stop();
    load();
  }
  target.addEventListener('pointerdown', go, options);
  target.addEventListener('keydown', go, options);
  return stop;
}

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  if (attached) {
    attached[kind](message, options);
    return;
  }
  queue.push({ kind, message, options });
  load();
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
  message: (message: Message, options?: ExternalToast) => show('message', message, options),
};

/** For the host (useSyncExternalStore): told when sonner has loaded. */
export function subscribeToSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The loaded sonner module, or null before the first toast. */
export function loadedSonner(): Sonner | null {
  return loaded;
}

/**
 * Called by the host from an effect once its Toaster has mounted: later toasts go straight to
 * sonner, and the queued ones are shown now, in the order they were made. Returns the detach.
 */
export function attachToaster(sonnerToast: Sonner['toast']): () => void {
  attached = sonnerToast;
  for (const call of queue.splice(0)) sonnerToast[call.kind](call.message, call.options);
  return () => {
    if (attached === sonnerToast) attached = null;
  };
}
