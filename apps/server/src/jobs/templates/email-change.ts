/**
 * A change of the sign-in e-mail address (docs/auth.md): the new address gets the link that makes
 * the change (it happens only when the link is opened), and the current address is told that a
 * change was asked for — how a person learns that someone else is taking their account.
 */
import type { MessageTemplate } from './template-types';

export interface EmailChangeVerifyParams {
  clinic: string;
  /** better-auth's verification link (`/api/auth/verify-email?token=…`). */
  url: string;
  /** How long the link works, in minutes. */
  minutes: number;
}

export const emailChangeVerify: MessageTemplate<EmailChangeVerifyParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, url, minutes }) {
    return language === 'es'
      ? {
          subject: 'confirme su nueva dirección de correo',
          text:
            `Se ha pedido usar esta dirección para iniciar sesión en ${clinic}.\n` +
            `Confírmela aquí (el enlace funciona durante ${minutes} minutos):\n${url}\n\n` +
            'Hasta que la confirme, su cuenta sigue usando la dirección anterior. ' +
            'Si no lo ha pedido usted, ignore este mensaje.',
        }
      : {
          subject: 'confirm your new e-mail address',
          text:
            `This address was given to sign in to ${clinic}.\n` +
            `Confirm it here (the link works for ${minutes} minutes):\n${url}\n\n` +
            'Until you confirm it, your account keeps its current address. ' +
            'If you did not ask for this, ignore this message.',
        };
  },
};

export interface EmailChangeNoticeParams {
  clinic: string;
  /** Where to see the account's sessions and change the password (`/settings`). */
  url: string;
}

export const emailChangeNotice: MessageTemplate<EmailChangeNoticeParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, url }) {
    return language === 'es'
      ? {
          subject: 'se ha pedido cambiar su correo de acceso',
          text:
            `Se ha pedido cambiar la dirección de correo con la que inicia sesión en ${clinic}. ` +
            'El cambio solo se hará si se confirma desde la nueva dirección.\n\n' +
            `Si no ha sido usted, cambie su contraseña y cierre las demás sesiones en Ajustes:\n${url}\n` +
            'y avise a la clínica.',
        }
      : {
          subject: 'a change of your sign-in e-mail was asked for',
          text:
            `Someone asked to change the e-mail address you sign in to ${clinic} with. ` +
            'The change happens only if it is confirmed from the new address.\n\n' +
            `If it was not you, change your password and end your other sessions in Settings:\n${url}\n` +
            'and tell the clinic.',
        };
  },
};

/**
 * Confirming the address an account signed up with (docs/auth.md, "Confirming the address"): sent
 * at sign-up and when the user asks again in /settings. Opening it in the signed-in browser marks
 * the address as the person's.
 */
export const emailVerify: MessageTemplate<EmailChangeVerifyParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, url, minutes }) {
    return language === 'es'
      ? {
          subject: 'confirme su dirección de correo',
          text:
            `Ha creado una cuenta en ${clinic} con esta dirección.\n` +
            `Confírmela aquí, en el navegador en el que inició sesión (el enlace funciona durante ${minutes} minutos):\n${url}\n\n` +
            'Si no ha sido usted, ignore este mensaje: nadie podrá confirmar esta dirección sin él.',
        }
      : {
          subject: 'confirm your e-mail address',
          text:
            `An account was created at ${clinic} with this address.\n` +
            `Confirm it here, in the browser you signed in with (the link works for ${minutes} minutes):\n${url}\n\n` +
            'If this was not you, ignore this message: nobody can confirm this address without it.',
        };
  },
};
