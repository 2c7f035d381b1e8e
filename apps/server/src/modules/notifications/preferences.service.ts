/**
 * Which channels a person wants per kind of notice (in-app, e-mail, SMS), kept per person; no row
 * means the defaults (everything allowed; SMS only reached when there is no e-mail address). The
 * notifications service consults the in-app choice in `notify`; modules that queue notices through
 * the outbox (messages) ask `channelsFor` in the transaction of their cause.
 */
import {
  DEFAULT_CHANNELS,
  PREFERENCE_TYPES,
  type ChannelChoice,
  type NotificationPreferences,
  type PreferenceType,
} from '@painlab/shared/dashboard';
import type { NotificationType } from '@painlab/shared/messages';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import type { Deps } from '../../http/types';
import type { MessageLanguage } from '@painlab/shared/outbox';
import {
  languageRow,
  preferenceRows,
  upsertLanguage,
  upsertPreferences,
} from './preferences.repository';

/** The preference each in-app notification type answers to. */
export const PREFERENCE_OF: Record<NotificationType, PreferenceType> = {
  message: 'message',
  task_assigned: 'task',
  task_due: 'task',
  appointment_booked: 'appointment',
  appointment_moved: 'appointment',
  appointment_cancelled: 'appointment',
  questionnaire_completed: 'questionnaire',
  plan_started: 'plan',
  plan_revised: 'plan',
};

export async function preferencesOf(db: Db | Tx, userId: string): Promise<NotificationPreferences> {
  const rows = await preferenceRows(db, userId);
  const result = Object.fromEntries(
    PREFERENCE_TYPES.map((type) => [type, { ...DEFAULT_CHANNELS }]),
  ) as NotificationPreferences;
  for (const { type, ...channels } of rows) result[type] = channels;
  return result;
}

/** The channels `userId` allows for `type` (read in the caller's transaction). */
export async function channelsFor(
  db: Db | Tx,
  userId: string,
  type: PreferenceType,
): Promise<ChannelChoice> {
  return (await preferencesOf(db, userId))[type];
}

export async function savePreferences(
  deps: Deps,
  userId: string,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  await deps.database.db.transaction((tx) =>
    upsertPreferences(
      tx,
      userId,
      PREFERENCE_TYPES.map((type) => ({ type, ...input[type] })),
    ),
  );
  return preferencesOf(deps.database.db, userId);
}

/**
 * The language `userId` last used the app in (their event stream's `painlab_lang` cookie or
 * Accept-Language), for notices written outside the app; null when unknown (both languages).
 */
export function languageOf(db: Db | Tx, userId: string): Promise<MessageLanguage | null> {
  return languageRow(db, userId);
}

/** Remembers the language of `userId`'s request, when it says one. */
export async function rememberLanguage(
  db: Db,
  userId: string,
  language: MessageLanguage | null,
): Promise<void> {
  if (language) await upsertLanguage(db, userId, language);
}
