/**
 * Sign-in without the password (ADR 0040): a six-digit code, or a link, sent to the account's
 * address when someone asks for it at /login. Each works once and for a few minutes; neither signs
 * in an account that uses two-step verification.
 */
import type { MessageTemplate } from './template-types';

export interface SignInCodeParams {
  clinic: string;
  /** The six-digit code. */
  code: string;
  /** How long it works, in minutes. */
  minutes: number;
}

export interface SignInLinkParams {
  clinic: string;
  /** The sign-in page with the single-use token (`/login?link=…`). */
  url: string;
  /** How long the link works, in minutes. */
  minutes: number;
}

export const signInCode: MessageTemplate<SignInCodeParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, code, minutes }) {
    return language === 'es'
      ? {
          subject: 'su código para iniciar sesión',
          text:
            `Su código para iniciar sesión en ${clinic} es: ${code}\n\n` +
            `Escríbalo en la página de inicio de sesión. Funciona una sola vez, durante ${minutes} minutos. ` +
            'No lo comparta con nadie: la clínica nunca se lo pedirá. ' +
            'Si no lo ha pedido usted, ignore este mensaje.',
        }
      : {
          subject: 'your sign-in code',
          text:
            `Your code to sign in to ${clinic} is: ${code}\n\n` +
            `Type it on the sign-in page. It works once, for ${minutes} minutes. ` +
            'Do not share it with anyone: the clinic will never ask you for it. ' +
            'If you did not ask for it, ignore this message.',
        };
  },
};

export const signInLink: MessageTemplate<SignInLinkParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, url, minutes }) {
    return language === 'es'
      ? {
          subject: 'su enlace para iniciar sesión',
          text:
            `Abra este enlace para iniciar sesión en ${clinic} (funciona una sola vez, durante ${minutes} minutos):\n` +
            `${url}\n\n` +
            'No lo reenvíe: quien lo abra entra en su cuenta. ' +
            'Si no lo ha pedido usted, ignore este mensaje.',
        }
      : {
          subject: 'your sign-in link',
          text:
            `Open this link to sign in to ${clinic} (it works once, for ${minutes} minutes):\n` +
            `${url}\n\n` +
            'Do not forward it: whoever opens it enters your account. ' +
            'If you did not ask for it, ignore this message.',
        };
  },
};
