/**
 * SMS in API tests: with no SMS provider they wait in the outbox, where a test reads them as an
 * administrator would; and the per-number minute (auth/phone.ts `takeSmsTurn`), let pass at will.
 */
import { expect } from 'vitest';
import type { TestServer } from './harness';

let seq = 0;
/** A fresh E.164 number no other test of the run uses (`prefix`: two digits per test file). */
export const freshPhone = (prefix: string) =>
  `+34${prefix}${String(Date.now() % 10_000_000).padStart(7, '0')}${++seq % 10}`;

/** The SMS of a template sent to `phone`, newest first. */
export const smsTo = (server: TestServer, phone: string, template = 'auth.phone_code') =>
  server.sql<{ text: string; language: string | null; channel: string }>(
    'select text, language, channel from outbox_message where recipient = $1 and template = $2 order by created_at desc',
    [phone, template],
  );

/** The six-digit code in a message. */
export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Lets every number's minute pass: the turns, and the SMS's minute keys (a new code may go out). */
export async function nextSmsMinute(server: TestServer): Promise<void> {
  await server.sql(
    "update verification set expires_at = now() - interval '1 second' where id like 'sms-turn:%'",
  );
  await server.sql("update outbox_message set dedupe_key = null where channel = 'sms'");
}
