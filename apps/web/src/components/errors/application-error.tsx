import { useQueryClient } from '@tanstack/react-query';
import {
  TriangleExclamationPoint,
  CircleCheck,
  House,
  LogOut,
  RefreshCw,
  RotateCcw,
  WifiOff,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError, NetworkError } from '../../lib/api-client';
import { errorContext, logger } from '../../lib/logger';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useConnectionCheck, type ConnectionState } from './use-connection-check';

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

function describe(error: unknown): { summary: string; details: string } {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : JSON.stringify(error.data ?? null);
    return { summary: `${error.status} ${error.statusText}`, details: data };
  }
  if (error instanceof Error) {
    return { summary: `${error.name}: ${error.message}`, details: error.stack ?? '' };
  }
  return { summary: String(error), details: '' };
}

function ConnectionStatus({ state }: { state: ConnectionState }) {
  const { t } = useTranslation('errors');
  if (state === 'checking') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner size="sm" />
        {t('app.connection.checking')}
      </p>
    );
  }
  if (state === 'ok') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-emerald-800">
        <CircleCheck aria-hidden="true" className="h-4 w-4" />
        {t('app.connection.ok')}
      </p>
    );
  }
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-amber-900">
      <WifiOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {t('app.connection.error')}
    </p>
  );
}

export type ApplicationErrorProps = {
  error: unknown;
  /** Signs the user out; resolves when done, rejects on failure. */
  onLogOut: () => Promise<void>;
};

/** SPEC §2/§8: the application-error screen (the router's error element). */
export function ApplicationError({ error, onLogOut }: ApplicationErrorProps) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { state: connection } = useConnectionCheck();
  const [showDetails, setShowDetails] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const detailsId = useId();
  const { summary, details } = describe(error);
  const isChunkError = error instanceof Error && CHUNK_ERROR.test(error.message);
  const isDataError = error instanceof ApiError || error instanceof NetworkError;

  useEffect(() => {
    logger.error('Application error', { ...errorContext(error), source: 'route-error' });
  }, [error]);

  const refresh = () => {
    toast.info(t('app.refreshing'));
    window.setTimeout(() => window.location.reload(), 600);
  };

  const tryAgain = () => {
    // Failed queries start over; navigating to the same place re-renders the routes.
    void queryClient.resetQueries({ predicate: (q) => q.state.status === 'error' });
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state },
    );
  };

  const logOut = async () => {
    setLoggingOut(true);
    try {
      await onLogOut();
      toast.success(t('app.loggedOut'));
    } catch (cause) {
      logger.error('Log out from the error screen failed', errorContext(cause));
      toast.error(t('app.logOutFailed'));
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-start gap-4">
          <span className="rounded-full bg-red-50 p-2 text-red-700">
            <TriangleExclamationPoint aria-hidden="true" className="h-6 w-6" />
          </span>
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{t('app.title')}</h1>
            <p className="mt-1 text-slate-600">{t('app.subtitle')}</p>
            {isChunkError ? <p className="mt-2 text-sm text-slate-600">{t('app.chunk')}</p> : null}
            {isDataError ? (
              <p className="mt-2 text-sm text-slate-600">{t('app.loadData')}</p>
            ) : null}
          </div>
        </div>

        <div className="mt-6 rounded-md border border-slate-200 bg-slate-50 px-4 py-3">
          <ConnectionStatus state={connection} />
        </div>

        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={refresh}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            {t('app.refresh')}
          </Button>
          <Button variant="secondary" onClick={tryAgain}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {t('app.tryAgain')}
          </Button>
          <Button variant="secondary" onClick={() => void navigate('/')}>
            <House aria-hidden="true" className="h-4 w-4" />
            {t('app.goHome')}
          </Button>
          <Button variant="ghost" onClick={() => void logOut()} disabled={loggingOut}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {t('app.logOut')}
          </Button>
        </div>

        <div className="mt-6 border-t border-slate-200 pt-4">
          <Button
            variant="link"
            size="sm"
            aria-expanded={showDetails}
            aria-controls={detailsId}
            onClick={() => setShowDetails((v) => !v)}
          >
            {showDetails ? t('app.hideDetails') : t('app.showDetails')}
          </Button>
          <div id={detailsId} hidden={!showDetails}>
            <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-slate-900 p-4 text-xs whitespace-pre-wrap text-slate-100">
              {summary}
              {details ? `\n\n${details}` : ''}
            </pre>
          </div>
        </div>
      </div>
    </main>
  );
}
