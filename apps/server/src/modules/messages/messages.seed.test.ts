/**
 * The demo conversations as `npm start` seeds them (SEED_DEMO, outside NODE_ENV=test): the demo
 * patient's account gets a record with the demo specialist as its care team, and both see their
 * threads in both languages, with read receipts; seeding again adds nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from '../../test/harness';
import { seedDemoMessages } from './messages.seed';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ NODE_ENV: 'development' });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

it('seeds bilingual threads for the demo patient and specialist, once', async () => {
  const patient = await server.signIn(DEMO.user);
  const mine = await patient.get('/api/messages/threads');
  expect(mine.status).toBe(200);
  expect(mine.body.items.map((t: { subject: string }) => t.subject).sort()).toEqual([
    'Dudas con la nueva dosis de pregabalina',
    'Home exercise plan after physiotherapy',
  ]);
  const exercise = mine.body.items.find((t: { subject: string }) => t.subject.startsWith('Home'));
  expect(exercise.unread).toBe(1);
  const thread = await patient.get(
    `/api/messages/threads/${mine.body.items.find((t: { subject: string }) => t.subject.startsWith('Dudas')).id}`,
  );
  expect(thread.body.messages.at(-1).readBy[0].name).toBe('Dra. Sofía Especialista');

  const specialist = await server.signIn(DEMO.specialist);
  const theirs = await specialist.get('/api/messages/threads');
  expect(theirs.body.items).toHaveLength(4);
  expect(await seedDemoMessages(server.deps)).toBe(0);
});
