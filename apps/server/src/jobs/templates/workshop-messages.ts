/**
 * The messages of a workshop registration (modules/workshops): the confirmation (with the sessions'
 * calendar file attached and a cancellation link), the waitlist notice, and the offer of a freed seat
 * with its time-limited confirmation link. Dates arrive formatted in the recipient's language and the
 * workshop's time zone.
 */
import type { MessageTemplate } from './template-types';

export interface WorkshopMessageCommon {
  clinic: string;
  title: string;
  /** One line per session, e.g. "martes, 12 de enero de 2027, 18:00–19:30 (Europe/Madrid)". */
  sessions: string[];
  /** The venue and address, or "Online (Zoom): <link>". */
  place: string;
  cancelLink: string;
}

export type WorkshopConfirmedParams = WorkshopMessageCommon;
export interface WorkshopWaitlistedParams extends WorkshopMessageCommon {
  position: number;
}
export interface WorkshopOfferParams extends WorkshopMessageCommon {
  confirmLink: string;
  /** When the offer lapses, formatted. */
  expires: string;
}

const list = (sessions: string[]) => sessions.map((s) => `• ${s}`).join('\n');

export const workshopConfirmed: MessageTemplate<WorkshopConfirmedParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render: (language, _channel, p) =>
    language === 'es'
      ? {
          subject: `plaza confirmada: ${p.title}`,
          text: [
            `Su plaza en «${p.title}» está confirmada. La inscripción cubre todas las sesiones:`,
            list(p.sessions),
            `Lugar: ${p.place}`,
            'Adjuntamos las sesiones como archivo de calendario (.ics) para añadirlas a su agenda.',
            `Si no puede asistir, anule su plaza para que la ocupe otra persona: ${p.cancelLink}`,
          ].join('\n\n'),
        }
      : {
          subject: `seat confirmed: ${p.title}`,
          text: [
            `Your seat in “${p.title}” is confirmed. The registration covers every session:`,
            list(p.sessions),
            `Place: ${p.place}`,
            'The sessions are attached as a calendar file (.ics) for your calendar.',
            `If you cannot attend, please cancel so someone else can take the seat: ${p.cancelLink}`,
          ].join('\n\n'),
        },
};

export const workshopWaitlisted: MessageTemplate<WorkshopWaitlistedParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render: (language, _channel, p) =>
    language === 'es'
      ? {
          subject: `lista de espera: ${p.title}`,
          text: [
            `«${p.title}» está completo. Le hemos apuntado en la lista de espera (puesto ${p.position}).`,
            'Si se libera una plaza se la ofreceremos por correo, por orden de inscripción, con un enlace para confirmarla.',
            list(p.sessions),
            `Para salir de la lista de espera: ${p.cancelLink}`,
          ].join('\n\n'),
        }
      : {
          subject: `waitlist: ${p.title}`,
          text: [
            `“${p.title}” is full. You are on the waitlist (place ${p.position}).`,
            'If a seat is freed we will offer it to you by e-mail, in order of registration, with a link to confirm it.',
            list(p.sessions),
            `To leave the waitlist: ${p.cancelLink}`,
          ].join('\n\n'),
        },
};

export const workshopOffer: MessageTemplate<WorkshopOfferParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render: (language, _channel, p) =>
    language === 'es'
      ? {
          subject: `hay una plaza para usted: ${p.title}`,
          text: [
            `Se ha liberado una plaza en «${p.title}» y es la primera persona de la lista de espera.`,
            `Confírmela antes del ${p.expires}: ${p.confirmLink}`,
            'Si no la confirma a tiempo, se ofrecerá a la siguiente persona.',
            list(p.sessions),
            `Lugar: ${p.place}`,
            `Si ya no le interesa: ${p.cancelLink}`,
          ].join('\n\n'),
        }
      : {
          subject: `a seat is free for you: ${p.title}`,
          text: [
            `A seat in “${p.title}” has been freed and you are first on the waitlist.`,
            `Confirm it before ${p.expires}: ${p.confirmLink}`,
            'If it is not confirmed in time, it will be offered to the next person.',
            list(p.sessions),
            `Place: ${p.place}`,
            `If you are no longer interested: ${p.cancelLink}`,
          ].join('\n\n'),
        },
};
