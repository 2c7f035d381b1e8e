/**
 * An administrator invited someone to the clinic's staff (/admin/roles, ADR 0031): the single-use
 * link to choose a name and password, valid for `days` days. The invitee's language is not known:
 * the message carries both.
 */
import type { MessageTemplate } from './template-types';

export interface StaffInviteParams {
  clinic: string;
  /** The acceptance page with the token (`/invitation#<token>`: the fragment stays out of server logs). */
  link: string;
  days: number;
  /** The role's name in each language. */
  role: { es: string; en: string };
}

export const staffInvite: MessageTemplate<StaffInviteParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, link, days, role }) {
    return language === 'es'
      ? {
          subject: 'invitación al equipo',
          text:
            `Le han invitado a ${clinic} como ${role.es}.\n` +
            `Elija su nombre y su contraseña con este enlace (funciona una sola vez, durante ${days} días):\n` +
            `${link}\n\n` +
            'Si no esperaba esta invitación, ignore este mensaje.',
        }
      : {
          subject: 'invitation to the team',
          text:
            `You have been invited to ${clinic} as ${role.en}.\n` +
            `Choose your name and password with this link (it works once, for ${days} days):\n` +
            `${link}\n\n` +
            'If you did not expect this invitation, ignore this message.',
        };
  },
};
