import { MATRIX, RESOURCES, ROLES } from '@painlab/shared/permissions';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';

/** SPEC §6 as the server enforces it, read from the same matrix (`@painlab/shared/permissions`). */
export function PermissionMatrix() {
  const { t } = useTranslation('users');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('matrix.title')}</CardTitle>
        <CardDescription>{t('matrix.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* scrolls sideways on a phone: focusable, so a keyboard can scroll it too */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('matrix.title')}>
          <table
            className="w-full min-w-[36rem] border-collapse text-sm"
            data-testid="permission-matrix"
          >
            <caption className="sr-only">{t('matrix.title')}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('matrix.resource')}
                </th>
                {ROLES.map((role) => (
                  <th key={role} scope="col" className="py-2 pr-4 font-medium">
                    {t(`roles.${role}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {RESOURCES.map((resource) => (
                <tr key={resource} className="border-t border-slate-100">
                  <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-900">
                    {t(`matrix.resources.${resource}`)}
                  </th>
                  {ROLES.map((role) => {
                    const actions = MATRIX[role][resource] ?? [];
                    return (
                      <td key={role} className="py-2 pr-4 text-slate-700">
                        {actions.length
                          ? actions.map((a) => t(`matrix.actions.${a}`)).join(', ')
                          : t('matrix.none')}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
