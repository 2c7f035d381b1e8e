import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

/** A public page whose content is not published yet: its title, and plainly said. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation('public');
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 md:px-6">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{t('comingSoon.body')}</p>
      <Link to="/" className={buttonClasses('secondary', 'md', 'mt-8')}>
        {t('comingSoon.back')}
      </Link>
    </div>
  );
}
