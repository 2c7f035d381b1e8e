import { ArrowRight, ClipboardCheck, HeartHandshake, Lock, Stethoscope } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { RouteId } from '../../../config/routes';

const SERVICES = [
  'chronicPainTherapy',
  'stressWorkshops',
  'workshop',
  'painFree',
] as const satisfies readonly RouteId[];
const APPROACH = [
  { id: 'assessment', icon: ClipboardCheck },
  { id: 'plan', icon: Stethoscope },
  { id: 'team', icon: HeartHandshake },
  { id: 'privacy', icon: Lock },
] as const;

function Hero({ clinicName }: { clinicName: string }) {
  const { t } = useTranslation('public');
  return (
    <section className="bg-gradient-to-b from-teal-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-16 md:px-6 md:py-24">
        <p className="text-sm font-semibold tracking-wider text-teal-700 uppercase">
          {t('hero.eyebrow')}
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-slate-900 md:text-5xl">
          {t('hero.title')}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-700">{t('hero.lead', { clinicName })}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href="#servicios" className={buttonClasses('primary', 'lg')}>
            {t('hero.primary')}
          </a>
          <Link to={paths.login.href()} className={buttonClasses('secondary', 'lg')}>
            {t('hero.secondary')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function Services() {
  const { t } = useTranslation('public');
  const { t: tNav } = useTranslation('nav');
  return (
    <section
      id="servicios"
      aria-labelledby="servicios-title"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 md:px-6"
    >
      <h2 id="servicios-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {t('services.title')}
      </h2>
      <p className="mt-2 text-slate-600">{t('services.lead')}</p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2">
        {SERVICES.map((id) => (
          <li
            key={id}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h3 className="text-lg font-semibold text-slate-900">{tNav(`routes.${id}`)}</h3>
            <p className="mt-2 flex-1 text-sm text-slate-600">{t(`services.items.${id}`)}</p>
            <Link
              to={paths[id].href()}
              className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              {t('services.more')}
              <span className="sr-only">: {tNav(`routes.${id}`)}</span>
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Approach() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="approach-title" className="border-y border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 md:px-6">
        <h2 id="approach-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {t('approach.title')}
        </h2>
        <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {APPROACH.map(({ id, icon: Icon }) => (
            <li key={id}>
              <Icon aria-hidden="true" className="h-6 w-6 text-teal-700" />
              <h3 className="mt-3 font-semibold text-slate-900">
                {t(`approach.items.${id}.title`)}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{t(`approach.items.${id}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Contact() {
  const { t } = useTranslation('public');
  return (
    <section
      id="contacto"
      aria-labelledby="contacto-title"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 md:px-6"
    >
      <h2 id="contacto-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {t('contact.title')}
      </h2>
      <p className="mt-3 max-w-2xl text-slate-700">{t('contact.body')}</p>
      <Link to={paths.contact.href()} className={buttonClasses('secondary', 'md', 'mt-6')}>
        {t('contact.link')}
      </Link>
    </section>
  );
}

/** The public landing page (SPEC §2 "/"): who the practice is and what it offers. */
export function LandingPage({ clinicName }: { clinicName: string }) {
  return (
    <>
      <Hero clinicName={clinicName} />
      <Services />
      <Approach />
      <Contact />
    </>
  );
}
