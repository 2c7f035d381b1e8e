/** An appointment's reminder, with its confirm and cancel links (ADR 0021). */
import type { MessageLanguage } from '@painlab/shared/outbox';
import type { MessageTemplate } from './template-types';

export interface AppointmentReminderParams {
  clinic: string;
  /** The start (an instant) and the zone it is shown in. */
  startsAt: string;
  timeZone: string;
  specialist: string;
  type: { en: string; es: string };
  /** The address, or null (telehealth: "online"). */
  location: string | null;
  telehealth: boolean;
  confirmLink: string;
  cancelLink: string;
  cancelNoticeHours: number;
}

/** "Tuesday 3 March, 10:30 (CET)" in the language, in the appointment's zone. */
export function whenText(language: MessageLanguage, startsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(startsAt));
}

export const appointmentReminder: MessageTemplate<AppointmentReminderParams> = {
  channels: ['email', 'sms'],
  clinic: (p) => p.clinic,
  render(language, channel, p) {
    const when = whenText(language, p.startsAt, p.timeZone);
    const type = p.type[language];
    const es = language === 'es';
    const where = p.telehealth
      ? es
        ? 'en línea (videoconsulta)'
        : 'online (video visit)'
      : (p.location ?? p.clinic);
    if (channel === 'sms')
      return es
        ? {
            text: `${p.clinic}: le recordamos su cita (${type}) el ${when} con ${p.specialist}. Confirmar: ${p.confirmLink} Anular: ${p.cancelLink}`,
          }
        : {
            text: `${p.clinic}: a reminder of your appointment (${type}) on ${when} with ${p.specialist}. Confirm: ${p.confirmLink} Cancel: ${p.cancelLink}`,
          };
    return es
      ? {
          subject: `recordatorio de su cita del ${when}`,
          text: [
            `Le recordamos su cita en ${p.clinic}:`,
            `${type}, ${when}, con ${p.specialist}. Lugar: ${where}.`,
            'Confirme que vendrá (sin iniciar sesión):',
            p.confirmLink,
            `Si no puede venir, anúlela aquí para que otra persona pueda usar la hora (la clínica pide ${p.cancelNoticeHours} h de aviso):`,
            p.cancelLink,
            'Si no es paciente de esta clínica, ignore este mensaje.',
          ].join('\n'),
        }
      : {
          subject: `reminder of your appointment on ${when}`,
          text: [
            `A reminder of your appointment at ${p.clinic}:`,
            `${type}, ${when}, with ${p.specialist}. Where: ${where}.`,
            'Confirm you will come (no sign-in needed):',
            p.confirmLink,
            `If you cannot come, cancel here so someone else can have the time (the clinic asks for ${p.cancelNoticeHours} h notice):`,
            p.cancelLink,
            'If you are not a patient of this clinic, ignore this message.',
          ].join('\n'),
        };
  },
};
