/**
 * Workshops through the real server (PGlite, or PostgreSQL with TEST_DB_KIND): the last seats under
 * 50 concurrent requests, the waitlist in arrival order, a freed seat offered to the first waiting
 * person (outbox, time-limited link), an offer lapsing to the next person exactly once, the links
 * (tampered, reused, expired), the confirmation's calendar file read by an independent parser
 * (ical.js), staff routes per role, bad input, and the server-rendered pages without JavaScript.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { WORKSHOP_LIMITS } from '@painlab/shared/workshops';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../../test/harness';
import { processLapsedOffers } from './workshops.service';
import { weeklySessions } from './workshops.seed';

const RENDERER = path.resolve(import.meta.dirname, '../../../../web/src/site/render.tsx');
const MANIFEST = {
  'index.html': { file: 'assets/index-AbCd1234.js', isEntry: true, css: ['assets/index-C1.css'] },
  'src/site/client.ts': { file: 'assets/site-Site1234.js', isEntry: true },
  'src/site/public/nav-island.ts': { file: 'assets/nav-Nav12345.js' },
  'src/site/public/contact-island.ts': { file: 'assets/contact-Con12345.js' },
  'src/site/public/local-times.tsx': { file: 'assets/local-Loc12345.js' },
};

let server: TestServer;
let dist: string;
let anon: ApiClient;
let admin: ApiClient;
let ipCounter = 0;
/** A client from its own address (the per-address limit is not what most tests are about). */
const visitor = (lang = 'es') => server.client({ ip: `198.51.100.${++ipCounter % 250}`, lang });

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-workshops-'));
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  server = await startTestServer({
    WEB_DIST: dist,
    WEB_SSR: RENDERER,
    TRUSTED_PROXIES: '127.0.0.1',
  });
  anon = server.client({ ip: '203.0.113.50' });
  admin = await server.signIn(DEMO.admin);
});
afterAll(async () => {
  await server?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

const workshopInput = (over: Record<string, unknown> = {}) => ({
  slug: `prueba-${Math.random().toString(36).slice(2, 10)}`,
  market: 'es',
  status: 'published',
  titleEs: 'Taller de prueba',
  titleEn: 'Test workshop',
  summaryEs: 'Resumen',
  summaryEn: 'Summary',
  descriptionEs: 'Descripción',
  descriptionEn: 'Description',
  facilitator: 'Marta Castillo Ruiz',
  timeZone: 'Europe/Madrid',
  venue: 'Sala de grupos',
  address: 'Calle de Santa Engracia 45, Madrid',
  onlineUrl: null,
  onlinePlatform: null,
  priceCents: 2000,
  currency: 'EUR',
  capacity: 3,
  sessions: weeklySessions('Europe/Madrid', 2, 1, 2, '18:30', 90),
  ...over,
});

async function createWorkshop(over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/workshops', workshopInput(over));
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string };
}

const register = (client: ApiClient, workshopId: string, email: string, extra = {}) =>
  client.post('/api/site/workshops/register', {
    workshopId,
    name: 'Lucía Gómez',
    email,
    consent: true,
    ...extra,
  });

async function outboxFor(to: string, template: string) {
  return server.sql<{ text: string; attachments: { filename: string; content: string }[] | null }>(
    'select text, attachments from outbox_message where recipient = $1 and template = $2 order by created_at',
    [to, template],
  );
}

const linkIn = (text: string, kind: 'anular' | 'confirmar') => {
  const m = new RegExp(`/taller/${kind}\\?t=([A-Za-z0-9_-]+)`).exec(text);
  expect(m).not.toBeNull();
  return m![1]!;
};

const statuses = async (workshopId: string) =>
  server.sql<{ email: string; status: string; position: string }>(
    'select email, status, position from workshop_registration where workshop_id = $1 order by position',
    [workshopId],
  );

describe('public list', () => {
  it('shows the demo workshops of each market with price, currency and seats, no online link', async () => {
    const es = await anon.get('/api/site/workshops?market=es&lang=es');
    expect(es.status).toBe(200);
    const slugs = es.body.items.map((w: { slug: string }) => w.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'programa-manejo-estres-8-semanas',
        'dormir-mejor-con-dolor-en-linea',
      ]),
    );
    const programme = es.body.items.find(
      (w: { slug: string }) => w.slug === 'programa-manejo-estres-8-semanas',
    );
    expect(programme).toMatchObject({ currency: 'EUR', priceCents: 24000, seatsLeft: 12 });
    expect(programme.sessions).toHaveLength(8);
    const us = await anon.get('/api/site/workshops?market=us&lang=en');
    expect(us.body.items).toHaveLength(1);
    expect(us.body.items[0]).toMatchObject({ currency: 'USD', timeZone: 'America/New_York' });
    expect(JSON.stringify(us.body)).not.toContain('meet.painlab.example');
    expect((await anon.get('/api/site/workshops?market=fr')).status).toBe(400);
  });
});

