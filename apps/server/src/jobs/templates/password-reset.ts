/**
 * A password reset was asked for: the link to choose a new password. It works once and expires;
 * using it ends every session of the account.
 */
import type { MessageTemplate } from './template-types';

export interface PasswordResetParams {
  clinic: string;
  /** The reset page with the single-use token (`/reset-password?token=…`). */
  url: string;
  /** How long the link works, in minutes. */
  minutes: number;
}

export const passwordReset: MessageTemplate<PasswordResetParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, url, minutes }) {
    return language === 'es'
      ? {
          subject: 'restablecer su contraseña',
          text:
            `Hemos recibido una solicitud para restablecer la contraseña de su cuenta de ${clinic}.\n` +
            `Elija una contraseña nueva aquí (el enlace funciona una sola vez, durante ${minutes} minutos):\n` +
            `${url}\n\n` +
            'Al cambiarla se cerrarán todas las sesiones abiertas de su cuenta. ' +
            'Si no lo ha pedido usted, ignore este mensaje: su contraseña no cambia.',
        }
      : {
          subject: 'reset your password',
          text:
            `We received a request to reset the password of your ${clinic} account.\n` +
            `Choose a new password here (the link works once, for ${minutes} minutes):\n` +
            `${url}\n\n` +
            'Changing it signs your account out everywhere. ' +
            'If you did not ask for this, ignore this message: your password stays as it is.',
        };
  },
};
