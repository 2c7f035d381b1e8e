/**
 * The code that confirms a phone number before it is put on an account (ADR 0041): asked for in
 * /settings with the password; it works once, for a few minutes. SMS only, kept short.
 */
import type { MessageTemplate } from './template-types';

export interface PhoneCodeParams {
  clinic: string;
  /** The six-digit code. */
  code: string;
  /** How long it works, in minutes. */
  minutes: number;
}

export const phoneCode: MessageTemplate<PhoneCodeParams> = {
  channels: ['sms'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, code, minutes }) {
    return language === 'es'
      ? {
          text:
            `${clinic}: su código para confirmar este teléfono es ${code}. ` +
            `Caduca en ${minutes} min. Si no lo ha pedido usted, ignore este mensaje.`,
        }
      : {
          text:
            `${clinic}: your code to confirm this phone is ${code}. ` +
            `It expires in ${minutes} min. If you did not ask for it, ignore this message.`,
        };
  },
};