describe('registration', () => {
  it('50 concurrent requests for the last 3 seats: exactly 3 seats, the rest waitlisted in arrival order', async () => {
    const w = await createWorkshop({ capacity: 3 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => register(visitor(), w.id, `race${i}@example.com`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const outcomes = results.map((r) => r.body.outcome);
    expect(outcomes.filter((o) => o === 'confirmed')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'waitlisted')).toHaveLength(47);
    const positions = results
      .filter((r) => r.body.position)
      .map((r) => r.body.position)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    const rows = await statuses(w.id);
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(3);
    // arrival order is the order the lock admitted them: the 3 seats went to the first 3 rows
    expect(rows.slice(0, 3).every((r) => r.status === 'confirmed')).toBe(true);
    expect(rows.slice(3).every((r) => r.status === 'waitlisted')).toBe(true);
    const listed = await anon.get('/api/site/workshops?market=es');
    expect(listed.body.items.find((x: { id: string }) => x.id === w.id)).toMatchObject({
      seatsLeft: 0,
      waitlisted: 47,
    });
  });

  it('30 concurrent requests for the very last seat: one gets it', async () => {
    const w = await createWorkshop({ capacity: 1 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => register(visitor(), w.id, `last${i}@example.com`)),
    );
    expect(results.filter((r) => r.body.outcome === 'confirmed')).toHaveLength(1);
    expect(results.filter((r) => r.body.outcome === 'waitlisted')).toHaveLength(29);
  });

  it('confirms with an e-mail carrying a valid calendar file (one event per session) and a cancel link', async () => {
    const w = await createWorkshop({ capacity: 5 });
    const res = await register(visitor('en'), w.id, 'ics@example.com', { lang: 'en' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ outcome: 'confirmed', position: null });
    const [mail] = await outboxFor('ics@example.com', 'workshop.confirmed');
    expect(mail!.text).toContain('Test workshop');
    expect(mail!.text).toMatch(/\/taller\/anular\?t=/);
    const file = mail!.attachments![0]!;
    expect(file.filename).toBe(`${w.slug}.ics`);
    const calendar = new ICAL.Component(ICAL.parse(file.content));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const sessions = workshopInput().sessions;
    expect(events).toHaveLength(2);
    expect(events[0]!.startDate.toJSDate().getTime()).toBe(Date.parse(sessions[0]!.startsAt));
    expect(events[0]!.endDate.toJSDate().getTime()).toBe(Date.parse(sessions[0]!.endsAt));
    expect(events[0]!.summary).toBe('Test workshop (session 1 of 2)');
    expect(events[0]!.location).toContain('Sala de grupos');
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
  });

  it('refuses bad input with translated errors and stores nothing', async () => {
    const w = await createWorkshop();
    const before = (await statuses(w.id)).length;
    const es = visitor('es');
    const noConsent = await register(es, w.id, 'a@example.com', { consent: false });
    expect(noConsent.status).toBe(400);
    expect(JSON.stringify(noConsent.body)).toContain('consent_required');
    expect((await register(es, w.id, 'not-an-address')).status).toBe(400);
    expect((await register(es, w.id, 'b@example.com', { diagnosis: 'x' })).status).toBe(400);
    expect((await register(es, w.id, 'c@example.com', { name: 'a\u0000b' })).status).toBe(400);
    const unknown = await register(es, '00000000-0000-4000-8000-000000000000', 'd@example.com');
    expect(unknown.status).toBe(404);
    expect(await statuses(w.id)).toHaveLength(before);
    // the same address twice: 409 with the message in the visitor's language
    expect((await register(es, w.id, 'twice@example.com')).status).toBe(201);
    const again = await register(visitor('es'), w.id, 'TWICE@example.com');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_registered');
    expect(again.body.error.message).toContain('ya está inscrita');
  });

  it('a filled-in honeypot stores nothing; at most 5 registrations per address an hour', async () => {
    const w = await createWorkshop({ capacity: 50 });
    const bot = server.client({ ip: '192.0.2.77' });
    const trap = await register(bot, w.id, 'bot@example.com', { website: 'http://spam' });
    expect(trap.status).toBe(202);
    expect((await statuses(w.id)).length).toBe(0);
    for (let i = 0; i < 5; i++)
      expect((await register(bot, w.id, `same-ip${i}@example.com`)).status).toBe(201);
    const sixth = await register(bot, w.id, 'same-ip6@example.com');
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('3600');
  });

  it('asking whether addresses are registered runs out too: every attempt counts', async () => {
    const w = await createWorkshop({ capacity: 50 });
    const prober = server.client({ ip: '192.0.2.88' });
    expect((await register(prober, w.id, 'known@example.com')).status).toBe(201);
    const answers: number[] = [];
    for (let i = 1; i < WORKSHOP_LIMITS.attemptsPerAddressPerHour + 3; i++)
      answers.push((await register(prober, w.id, 'known@example.com')).status);
    expect(
      answers.slice(0, WORKSHOP_LIMITS.attemptsPerAddressPerHour - 1).every((s) => s === 409),
    ).toBe(true);
    expect(answers.slice(WORKSHOP_LIMITS.attemptsPerAddressPerHour - 1)).toEqual([429, 429, 429]);
  });

  it('a workshop whose first session has started is closed', async () => {
    const w = await createWorkshop({
      sessions: [
        {
          startsAt: new Date(Date.now() - 3600_000).toISOString(),
          endsAt: new Date(Date.now() + 3600_000).toISOString(),
        },
      ],
    });
    const res = await register(visitor(), w.id, 'late@example.com');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('workshop_closed');
  });
});

describe('waitlist, offers and links', () => {
  it('a cancellation offers the seat to the first waitlisted person, who confirms through the link', async () => {
    const w = await createWorkshop({ capacity: 1 });
    await register(visitor(), w.id, 'seat@example.com');
    await register(visitor(), w.id, 'first@example.com');
    await register(visitor(), w.id, 'second@example.com');
    const [confirmation] = await outboxFor('seat@example.com', 'workshop.confirmed');
    const cancelToken = linkIn(confirmation!.text, 'anular');

    const cancelled = await anon.post('/api/site/workshops/cancel', { token: cancelToken });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('done');
    // reused
    const reused = await anon.post('/api/site/workshops/cancel', { token: cancelToken });
    expect(reused.status).toBe(410);
    expect(reused.body.error.code).toBe('workshop_link_used');

    const rows = await statuses(w.id);
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'offered', 'waitlisted']);
    const [offer] = await outboxFor('first@example.com', 'workshop.offer');
    expect(offer).toBeDefined();
    const offerToken = linkIn(offer!.text, 'confirmar');
    // an offer token is not a cancel token (single purpose)
    expect((await anon.post('/api/site/workshops/cancel', { token: offerToken })).status).toBe(404);
    const confirmed = await anon.post('/api/site/workshops/confirm', { token: offerToken });
    expect(confirmed.status).toBe(200);
    expect((await statuses(w.id)).map((r) => r.status)).toEqual([
      'cancelled',
      'confirmed',
      'waitlisted',
    ]);
    const [mail] = await outboxFor('first@example.com', 'workshop.confirmed');
    expect(mail!.attachments![0]!.content).toContain('BEGIN:VCALENDAR');
    expect((await anon.post('/api/site/workshops/confirm', { token: offerToken })).status).toBe(
      410,
    );
  });

  it('an offer that lapses goes to the next person, exactly once even when two runs race', async () => {
    const w = await createWorkshop({ capacity: 1 });
    await register(visitor(), w.id, 'holder@example.com');
    await register(visitor(), w.id, 'slow@example.com');
    await register(visitor(), w.id, 'next@example.com');
    const [confirmation] = await outboxFor('holder@example.com', 'workshop.confirmed');
    await anon.post('/api/site/workshops/cancel', { token: linkIn(confirmation!.text, 'anular') });
    const [offer] = await outboxFor('slow@example.com', 'workshop.offer');
    const lateToken = linkIn(offer!.text, 'confirmar');
    await server.sql(
      `update workshop_registration set offer_expires_at = now() - interval '1 minute'
       where workshop_id = $1 and status = 'offered'`,
      [w.id],
    );
    const runs = await Promise.all([
      processLapsedOffers(server.deps),
      processLapsedOffers(server.deps),
      processLapsedOffers(server.deps),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await statuses(w.id)).map((r) => r.status)).toEqual(['cancelled', 'lapsed', 'offered']);
    expect(await outboxFor('next@example.com', 'workshop.offer')).toHaveLength(1);
    const late = await anon.post('/api/site/workshops/confirm', { token: lateToken });
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('workshop_link_expired');
  });

  it('tampered and expired cancel links are refused', async () => {
    const w = await createWorkshop({ capacity: 2 });
    await register(visitor(), w.id, 'tamper@example.com');
    const [mail] = await outboxFor('tamper@example.com', 'workshop.confirmed');
    const token = linkIn(mail!.text, 'anular');
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const tampered = await anon.post('/api/site/workshops/cancel', { token: flipped });
    expect(tampered.status).toBe(404);
    expect(tampered.body.error.code).toBe('workshop_link_invalid');
    expect((await anon.post('/api/site/workshops/cancel', { token: 'short' })).status).toBe(404);
    // the workshop has started: too late to cancel online
    await server.sql(
      `update workshop_session set starts_at = now() - interval '1 hour' where workshop_id = $1`,
      [w.id],
    );
    const expired = await anon.post('/api/site/workshops/cancel', { token });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('workshop_link_expired');
    expect((await statuses(w.id))[0]!.status).toBe('confirmed');
  });
});

