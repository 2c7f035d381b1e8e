/**
 * SMS of an account made or recovered with a phone number (ADR 0043): the code that resets a
 * password (asked for at /forgot-password with the verified number; single use, a few minutes), and
 * the notice that someone tried to sign up with a number that already has an account.
 */
import type { MessageTemplate } from './template-types';
import type { PhoneCodeParams } from './phone-code';

export const passwordResetCode: MessageTemplate<PhoneCodeParams> = {
  channels: ['sms'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, code, minutes }) {
    return language === 'es'
      ? {
          text:
            `${clinic}: su código para cambiar la contraseña es ${code}. Caduca en ${minutes} min. ` +
            `Si no lo ha pedido usted, ignore este mensaje: su contraseña no cambia.`,
        }
      : {
          text:
            `${clinic}: your code to reset your password is ${code}. It expires in ${minutes} min. ` +
            `If you did not ask for it, ignore this message: your password stays as it is.`,
        };
  },
};

export interface SignUpExistingPhoneParams {
  clinic: string;
  /** Where to sign in or recover the password. */
  signInUrl: string;
}

/**
 * Someone tried to sign up with a number that already has an account (ADR 0043): the sign-up page
 * answers as for a new number (no enumeration) and the number's owner is told, at most once an hour.
 */
export const signUpExistingPhone: MessageTemplate<SignUpExistingPhoneParams> = {
  channels: ['sms'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, signInUrl }) {
    return language === 'es'
      ? {
          text:
            `${clinic}: alguien intentó crear una cuenta con este teléfono, que ya tiene una. ` +
            `Entre o recupere su contraseña en ${signInUrl}. Si no fue usted, ignore este mensaje.`,
        }
      : {
          text:
            `${clinic}: someone tried to sign up with this phone, which already has an account. ` +
            `Sign in or recover your password at ${signInUrl}. If it was not you, ignore this message.`,
        };
  },
};
