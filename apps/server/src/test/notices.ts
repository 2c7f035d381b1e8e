/**
 * For tests of notices (tasks, appointments, questionnaires): a person's choices for one preference
 * type (the others left at the defaults), and a wait until the server saw their streams close (so
 * they count as offline and a notice goes by e-mail).
 */
import { expect } from 'vitest';
import {
  DEFAULT_CHANNELS,
  PREFERENCE_TYPES,
  type ChannelChoice,
  type PreferenceType,
} from '@painlab/shared/dashboard';
import type { ApiClient, TestServer } from './harness';

export async function setPreference(
  client: ApiClient,
  type: PreferenceType,
  channels: Partial<ChannelChoice>,
): Promise<void> {
  const body = Object.fromEntries(
    PREFERENCE_TYPES.map((t) => [t, { ...DEFAULT_CHANNELS, ...(t === type ? channels : {}) }]),
  );
  const res = await client.request('PUT', '/api/notifications/preferences', { json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Waits until nobody has a stream open for `userId` (the server saw the close). */
export async function waitOffline(server: TestServer, userId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const rows = await server.sql('select 1 from realtime_presence where user_id = $1', [userId]);
    if (!rows.length) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('still online');
}
