/**
 * A patient who was not online has a new message: where to read it. Never the message, its subject,
 * its author or anything about the patient's care (the e-mail or SMS may be read by someone else).
 */
import type { MessageTemplate } from './template-types';

export interface MessageNoticeParams {
  clinic: string;
  link: string;
}

export const messageNotice: MessageTemplate<MessageNoticeParams> = {
  channels: ['email', 'sms'],
  clinic: (p) => p.clinic,
  render(language, channel, { clinic, link }) {
    if (channel === 'sms')
      return language === 'es'
        ? { text: `${clinic}: tiene un mensaje nuevo en su área de paciente: ${link}` }
        : { text: `${clinic}: you have a new message in your patient area: ${link}` };
    return language === 'es'
      ? {
          subject: 'tiene un mensaje nuevo',
          text: [
            `Tiene un mensaje nuevo de su equipo en ${clinic}.`,
            'Por su privacidad, el mensaje no se incluye en este correo. Léalo en su área de paciente:',
            link,
          ].join('\n'),
        }
      : {
          subject: 'you have a new message',
          text: [
            `You have a new message from your care team at ${clinic}.`,
            'For your privacy the message is not included in this e-mail. Read it in your patient area:',
            link,
          ].join('\n'),
        };
  },
};
