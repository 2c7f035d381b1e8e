import { Mail, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ChoiceToggle } from '../../../components/ui/choice-toggle';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { PhoneResetForm } from '../../../features/auth/components/phone-reset-form';
import { RouteGuard } from '../../../features/auth/components/route-guard';
import { usePublicConfig } from '../../../lib/public-config';

/**
 * /forgot-password: ask for a link to choose a new password (linked from the sign-in page), or for
 * a code by SMS (ADR 0043).
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { emailDelivery } = usePublicConfig();
  const [method, setMethod] = useState<'email' | 'sms'>('email');
  const [codeStep, setCodeStep] = useState(false);
  return (
    <RouteGuard access={{ kind: 'guest' }}>
      <AuthLayout
        title={t('forgot.title')}
        subtitle={
          method === 'email'
            ? t('forgot.subtitle')
            : codeStep
              ? t('reset.subtitle')
              : t('forgot.sms.subtitle')
        }
        footer={
          <a href="/login" className="font-medium text-teal-800 hover:underline">
            {t('forgot.backToLogin')}
          </a>
        }
      >
        <div className="flex flex-col gap-6">
          {codeStep ? null : (
            <ChoiceToggle
              legend={t('forgot.method.legend')}
              name="forgot-method"
              value={method}
              options={[
                { value: 'email', label: t('forgot.method.email'), icon: Mail },
                { value: 'sms', label: t('forgot.method.sms'), icon: MessageSquare },
              ]}
              onChange={setMethod}
              wide
            />
          )}
          {method === 'email' ? (
            <ForgotPasswordForm emailDelivery={emailDelivery} />
          ) : (
            <PhoneResetForm onCodeStep={setCodeStep} />
          )}
        </div>
      </AuthLayout>
    </RouteGuard>
  );
}
