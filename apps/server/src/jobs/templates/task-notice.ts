/**
 * A task was assigned to someone, or one of theirs is due soon, and they were not in the app to see
 * it (or turned in-app notices off): where to look. Never the task's title, description or patient
 * (the e-mail may be read by someone else): only that there is one, and when it is due.
 */
import type { MessageTemplate } from './template-types';

export interface TaskNoticeParams {
  clinic: string;
  kind: 'assigned' | 'due';
  /** The due date (YYYY-MM-DD), when the task has one. */
  dueDate: string | null;
  link: string;
}

const dateIn = (language: 'es' | 'en', date: string) =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

export const taskNotice: MessageTemplate<TaskNoticeParams> = {
  channels: ['email'],
  clinic: (p) => p.clinic,
  render(language, _channel, { clinic, kind, dueDate, link }) {
    const due = dueDate ? dateIn(language, dueDate) : null;
    if (language === 'es')
      return kind === 'assigned'
        ? {
            subject: 'tiene una tarea nueva',
            text: [
              `Se le ha asignado una tarea en ${clinic}${due ? `, con fecha límite el ${due}` : ''}.`,
              'Por privacidad, sus detalles no se incluyen en este correo. Véala aquí:',
              link,
            ].join('\n'),
          }
        : {
            subject: 'una tarea vence pronto',
            text: [
              `Una tarea suya en ${clinic} vence el ${due ?? 'día indicado'}.`,
              'Por privacidad, sus detalles no se incluyen en este correo. Véala aquí:',
              link,
            ].join('\n'),
          };
    return kind === 'assigned'
      ? {
          subject: 'you have a new task',
          text: [
            `A task was assigned to you at ${clinic}${due ? `, due ${due}` : ''}.`,
            'For privacy its details are not included in this e-mail. See it here:',
            link,
          ].join('\n'),
        }
      : {
          subject: 'a task is due soon',
          text: [
            `A task of yours at ${clinic} is due ${due ?? 'soon'}.`,
            'For privacy its details are not included in this e-mail. See it here:',
            link,
          ].join('\n'),
        };
  },
};