describe('staff', () => {
  it('only administrators reach the staff routes; anonymous visitors are 401', async () => {
    expect((await anon.get('/api/admin/workshops')).status).toBe(401);
    for (const role of ['specialist', 'researcher', 'user'] as const) {
      const client = await server.signIn(DEMO[role]);
      expect((await client.get('/api/admin/workshops')).status).toBe(403);
      expect((await client.post('/api/admin/workshops', workshopInput())).status).toBe(403);
    }
    const list = await admin.get('/api/admin/workshops');
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThanOrEqual(3);
  });

  it('lists registrations and the waitlist, cancels one (the waitlist moves), exports CSV, audits', async () => {
    const w = await createWorkshop({ capacity: 1 });
    await register(visitor(), w.id, 'staff-a@example.com', { name: '=HYPERLINK("x")' });
    await register(visitor(), w.id, 'staff-b@example.com');
    const list = await admin.get(`/api/admin/workshops/${w.id}/registrations`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { status: string }) => r.status)).toEqual([
      'confirmed',
      'waitlisted',
    ]);
    expect(list.body.items[1].position).toBe(1);
    const cancel = await admin.post(
      `/api/admin/workshops/${w.id}/registrations/${list.body.items[0].id}/cancel`,
      {},
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
    expect(
      (
        await admin.post(
          `/api/admin/workshops/${w.id}/registrations/${list.body.items[0].id}/cancel`,
          {},
        )
      ).status,
    ).toBe(409);
    expect(await outboxFor('staff-b@example.com', 'workshop.offer')).toHaveLength(1);
    const csv = await admin.get(`/api/admin/workshops/${w.id}/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.text).toContain('staff-b@example.com');
    const audit = await server.sql<{ action: string }>(
      `select action from audit_log where record_id = $1 or record_id = $2`,
      [w.id, list.body.items[0].id],
    );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'workshops.create',
        'workshops.registrations.list',
        'workshops.registration.cancel',
      ]),
    );
  });

  it('refuses bad workshop input and a capacity below the seats taken; a larger capacity offers seats', async () => {
    expect(
      (await admin.post('/api/admin/workshops', workshopInput({ titleEn: null }))).status,
    ).toBe(400);
    expect(
      (await admin.post('/api/admin/workshops', workshopInput({ venue: null, onlineUrl: null })))
        .status,
    ).toBe(400);
    expect(
      (await admin.post('/api/admin/workshops', workshopInput({ timeZone: 'Mars/Base' }))).status,
    ).toBe(400);
    expect((await admin.post('/api/admin/workshops', workshopInput({ capacity: 0 }))).status).toBe(
      400,
    );
    expect((await admin.post('/api/admin/workshops', workshopInput({ extra: 1 }))).status).toBe(
      400,
    );
    const input = workshopInput({ capacity: 2 });
    const w = (await admin.post('/api/admin/workshops', input)).body as { id: string };
    // the same address twice: a field error on the slug, translated, and nothing stored
    const twice = await admin.post('/api/admin/workshops', { ...input });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details).toEqual([
      expect.objectContaining({ path: 'slug', code: 'slug_taken' }),
    ]);
    expect(await server.sql('select id from workshop where slug = $1', [input.slug])).toHaveLength(
      1,
    );
    // and an edit that takes another workshop's address
    const other = (
      await admin.post('/api/admin/workshops', workshopInput({ slug: `${input.slug}-b` }))
    ).body as { id: string };
    const taken = await admin.request('PUT', `/api/admin/workshops/${other.id}`, {
      json: workshopInput({ slug: input.slug }),
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error.details[0]).toMatchObject({ path: 'slug', code: 'slug_taken' });
    for (const e of ['cap-a', 'cap-b', 'cap-c'])
      await register(visitor(), w.id, `${e}@example.com`);
    const lower = await admin.request('PUT', `/api/admin/workshops/${w.id}`, {
      json: { ...input, capacity: 1 },
    });
    expect(lower.status).toBe(409);
    expect(lower.body.error.code).toBe('capacity_below_taken');
    const higher = await admin.request('PUT', `/api/admin/workshops/${w.id}`, {
      json: { ...input, capacity: 3 },
    });
    expect(higher.status).toBe(200);
    expect(higher.body).toMatchObject({ confirmed: 2, offered: 1, waitlisted: 0 });
  });
});

describe('pages', () => {
  it('/taller in Spanish with prices in euros, Event JSON-LD, hreflang; /taller-USA in English by default', async () => {
    const es = await server.client({ lang: 'es' }).get('/taller');
    expect(es.status).toBe(200);
    expect(es.text).toContain('Programa de manejo del estrés y el dolor (8 semanas)');
    expect(es.text).toMatch(/240\s€/);
    expect(es.text).toContain('"@type":"EventSeries"');
    expect(es.text).toContain('"priceCurrency":"EUR"');
    expect(es.text).toContain('hreflang="en"');
    expect(es.text).toContain('action="/api/site/workshops/register-form"');
    expect(es.text).toContain('data-island="local-times"');
    // every placeholder filled (the island's props carry its own template)
    expect(es.text.replace(/<script[\s\S]*?<\/script>/g, '')).not.toMatch(/\{\{?\w+\}\}?/);
    expect(es.text).toContain('Horario: hora de Europa central');
    expect(es.text).toMatch(/Quedan \d+ de 12 plazas/);
    const us = await server.client({ lang: 'es' }).get('/taller-USA');
    expect(us.status).toBe(200);
    expect(us.text).toContain('<html lang="en"');
    expect(us.text).toContain('Mindful pain management (6 weeks, online)');
    expect(us.text).toContain('$180');
    expect(us.text).not.toContain('meet.painlab.example');
    const usEs = await server.client().get('/taller-USA?lang=es');
    expect(usEs.text).toContain('Manejo del dolor con atención plena');
    const sitemap = await anon.get('/sitemap.xml');
    expect(sitemap.text).toContain('/taller-USA?lang=en');
  });

  it('registers without JavaScript (303 to the result page), shows errors with what was typed, and the cancel page asks before acting', async () => {
    const w = await createWorkshop({ capacity: 5 });
    const client = visitor('es');
    const post = (body: Record<string, string>) =>
      client.request('POST', '/api/site/workshops/register-form', {
        body: new URLSearchParams(body).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const bad = await post({ workshopId: w.id, name: 'Ana Ruiz', email: 'nope', lang: 'es' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Escriba una dirección de correo válida.');
    expect(bad.text).toContain('value="Ana Ruiz"');
    const ok = await post({
      workshopId: w.id,
      name: 'Ana Ruiz',
      email: 'form@example.com',
      consent: 'on',
      lang: 'es',
      from: '/taller',
    });
    expect(ok.status).toBe(303);
    const location = ok.headers.get('location')!;
    expect(location).toMatch(/^\/taller\/inscripcion\?/);
    expect(location).toContain('desde=%2Ftaller');
    const result = await client.get(location);
    expect(result.text).toContain('Plaza confirmada');
    expect(result.text).toContain('noindex');
    const [mail] = await outboxFor('form@example.com', 'workshop.confirmed');
    const token = linkIn(mail!.text, 'anular');
    const ask = await client.get(`/taller/anular?t=${token}`);
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('Sí, anular mi inscripción');
    expect((await statuses(w.id))[0]!.status).toBe('confirmed');
    const done = await client.request('POST', '/api/site/workshops/cancel-form', {
      body: new URLSearchParams({ t: token, lang: 'es' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain('está anulada');
    expect((await client.get('/taller/anular?t=bad')).status).toBe(404);
  });
});
