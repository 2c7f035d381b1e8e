import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { SIGNED_IN_COOKIE, takeCookie } from '../../../site/handoff';

/**
 * "Successfully signed in!" once, on the first screen after the sign-in page (a site page, left by
 * a full navigation: docs/decisions/0012), which leaves a one-minute cookie for it.
 */
export function useSignedInToast(): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (takeCookie(SIGNED_IN_COOKIE)) toast.success(t('toasts.signedIn'));
    // once per page load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
