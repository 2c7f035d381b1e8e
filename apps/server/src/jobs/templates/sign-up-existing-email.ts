/**
 * Someone tried to sign up with an address that already has an account: its owner is told (the
 * sign-up itself answers as for a new address, so nobody learns who has an account).
 */
import type { MessageTemplate } from './template-types';

export interface SignUpExistingEmailParams {
  clinic: string;
  signInUrl: string;
}

export const signUpExistingEmail: MessageTemplate<SignUpExistingEmailParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, signInUrl }) {
    return language === 'es'
      ? {
          subject: 'alguien intentó crear una cuenta con su dirección de e-mail',
          text:
            `Alguien intentó crear una cuenta de ${clinic} con esta dirección, que ya tiene una.\n` +
            `Si fue usted, inicie sesión en ${signInUrl}. Si no, puede ignorar este mensaje.`,
        }
      : {
          subject: 'someone tried to create an account with your e-mail address',
          text:
            `Someone tried to create a ${clinic} account with this e-mail address, which already has one.\n` +
            `If it was you, sign in at ${signInUrl} instead. If it was not, you can ignore this message.`,
        };
  },
};
