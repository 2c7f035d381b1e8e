/**
 * Every message the product sends, in one place, in Spanish and English. A template renders one
 * language; a recipient whose language is unknown (null) gets both in one message, Spanish first.
 * Templates render when the message is queued (jobs/outbox.ts): the outbox keeps exactly what is
 * sent, which is what administrators read at /admin/outbox.
 *
 * To add a message: add a file beside this one exporting a `MessageTemplate`, register it in
 * `TEMPLATES` below, and call `enqueue(tx, { template: '<id>', ... })` in the transaction of its cause.
 */
import type { MessageLanguage, OutboxChannel } from '@painlab/shared/outbox';
import { mfaCode } from './mfa-code';
import { phoneCode } from './phone-code';
import { mfaReset } from './mfa-reset';
import { emailChangeNotice, emailChangeVerify, emailVerify } from './email-change';
import { passwordReset } from './password-reset';
import { passwordResetCode, signUpExistingPhone } from './phone-account';
import { messageNotice } from './message-notice';
import { patientInvite } from './patient-invite';
import { staffInvite } from './staff-invite';
import { questionnaireDue } from './questionnaire-due';
import { appointmentNotice } from './appointment-notice';
import { appointmentReminder } from './appointment-reminder';
import { questionnaireCompleted } from './questionnaire-completed';
import { appointmentWaitlistOffer } from './appointment-waitlist-offer';
import { planNotice } from './plan-notice';
import { taskNotice } from './task-notice';
import type { MessageTemplate } from './template-types';
import { signUpExistingEmail } from './sign-up-existing-email';
import { signInCode, signInLink } from './sign-in-email';
import { siteContactMessage } from './site-contact-message';
import { workshopConfirmed, workshopOffer, workshopWaitlisted } from './workshop-messages';

export const TEMPLATES = {
  'patient.invite': patientInvite,
  'users.staff_invite': staffInvite,
  'auth.sign_up_existing_email': signUpExistingEmail,
  'auth.password_reset': passwordReset,
  'auth.mfa_code': mfaCode,
  'auth.sign_in_code': signInCode,
  'auth.sign_in_link': signInLink,
  'auth.phone_code': phoneCode,
  'auth.password_reset_code': passwordResetCode,
  'auth.sign_up_existing_phone': signUpExistingPhone,
  'auth.mfa_reset': mfaReset,
  'auth.email_change_verify': emailChangeVerify,
  'auth.email_verify': emailVerify,
  'auth.email_change_notice': emailChangeNotice,
  'site.contact_message': siteContactMessage,
  'questionnaire.due': questionnaireDue,
  'messages.new_message': messageNotice,
  'appointment.reminder': appointmentReminder,
  'appointment.notice': appointmentNotice,
  'questionnaire.completed': questionnaireCompleted,
  'appointment.waitlist_offer': appointmentWaitlistOffer,
  'tasks.notice': taskNotice,
  'treatments.plan_notice': planNotice,
  'workshop.confirmed': workshopConfirmed,
  'workshop.waitlisted': workshopWaitlisted,
  'workshop.offer': workshopOffer,
} as const;

export type TemplateId = keyof typeof TEMPLATES;
export type TemplateParams<T extends TemplateId> =
  (typeof TEMPLATES)[T] extends MessageTemplate<infer P> ? P : never;

export interface Rendered {
  subject: string | null;
  text: string;
  html: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HTML part of an e-mail: the text, paragraph by paragraph, with its links clickable. */
export function textToHtml(text: string, lang: string): string {
  const paragraphs = text.split(/\n{2,}/).map(
    (p) =>
      `<p>${escapeHtml(p)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>')}</p>`,
  );
  return `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${paragraphs.join('')}</body></html>`;
}

export function renderMessage<T extends TemplateId>(
  template: T,
  channel: OutboxChannel,
  language: MessageLanguage | null,
  params: TemplateParams<T>,
): Rendered {
  const def = TEMPLATES[template] as MessageTemplate<TemplateParams<T>>;
  if (!def.channels.includes(channel))
    throw new Error(`template ${template} has no ${channel} version`);
  const versions = (language ? [language] : (['es', 'en'] as const)).map((lang) =>
    def.render(lang, channel, params),
  );
  const text = versions.map((v) => v.text).join('\n\n');
  if (channel === 'sms') return { subject: null, text, html: null };
  const subject = `${def.clinic(params)}: ${versions.map((v) => v.subject ?? '').join(' / ')}`;
  return { subject, text, html: textToHtml(text, language ?? 'es') };
}
