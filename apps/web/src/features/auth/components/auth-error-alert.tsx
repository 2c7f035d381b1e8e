import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { authErrorKey } from '../api/auth-error';

/** A sign-in/sign-up failure, translated by its better-auth code when we know it. */
export function AuthErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('auth');
  if (!error) return null;
  const key = authErrorKey(error);
  const message = key
    ? t(`errors.${key}`)
    : error instanceof Error
      ? error.message
      : t('errors.generic');
  return <Alert tone="error">{message}</Alert>;
}
