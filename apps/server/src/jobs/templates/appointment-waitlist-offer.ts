/** A freed slot offered to a waitlisted patient, with the link that takes it (ADR 0032). */
import type { MessageTemplate } from './template-types';
import { whenText } from './appointment-reminder';

export interface AppointmentWaitlistOfferParams {
  clinic: string;
  /** The slot's start (an instant) and the zone it is shown in. */
  startsAt: string;
  timeZone: string;
  specialist: string;
  type: { en: string; es: string };
  location: string | null;
  telehealth: boolean;
  link: string;
  /** Until when the offer holds (an instant). */
  expiresAt: string;
}

export const appointmentWaitlistOffer: MessageTemplate<AppointmentWaitlistOfferParams> = {
  channels: ['email', 'sms'],
  clinic: (p) => p.clinic,
  render(language, channel, p) {
    const when = whenText(language, p.startsAt, p.timeZone);
    const until = whenText(language, p.expiresAt, p.timeZone);
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
            text: `${p.clinic}: se ha liberado una hora (${type}) el ${when} con ${p.specialist}. Resérvela antes de ${until}: ${p.link}`,
          }
        : {
            text: `${p.clinic}: a time has become free (${type}) on ${when} with ${p.specialist}. Take it before ${until}: ${p.link}`,
          };
    return es
      ? {
          // the subject shows in lock-screen previews: no date, specialist or type there
          subject: 'se ha liberado una hora para usted',
          text: [
            `Está en la lista de espera de ${p.clinic} y se ha liberado una hora:`,
            `${type}, ${when}, con ${p.specialist}. Lugar: ${where}.`,
            `La reservamos para usted hasta ${until}. Para quedársela o rechazarla (sin iniciar sesión):`,
            p.link,
            'Si no contesta a tiempo, se ofrecerá a la siguiente persona y usted seguirá en la lista.',
            'Si no es paciente de esta clínica, ignore este mensaje.',
          ].join('\n'),
        }
      : {
          subject: 'a time has become free for you',
          text: [
            `You are on the waitlist of ${p.clinic} and a time has become free:`,
            `${type}, ${when}, with ${p.specialist}. Where: ${where}.`,
            `We hold it for you until ${until}. To take it or decline it (no sign-in needed):`,
            p.link,
            'If you do not answer in time, it is offered to the next person and you stay on the list.',
            'If you are not a patient of this clinic, ignore this message.',
          ].join('\n'),
        };
  },
};
