import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContext, logger } from '../../lib/logger';
import { Button } from '../ui/button';

/** SPEC §2: the top-level render-failure screen. Works even if translations are missing. */
export function RenderFailure({ error }: { error: Error | null }) {
  const { t } = useTranslation('errors');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <h1 className="text-xl font-semibold text-slate-900">
          {t('render.title', { defaultValue: 'Something went wrong' })}
        </h1>
        <p className="mt-3 text-sm break-words text-slate-600">
          {error?.message ||
            t('render.fallbackMessage', { defaultValue: 'An unexpected error occurred' })}
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('render.reload', { defaultValue: 'Reload page' })}
        </Button>
      </div>
    </main>
  );
}

type State = { error: Error | null; failed: boolean };

/** The React error boundary around the whole router: logs the error, its stack and component stack. */
export class RenderFailureBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : null, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.error('Render failure', {
      ...errorContext(error),
      componentStack: info.componentStack ?? undefined,
      source: 'error-boundary',
    });
    logger.flush();
  }

  override render(): ReactNode {
    if (this.state.failed) return <RenderFailure error={this.state.error} />;
    return this.props.children;
  }
}
