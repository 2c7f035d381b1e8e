/** A patient's invitation to the portal: the sign-up link, valid for `days` days. */
import type { MessageTemplate } from './template-types';

export interface PatientInviteParams {
  clinic: string;
  link: string;
  days: number;
}

export const patientInvite: MessageTemplate<PatientInviteParams> = {
  channels: ['email', 'sms'],
  clinic: (p) => p.clinic,
  render(language, channel, { clinic, link, days }) {
    if (channel === 'sms')
      return language === 'es'
        ? {
            text: `${clinic}: cree su cuenta de paciente con este enlace (válido ${days} días): ${link}`,
          }
        : {
            text: `${clinic}: create your patient account with this link (valid for ${days} days): ${link}`,
          };
    return language === 'es'
      ? {
          subject: 'invitación a su área de paciente',
          text: [
            `${clinic} le invita a su área de paciente, donde podrá ver su ficha y quién la ha consultado.`,
            `Cree su cuenta con este enlace (válido ${days} días):`,
            link,
          ].join('\n'),
        }
      : {
          subject: 'invitation to your patient area',
          text: [
            `${clinic} invites you to your patient area, where you can see your record and who has viewed it.`,
            `Create your account with this link (valid for ${days} days):`,
            link,
          ].join('\n'),
        };
  },
};
