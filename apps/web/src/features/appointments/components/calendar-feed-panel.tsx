/**
 * A private calendar subscription (ADR 0028): make a secret URL to paste into a calendar app (shown
 * once), make a new one (the old stops working) or revoke it. Staff see their own agenda in it; a
 * patient their own appointments.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed';

export function CalendarFeedPanel({ audience }: { audience: 'staff' | 'patient' }) {
  const { t, i18n } = useTranslation('appointments');
  const lang = i18n.resolvedLanguage ?? 'en';
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setError(null);
        setUrl(made.url);
        toast.success(t('feed.made'));
      },
      onError: () => setError(t('errors.saveFailed')),
    });

  return (
    <section
      aria-labelledby="calendar-feed-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="calendar-feed-title" className="text-lg font-semibold text-slate-900">
        {t('feed.title')}
      </h2>
      <p className="max-w-2xl text-sm text-slate-600">{t(`feed.description.${audience}`)}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {feed.isPending ? <Spinner /> : null}
      {feed.isError ? <Alert tone="error">{t('feed.loadFailed')}</Alert> : null}
      {url ? (
        <div className="flex flex-col gap-2">
          <FormField id="calendar-feed-url" label={t('feed.url')} hint={t('feed.urlHint')}>
            {(control) => (
              <Input {...control} readOnly value={url} onFocus={(e) => e.target.select()} />
            )}
          </FormField>
          <div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => toast.success(t('feed.copied')))
                  .catch(() => undefined)
              }
            >
              {t('feed.copy')}
            </Button>
          </div>
        </div>
      ) : null}
      {feed.data?.active ? (
        <p className="text-sm text-slate-700" data-testid="feed-state">
          {feed.data.lastReadAt
            ? t('feed.activeRead', {
                made: when(feed.data.createdAt!),
                read: when(feed.data.lastReadAt),
              })
            : t('feed.active', { made: when(feed.data.createdAt!) })}
        </p>
      ) : feed.data ? (
        <p className="text-sm text-slate-700" data-testid="feed-state">
          {t('feed.none')}
        </p>
      ) : null}
      {feed.data ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" disabled={create.isPending} onClick={make}>
            {feed.data.active ? t('feed.renew') : t('feed.make')}
          </Button>
          {feed.data.active ? (
            <Button
              type="button"
              variant="dangerGhost"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setUrl(null);
                    setError(null);
                    toast.success(t('feed.revoked'));
                  },
                  onError: () => setError(t('errors.saveFailed')),
                })
              }
            >
              {t('feed.revoke')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {feed.data?.active ? <p className="text-xs text-slate-600">{t('feed.renewHint')}</p> : null}
    </section>
  );
}
