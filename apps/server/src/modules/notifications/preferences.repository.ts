/** Notification preferences per person and type (SQL only; no row: the defaults). */
import { eq, sql } from 'drizzle-orm';
import type { ChannelChoice, PreferenceType } from '@painlab/shared/dashboard';
import type { MessageLanguage } from '@painlab/shared/outbox';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { accountLanguage, notificationPreference } from '../../db/schema';

type Q = Db | Tx;

export function preferenceRows(db: Q, userId: string) {
  return db
    .select({
      type: notificationPreference.type,
      inApp: notificationPreference.inApp,
      email: notificationPreference.email,
      sms: notificationPreference.sms,
    })
    .from(notificationPreference)
    .where(eq(notificationPreference.userId, userId));
}

export async function upsertPreferences(
  tx: Tx,
  userId: string,
  rows: (ChannelChoice & { type: PreferenceType })[],
): Promise<void> {
  await tx
    .insert(notificationPreference)
    .values(rows.map((r) => ({ userId, ...r })))
    .onConflictDoUpdate({
      target: [notificationPreference.userId, notificationPreference.type],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        sms: sql`excluded.sms`,
        updatedAt: sql`now()`,
      },
    });
}

/** Records the language `userId` uses the app in (only written when it changed). */
export async function upsertLanguage(db: Q, userId: string, language: MessageLanguage) {
  await db
    .insert(accountLanguage)
    .values({ userId, language })
    .onConflictDoUpdate({
      target: accountLanguage.userId,
      set: { language, updatedAt: sql`now()` },
      setWhere: sql`${accountLanguage.language} <> excluded.language`,
    });
}

export async function languageRow(db: Q, userId: string): Promise<MessageLanguage | null> {
  const [row] = await db
    .select({ language: accountLanguage.language })
    .from(accountLanguage)
    .where(eq(accountLanguage.userId, userId))
    .limit(1);
  return row?.language ?? null;
}
