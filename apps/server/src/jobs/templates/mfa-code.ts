/**
 * A sign-in (or a step-up to aal2) waits for the code second factor: the code, by e-mail, or by
 * SMS to the account's verified phone (ADR 0041). It works once, for a few minutes, and only
 * together with the password step it follows (ADR 0025).
 */
import type { MessageTemplate } from './template-types';

export interface MfaCodeParams {
  clinic: string;
  /** The six-digit code. */
  code: string;
  /** How long it works, in minutes. */
  minutes: number;
}

export const mfaCode: MessageTemplate<MfaCodeParams> = {
  channels: ['email', 'sms'],
  clinic: (p) => p.clinic,
  render(language, channel, { clinic, code, minutes }) {
    if (channel === 'sms')
      return language === 'es'
        ? {
            text:
              `${clinic}: su código de verificación es ${code}. Caduca en ${minutes} min. ` +
              'Si no está iniciando sesión, cambie su contraseña.',
          }
        : {
            text:
              `${clinic}: your verification code is ${code}. It expires in ${minutes} min. ` +
              'If you are not signing in, change your password.',
          };
    return language === 'es'
      ? {
          subject: 'su código de verificación',
          text:
            `Su código de verificación de ${clinic} es: ${code}\n\n` +
            `Funciona una sola vez, durante ${minutes} minutos. ` +
            'Si no está iniciando sesión ahora, alguien conoce su contraseña: cámbiela y avise a la clínica.',
        }
      : {
          subject: 'your verification code',
          text:
            `Your ${clinic} verification code is: ${code}\n\n` +
            `It works once, for ${minutes} minutes. ` +
            'If you are not signing in right now, someone knows your password: change it and tell the clinic.',
        };
  },
};
