/**
 * An appointment was booked, moved or cancelled by someone else, and the person it concerns (the
 * patient, the specialist) was not in the app to see it (ADR 0030): which change and when, in the
 * appointment's zone, and where to look. Never the type of visit, the reason, notes or a diagnosis;
 * to the specialist not even the patient's name (the e-mail may be read by someone else).
 */
import { whenText } from './appointment-reminder';
import type { MessageTemplate } from './template-types';

export interface AppointmentNoticeParams {
  clinic: string;
  kind: 'booked' | 'moved' | 'cancelled';
  /** The start (an instant; a moved one's new start) and the zone it is shown in. */
  startsAt: string;
  timeZone: string;
  link: string;
}

const SUBJECT = {
  es: { booked: 'nueva cita', moved: 'su cita ha cambiado', cancelled: 'cita cancelada' },
  en: {
    booked: 'new appointment',
    moved: 'your appointment was moved',
    cancelled: 'appointment cancelled',
  },
} as const;

export const appointmentNotice: MessageTemplate<AppointmentNoticeParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, kind, startsAt, timeZone, link }) {
    const when = whenText(language, startsAt, timeZone);
    const subject = SUBJECT[language][kind];
    if (language === 'es') {
      const what =
        kind === 'booked'
          ? `Se ha reservado una cita en ${clinic} para el ${when}.`
          : kind === 'moved'
            ? `Una cita en ${clinic} se ha movido al ${when}.`
            : `Se ha cancelado la cita en ${clinic} del ${when}.`;
      return {
        subject,
        text: [
          what,
          'Por privacidad, los detalles no se incluyen en este correo. Véala aquí:',
          link,
        ].join('\n'),
      };
    }
    const what =
      kind === 'booked'
        ? `An appointment at ${clinic} was booked for ${when}.`
        : kind === 'moved'
          ? `An appointment at ${clinic} was moved to ${when}.`
          : `The appointment at ${clinic} on ${when} was cancelled.`;
    return {
      subject,
      text: [
        what,
        'For privacy the details are not included in this e-mail. See it here:',
        link,
      ].join('\n'),
    };
  },
};
