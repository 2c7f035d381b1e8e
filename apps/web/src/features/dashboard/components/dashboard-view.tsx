import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../../../components/ui/page-header';
import { groupedCards, type DashboardCard } from '../../../config/dashboard-cards';
import type { Viewer } from '../../../lib/authorization';
import { CARD_ICONS } from './card-icons';
import { DashboardWidgets } from './dashboard-widgets';

function SectionCard({ card }: { card: DashboardCard }) {
  const { t } = useTranslation('dashboard');
  const Icon = CARD_ICONS[card.id];
  return (
    <li>
      <Link
        to={card.path}
        data-card={card.id}
        onClick={() => toast.info(t(`cards.${card.id}.opening`), { id: 'dashboard-card' })}
        className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-teal-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        <span className="rounded-lg bg-teal-50 p-2.5 text-teal-700">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-slate-900">{t(`cards.${card.id}.title`)}</span>
          <span className="mt-1 block text-sm text-slate-600">
            {t(`cards.${card.id}.description`)}
          </span>
        </span>
        <ChevronRight
          aria-hidden="true"
          className="mt-1 h-4 w-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-teal-700"
        />
      </Link>
    </li>
  );
}

/** The dashboard (SPEC §2): the sections the viewer may open, grouped and by priority. */
export function DashboardView({ viewer, name }: { viewer: Viewer; name: string }) {
  const { t } = useTranslation('dashboard');
  const groups = groupedCards(viewer);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('title')} description={t('intro')} />
      <p className="-mt-3 mb-8 text-lg text-slate-800">{t('welcome', { name })}</p>
      <DashboardWidgets />
      <div className="flex flex-col gap-10">
        {groups.map(({ group, cards }) => (
          <section key={group} aria-labelledby={`dashboard-group-${group}`}>
            <h2
              id={`dashboard-group-${group}`}
              className="mb-3 text-sm font-semibold tracking-wider text-slate-500 uppercase"
            >
              {t(`groups.${group}`)}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {cards.map((card) => (
                <SectionCard key={card.id} card={card} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      {viewer.role === 'user' ? (
        <p className="mt-10 text-sm text-slate-600">{t('moreInMenu')}</p>
      ) : null}
    </div>
  );
}
