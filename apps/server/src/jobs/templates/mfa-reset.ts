/**
 * An administrator removed the user's second factors (/admin/roles): the user is told, signed out
 * everywhere, and asked to set two-step verification up again. A message the user did not expect
 * is how they learn that someone reset their account.
 */
import type { MessageTemplate } from './template-types';

export interface MfaResetParams {
  clinic: string;
  /** Where to sign in and set up a factor again (`/settings`). */
  url: string;
}

export const mfaReset: MessageTemplate<MfaResetParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, url }) {
    return language === 'es'
      ? {
          subject: 'se ha restablecido su verificación en dos pasos',
          text:
            `Un administrador de ${clinic} ha quitado la verificación en dos pasos de su cuenta ` +
            '(aplicación de autenticación, códigos por correo y códigos de recuperación) ' +
            'y se han cerrado todas sus sesiones.\n\n' +
            `Inicie sesión con su contraseña y vuelva a activarla en Ajustes:\n${url}\n\n` +
            'Si no lo ha pedido usted, avise a la clínica cuanto antes.',
        }
      : {
          subject: 'your two-step verification was reset',
          text:
            `An administrator of ${clinic} removed two-step verification from your account ` +
            '(authenticator app, e-mail codes and recovery codes) and signed you out everywhere.\n\n' +
            `Sign in with your password and set it up again in Settings:\n${url}\n\n` +
            'If you did not ask for this, tell the clinic as soon as possible.',
        };
  },
};
