/** Typed translation keys: English (`src/locales/en`) is the source of truth. */
import 'i18next';
import type appointments from '../locales/en/appointments.json';
import type auth from '../locales/en/auth.json';
import type contactMessages from '../locales/en/contactMessages.json';
import type workshops from '../locales/en/workshops.json';
import type siteEditor from '../locales/en/siteEditor.json';
import type common from '../locales/en/common.json';
import type dashboard from '../locales/en/dashboard.json';
import type errors from '../locales/en/errors.json';
import type nav from '../locales/en/nav.json';
import type outbox from '../locales/en/outbox.json';
import type auditLogs from '../locales/en/auditLogs.json';
import type patients from '../locales/en/patients.json';
import type portal from '../locales/en/portal.json';
import type publicSite from '../locales/en/public.json';
import type record from '../locales/en/record.json';
import type tasks from '../locales/en/tasks.json';
import type users from '../locales/en/users.json';
import type questionnaires from '../locales/en/questionnaires.json';
import type messages from '../locales/en/messages.json';
import type notifications from '../locales/en/notifications.json';
import type treatments from '../locales/en/treatments.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      nav: typeof nav;
      auth: typeof auth;
      dashboard: typeof dashboard;
      errors: typeof errors;
      public: typeof publicSite;
      patients: typeof patients;
      portal: typeof portal;
      record: typeof record;
      outbox: typeof outbox;
      auditLogs: typeof auditLogs;
      tasks: typeof tasks;
      users: typeof users;
      appointments: typeof appointments;
      contactMessages: typeof contactMessages;
      workshops: typeof workshops;
      siteEditor: typeof siteEditor;
      questionnaires: typeof questionnaires;
      messages: typeof messages;
      notifications: typeof notifications;
      treatments: typeof treatments;
    };
  }
}
