/**
 * Demo messages (SEED_DEMO): a few realistic rows in each state, in Spanish, English and both, so
 * the Outbox screen shows what it is for. Added once (dedupe keys). None is due for hours (the
 * failed one: in six), and the addresses are reserved example domains.
 */
import { DEMO } from '@painlab/shared/personas';
import type { Tx } from '../../audit/audit';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { setDemoState } from './outbox.repository';

export async function seedDemoOutbox(deps: Deps): Promise<void> {
  const clinic = deps.env.CLINIC_NAME;
  const base = baseUrlOf(deps.env);
  const link = (n: number) => `${base}/register?invite=demo-invitation-${n}`;
  const demo: {
    key: string;
    add: (tx: Tx) => Promise<{ id: string; created: boolean }>;
    state: Parameters<typeof setDemoState>[2];
  }[] = [
    {
      key: 'demo:outbox:1',
      add: (tx) =>
        enqueue(tx, {
          channel: 'email',
          to: 'lucia.fernandez@example.com',
          language: null,
          template: 'patient.invite',
          params: { clinic, link: link(1), days: 7 },
          dedupeKey: 'demo:outbox:1',
        }),
      state: { status: 'sent', attempts: 1, createdMin: -2 * 24 * 60 },
    },
    {
      key: 'demo:outbox:2',
      add: (tx) =>
        enqueue(tx, {
          channel: 'email',
          to: 'john.miller@example.com',
          language: 'en',
          template: 'patient.invite',
          params: { clinic, link: link(2), days: 7 },
          dedupeKey: 'demo:outbox:2',
        }),
      state: {
        status: 'failed',
        attempts: 2,
        lastError: 'Error: Greeting never received',
        createdMin: -35,
        nextAttemptMin: 6 * 60,
      },
    },
    {
      key: 'demo:outbox:3',
      add: (tx) =>
        enqueue(tx, {
          channel: 'sms',
          to: '+34 600 123 456',
          language: 'es',
          template: 'patient.invite',
          params: { clinic, link: link(3), days: 7 },
          dedupeKey: 'demo:outbox:3',
        }),
      // queued for ever without an SMS provider: shown as "not delivered: no provider configured"
      state: { status: 'queued', attempts: 0, createdMin: -90, nextAttemptMin: 365 * 24 * 60 },
    },
    {
      key: 'demo:outbox:4',
      add: (tx) =>
        enqueue(tx, {
          channel: 'email',
          to: DEMO.researcher,
          language: 'es',
          template: 'auth.sign_up_existing_email',
          params: { clinic, signInUrl: base },
          dedupeKey: 'demo:outbox:4',
        }),
      state: {
        status: 'dead',
        attempts: deps.outbox.maxAttempts,
        lastError: 'Error: connect ECONNREFUSED 10.0.0.25:587',
        createdMin: -3 * 24 * 60,
      },
    },
  ];
  await deps.database.db.transaction(async (tx) => {
    for (const message of demo) {
      const { id, created } = await message.add(tx);
      if (created) await setDemoState(tx, id, message.state);
    }
  });
}
