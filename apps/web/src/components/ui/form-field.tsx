/**
 * The one field wrapper of every form: label (with a required mark), the control, a hint and the
 * error. The control gets its `id`, `aria-invalid`, `aria-describedby` (error, then hint) and
 * `aria-required` from the render function, so no form wires them by hand:
 *
 *   <FormField id="email" label={t('fields.email')} error={message('email')} hint={t('hint')}>
 *     {(control) => <Input type="email" {...control} {...form.register('email')} />}
 *   </FormField>
 *
 * Errors are the shared schemas' message keys (`@painlab/shared/form-messages`), translated with
 * `useFieldMessage`.
 */
import { formMessageKey } from '@painlab/shared/form-messages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { Label } from './label';

export type FieldControlProps = {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
};

type FormFieldProps = {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
};

export function FormField({
  id,
  label,
  required,
  error,
  hint,
  className,
  children,
}: FormFieldProps) {
  const { t } = useTranslation();
  const described =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  const control: FieldControlProps = {
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(described ? { 'aria-describedby': described } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <>
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
            <span className="sr-only"> ({t('form.required')})</span>
          </>
        ) : null}
      </Label>
      {typeof children === 'function' ? children(control) : children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** @deprecated for forms not yet on the render function: the `aria-describedby` of a control. */
export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

/**
 * Translates a shared schema message key (`'required'`, `'invalid_email'`, …) in the UI language;
 * unknown messages read as "This value is not valid".
 */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined, values?: Record<string, unknown>): string | undefined => {
    const key = formMessageKey(message);
    return key ? t(`validation.${key}`, values) : undefined;
  };
}
