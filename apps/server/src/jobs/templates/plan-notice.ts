/**
 * The patient's treatment plan was started or revised by their care team and the patient was not in
 * the app to see it: only that it changed and where to read it (`/my-plan`, where they acknowledge
 * it). Never the plan's problems, goals, medication or anything else from it: the e-mail may be read
 * by someone else.
 */
import type { MessageTemplate } from './template-types';

export interface PlanNoticeParams {
  clinic: string;
  kind: 'started' | 'revised';
  link: string;
}

export const planNotice: MessageTemplate<PlanNoticeParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, kind, link }) {
    return language === 'es'
      ? {
          subject:
            kind === 'started' ? 'su plan de tratamiento' : 'su plan de tratamiento ha cambiado',
          text: [
            kind === 'started'
              ? `Su equipo de ${clinic} ha iniciado su plan de tratamiento.`
              : `Su equipo de ${clinic} ha actualizado su plan de tratamiento.`,
            'Por privacidad, los detalles no se incluyen en este correo. Léalo y confirme que lo ha visto aquí:',
            link,
          ].join('\n'),
        }
      : {
          subject: kind === 'started' ? 'your treatment plan' : 'your treatment plan was updated',
          text: [
            kind === 'started'
              ? `Your care team at ${clinic} has started your treatment plan.`
              : `Your care team at ${clinic} has updated your treatment plan.`,
            'For privacy the details are not included in this e-mail. Read it and confirm you have seen it here:',
            link,
          ].join('\n'),
        };
  },
};
