/** A questionnaire is due: the signed link to fill it without signing in, valid for `days` days. */
import type { MessageTemplate } from './template-types';

export interface QuestionnaireDueParams {
  clinic: string;
  /** The instrument's name in each language (from packages/clinical). */
  instrument: { en: string; es: string };
  link: string;
  days: number;
}

export const questionnaireDue: MessageTemplate<QuestionnaireDueParams> = {
  channels: ['email', 'sms'],
  clinic: (p) => p.clinic,
  render(language, channel, { clinic, instrument, link, days }) {
    const name = instrument[language];
    if (channel === 'sms')
      return language === 'es'
        ? {
            text: `${clinic}: tiene un cuestionario pendiente (${name}). Rellénelo aquí (válido ${days} días): ${link}`,
          }
        : {
            text: `${clinic}: you have a questionnaire to fill in (${name}). Fill it in here (valid for ${days} days): ${link}`,
          };
    return language === 'es'
      ? {
          subject: `cuestionario pendiente: ${name}`,
          text: [
            `Su equipo asistencial de ${clinic} le pide que rellene un cuestionario: ${name}.`,
            'Le llevará unos minutos y nos ayuda a seguir cómo evoluciona su dolor.',
            `Rellénelo con este enlace personal, sin necesidad de iniciar sesión (válido ${days} días y para un solo envío):`,
            link,
            'Si no es paciente de esta clínica, ignore este mensaje.',
          ].join('\n'),
        }
      : {
          subject: `questionnaire to fill in: ${name}`,
          text: [
            `Your care team at ${clinic} asks you to fill in a questionnaire: ${name}.`,
            'It takes a few minutes and helps us follow how your pain is changing.',
            `Fill it in with this personal link, no sign-in needed (valid for ${days} days, for one submission):`,
            link,
            'If you are not a patient of this clinic, ignore this message.',
          ].join('\n'),
        };
  },
};
