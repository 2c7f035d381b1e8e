/**
 * A patient completed a questionnaire and the staff member it concerns (who scheduled it, the
 * patient's specialist) was not in the app to see it (ADR 0030): only that one was completed and
 * where to look. Never the patient's name, the instrument, answers or score.
 */
import type { MessageTemplate } from './template-types';

export interface QuestionnaireCompletedParams {
  clinic: string;
  link: string;
}

export const questionnaireCompleted: MessageTemplate<QuestionnaireCompletedParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, link }) {
    return language === 'es'
      ? {
          subject: 'cuestionario completado',
          text: [
            `Un paciente ha completado un cuestionario en ${clinic}.`,
            'Por privacidad, los detalles no se incluyen en este correo. Véalo aquí:',
            link,
          ].join('\n'),
        }
      : {
          subject: 'questionnaire completed',
          text: [
            `A patient completed a questionnaire at ${clinic}.`,
            'For privacy the details are not included in this e-mail. See it here:',
            link,
          ].join('\n'),
        };
  },
};
