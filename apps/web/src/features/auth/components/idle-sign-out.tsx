/**
 * Automatic sign-out of an idle user (HIPAA §164.312(a)(2)(iii), ASVS 7.3.1). The last keyboard,
 * pointer, wheel or touch input of any tab of the app is kept in localStorage; one minute before
 * `idleMinutes` (the server's own limit, from /api/me) have passed without one, a dialog asks
 * "Stay signed in" / "Sign out"; at the limit this session is signed out (not the user's other
 * devices) and the sign-in page says why, with a way back to the page the user was on.
 *
 * The server refuses a session not used for `idleMinutes` on its own (http/session.ts). The time
 * it will do so is `session.expiresInMs` counted from when /api/me answered, free of the browser's
 * clock. When that comes first while the user is still active (typing a long note, no requests),
 * /api/me is asked again a minute before, which pushes the server's expiry; only if it stays, the
 * dialog shows. Requests never count as activity: a page polling the server does not keep an idle
 * user signed in.
 */
import { IDLE_WARNING_SECONDS, LAST_ACTIVITY_KEY } from '@painlab/shared/session-limits';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { clearStoredAuthKeys } from '../../../lib/auth-storage';
import { errorContext, logger } from '../../../lib/logger';
import { VIEWER_QUERY_KEY } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import { leaveLoginNotice, loginHref } from '../../../site/handoff';
import { useViewer } from '../api/get-viewer';
import { useSignOut } from '../hooks/use-sign-out';

const WARNING_MS = IDLE_WARNING_SECONDS * 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Inputs closer together than this are one (pointermove fires at the screen's rate). */
const ACTIVITY_GRAIN_MS = 1000;
/** At most one early /api/me per this long, when the server's expiry comes before the idle limit. */
const REFRESH_GAP_MS = 15_000;

/** Loading the app is input; the shell mounting again later (a guard's loading state) is not. */
let loadCounted = false;

function storedActivity(): number {
  try {
    return Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function storeActivity(at: number): void {
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // storage unavailable: this tab keeps its own time
  }
}

function mmss(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function IdleSignOut() {
  const { t } = useTranslation(['auth', 'common']);
  const { me, receivedAt } = useViewer();
  const queryClient = useQueryClient();
  const { signOut, isPending } = useSignOut();
  /** Time left while the warning shows; null while it does not. */
  const [left, setLeft] = useState<number | null>(null);
  const lastActivity = useRef(0);
  const lastRefresh = useRef(0);
  const ending = useRef(false);
  const warning = left !== null;
  const warningRef = useRef(false);
  warningRef.current = warning;

  const idleMinutes = me?.session.idleMinutes ?? 0;
  const serverDeadline = me ? receivedAt + me.session.expiresInMs : Infinity;
  /**
   * The server's expiry as last heard, read from the query cache on every tick: the render that
   * would bring a new answer's expiry into this component can come after the next tick (a woken
   * laptop, a slow machine), and that tick would sign out on the old expiry.
   */
  const latestServerDeadline = useCallback(() => {
    const state = queryClient.getQueryState<typeof me>(VIEWER_QUERY_KEY);
    const data = state?.data;
    return data ? state.dataUpdatedAt + data.session.expiresInMs : serverDeadline;
  }, [queryClient, serverDeadline]);

  const markActivity = useCallback((at = Date.now()) => {
    lastActivity.current = at;
    storeActivity(at);
  }, []);

  // the user's input; not while the warning asks for an answer
  const signedIn = !!me;
  useEffect(() => {
    if (!signedIn) return;
    if (!loadCounted) {
      loadCounted = true;
      markActivity();
    } else lastActivity.current = storedActivity();
    const onInput = () => {
      if (warningRef.current) return;
      const now = Date.now();
      if (now - lastActivity.current >= ACTIVITY_GRAIN_MS) markActivity(now);
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onInput, { capture: true, passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS)
        window.removeEventListener(name, onInput, { capture: true });
    };
  }, [signedIn, markActivity]);

  const end = useCallback(async () => {
    if (ending.current) return;
    ending.current = true;
    try {
      const { signOutHere } = await import('../api/sign-out');
      await signOutHere();
    } catch (error) {
      // the server may have ended it already; the page is left either way
      logger.warn('Idle sign-out failed', { ...errorContext(error), source: 'idle' });
    }
    await queryClient.cancelQueries();
    queryClient.clear();
    clearStoredAuthKeys();
    leaveLoginNotice('idleSignedOut');
    const { pathname, search, hash } = window.location;
    // a full load: nothing of this session stays in memory
    window.location.replace(loginHref(`${pathname}${search}${hash}`));
  }, [queryClient]);

  useEffect(() => {
    if (!signedIn || idleMinutes <= 0) return;
    const idleMs = idleMinutes * 60_000;
    const tick = () => {
      const now = Date.now();
      const serverDeadline = latestServerDeadline();
      const active = Math.max(lastActivity.current, storedActivity());
      const idleDeadline = active + idleMs;
      const deadline = Math.min(idleDeadline, serverDeadline);
      if (now >= deadline) {
        // the server's expiry, while its new one is on the way: wait for it
        const asking = queryClient.isFetching({ queryKey: VIEWER_QUERY_KEY }) > 0;
        if (deadline < idleDeadline && asking) return;
        void end();
      } else if (now >= idleDeadline - WARNING_MS) {
        setLeft(deadline - now);
      } else if (now >= serverDeadline - WARNING_MS) {
        // active, but the server's expiry is near: asking again pushes it
        if (now - lastRefresh.current >= REFRESH_GAP_MS) {
          lastRefresh.current = now;
          setLeft(null);
          void queryClient.refetchQueries({ queryKey: VIEWER_QUERY_KEY });
        } else setLeft(deadline - now);
      } else setLeft(null);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    // another tab's input closes the warning here at once
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) tick();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [signedIn, idleMinutes, latestServerDeadline, end, queryClient]);

  const stay = () => {
    markActivity();
    lastRefresh.current = Date.now();
    setLeft(null);
    // a request: the server's idle expiry moves too
    void queryClient.refetchQueries({ queryKey: VIEWER_QUERY_KEY });
  };

  const leave = () => {
    signOut().catch((error: unknown) => {
      logger.error('Sign-out failed', { ...errorContext(error), source: 'idle-dialog' });
      toast.error(t('common:toasts.signOutFailed'));
    });
  };

  if (!me) return null;
  return (
    <ConfirmDialog
      open={warning}
      alert
      title={t('idle.title')}
      confirmLabel={t('idle.stay')}
      cancelLabel={t('idle.signOut')}
      pending={isPending}
      onConfirm={stay}
      onCancel={leave}
    >
      <p>{t('idle.body', { minutes: idleMinutes })}</p>
      <p role="timer" className="mt-3 font-medium tabular-nums text-slate-900">
        {t('idle.countdown', { time: mmss(left ?? WARNING_MS) })}
      </p>
    </ConfirmDialog>
  );
}
