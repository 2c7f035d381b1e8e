/** The clinic's reception is told of a message sent with the public site's contact form. */
import type { ContactReason } from '@painlab/shared/site-content';
import type { MessageTemplate } from './template-types';

export interface SiteContactMessageParams {
  clinic: string;
  name: string;
  email: string;
  phone: string | null;
  reason: ContactReason;
  message: string;
  /** Where staff read and mark the messages. */
  link: string;
}

const REASONS = {
  es: { first_visit: 'primera visita', workshop: 'talleres', other: 'otro motivo' },
  en: { first_visit: 'first visit', workshop: 'workshops', other: 'other' },
} as const;

export const siteContactMessage: MessageTemplate<SiteContactMessageParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, p) {
    const reason = REASONS[language][p.reason];
    return language === 'es'
      ? {
          subject: `nuevo mensaje de contacto (${reason})`,
          text: [
            `${p.name} ha escrito desde el formulario de contacto de la web (${reason}).`,
            `Correo: ${p.email}${p.phone ? ` · Teléfono: ${p.phone}` : ''}`,
            '',
            p.message,
            '',
            `Ha dado su consentimiento para ser contactado. Mensajes: ${p.link}`,
          ].join('\n'),
        }
      : {
          subject: `new contact message (${reason})`,
          text: [
            `${p.name} wrote through the website's contact form (${reason}).`,
            `E-mail: ${p.email}${p.phone ? ` · Phone: ${p.phone}` : ''}`,
            '',
            p.message,
            '',
            `They agreed to be contacted. Messages: ${p.link}`,
          ].join('\n'),
        };
  },
};
