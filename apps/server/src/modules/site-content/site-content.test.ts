/**
 * The public site's content through the real server (PGlite, or PostgreSQL with TEST_DB_KIND): only
 * published posts and consented testimonials, language fallback, 404s, the sanitiser against script
 * injection, and the contact form (bad input stores nothing, honeypot, per-address limit, outbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@painlab/shared/permissions';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../../test/harness';
import { renderMarkdown } from './markdown';

let server: TestServer;
let anon: ApiClient;

beforeAll(async () => {
  // the per-address limit reads X-Forwarded-For from this (trusted) proxy
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
  anon = server.client({ ip: '203.0.113.10' });
});
afterAll(async () => {
  await server?.close();
});

const count = async (table: string) =>
  (await server.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

describe('published content', () => {
  it('lists published posts only, newest first, with tags and pages', async () => {
    const res = await anon.get('/api/site/posts?lang=es');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(7);
    expect(res.body.items).toHaveLength(6);
    expect(res.body.pages).toBe(2);
    expect(res.body.items[0].slug).toBe('que-es-el-dolor-cronico');
    expect(res.body.items.map((p: { slug: string }) => p.slug)).not.toContain(
      'borrador-dolor-de-cabeza',
    );
    expect(res.body.tags).toContain('ejercicio');
    const page2 = await anon.get('/api/site/posts?page=2');
    expect(page2.body.items).toHaveLength(1);
  });

  it('filters by tag and by words, in either language', async () => {
    const tagged = await anon.get('/api/site/posts?tag=ejercicio');
    expect(tagged.body.items.map((p: { slug: string }) => p.slug).sort()).toEqual([
      'ejercicio-cuando-duele',
      'rodilla-artrosis-mitos',
    ]);
    const words = await anon.get('/api/site/posts?q=insomnia&lang=en');
    expect(words.body.items.map((p: { slug: string }) => p.slug)).toEqual([
      'dormir-mejor-con-dolor',
    ]);
    const wild = await anon.get(`/api/site/posts?q=${encodeURIComponent('%_\\')}`);
    expect(wild.status).toBe(200);
    expect(wild.body.total).toBe(0);
  });

  it('a post in English, or in Spanish marked as a fallback; related posts; drafts and unknown slugs are 404', async () => {
    const en = await anon.get('/api/site/posts/que-es-el-dolor-cronico?lang=en');
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({
      lang: 'en',
      fallback: false,
      author: { slug: 'sofia-herrera' },
    });
    expect(en.body.bodyHtml).toContain('<h2>');
    expect(en.body.related.length).toBeGreaterThan(0);
    const fallback = await anon.get('/api/site/posts/rodilla-artrosis-mitos?lang=en');
    expect(fallback.body).toMatchObject({ lang: 'es', fallback: true });
    expect((await anon.get('/api/site/posts/borrador-dolor-de-cabeza')).status).toBe(404);
    expect((await anon.get('/api/site/posts/no-existe')).status).toBe(404);
    // a scheduled post appears only once its date has come
    await server.sql(
      "update site_post set status = 'scheduled', publish_at = now() + interval '1 day' where slug = 'revisar-la-medicacion'",
    );
    expect((await anon.get('/api/site/posts/revisar-la-medicacion')).status).toBe(404);
    await server.sql(
      "update site_post set publish_at = now() - interval '1 minute' where slug = 'revisar-la-medicacion'",
    );
    expect((await anon.get('/api/site/posts/revisar-la-medicacion')).status).toBe(200);
  });

  it('specialists and their profiles; unknown slug is 404', async () => {
    const list = await anon.get('/api/site/specialists?lang=en');
    expect(list.body.items).toHaveLength(4);
    const one = await anon.get('/api/site/specialists/marta-castillo?lang=en');
    expect(one.status).toBe(200);
    expect(one.body.specialist.bioHtml).toContain('<strong>');
    expect(one.body.posts.length).toBeGreaterThanOrEqual(3);
    expect((await anon.get('/api/site/specialists/nadie')).status).toBe(404);
  });

  it('testimonials: only consented ones, and a withdrawn consent hides one at once', async () => {
    const res = await anon.get('/api/site/testimonials?lang=es');
    expect(res.body.items).toHaveLength(6);
    expect(JSON.stringify(res.body)).not.toContain('retiró');
    const first = res.body.items[0];
    await server.sql(
      'update site_testimonial_consent set withdrawn_at = now() where testimonial_id = $1',
      [first.id],
    );
    const after = await anon.get('/api/site/testimonials?lang=en');
    expect(after.body.items).toHaveLength(5);
    expect(after.body.items.map((t: { id: string }) => t.id)).not.toContain(first.id);
    // a text changed after consent is not covered by it
    const second = after.body.items[0];
    await server.sql("update site_testimonial set quote = quote || ' (editado)' where id = $1", [
      second.id,
    ]);
    expect((await anon.get('/api/site/testimonials')).body.items).toHaveLength(4);
  });

  it('page texts per language', async () => {
    const es = await anon.get('/api/site/pages/chronic-pain-therapy?lang=es');
    expect(es.body).toMatchObject({ lang: 'es', title: 'Terapia del dolor crónico' });
    expect(es.body.bodyHtml).toContain('Cochrane');
    expect(es.body.bodyHtml).toContain('rel="noopener noreferrer"');
    expect((await anon.get('/api/site/pages/nope')).status).toBe(400);
  });
});

describe('the sanitiser', () => {
  const PAYLOADS = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="javascript:alert(1)">x</a>',
    '<svg onload=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '![x](x" onerror="alert(1))',
    '<details open ontoggle=alert(1)>',
    '<a href="//evil.example">x</a>',
  ];
  it.each(PAYLOADS)('leaves nothing that runs: %s', (payload) => {
    const html = renderMarkdown(`Texto\n\n${payload}\n\nFin`);
    expect(html).not.toMatch(/<script|<img|<svg|<iframe|<style|<math|<details/i);
    // no event handler, style or dangerous link inside any tag (text may say anything)
    expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
    expect(html).not.toMatch(/<[^>]*href="\s*(javascript|data|\/\/)/i);
    expect(html).not.toMatch(/<[^>]*style=/i);
    expect(html).toContain('Texto');
  });
  it('keeps the Markdown it should', () => {
    const html = renderMarkdown(
      '# Title\n\n**bold** [link](https://example.org) [in](/blog)\n\n- a',
    );
    expect(html).toBe(
      '<h2>Title</h2>\n<p><strong>bold</strong> <a href="https://example.org" rel="noopener noreferrer" target="_blank">link</a> <a href="/blog">in</a></p>\n<ul>\n<li>a</li>\n</ul>\n',
    );
  });
});

describe('contact form', () => {
  const GOOD = {
    name: 'Lucía Prueba',
    email: 'lucia@example.org',
    phone: '+34 600 000 000',
    reason: 'first_visit',
    message: 'Quisiera pedir una primera visita por dolor lumbar.',
    consent: true,
  };

  it('stores a message and queues the e-mail to reception in the same transaction', async () => {
    const before = await count('outbox_message');
    const res = await server.client({ ip: '198.51.100.1' }).post('/api/site/contact', GOOD);
    expect(res.status).toBe(202);
    const rows = await server.sql<{ name: string; handled: boolean; lang: string }>(
      "select name, handled, lang from site_contact_message where email = 'lucia@example.org'",
    );
    expect(rows).toEqual([{ name: 'Lucía Prueba', handled: false, lang: 'en' }]);
    const mail = await server.sql<{ recipient: string; subject: string; text: string }>(
      "select recipient, subject, text from outbox_message where template = 'site.contact_message'",
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipient).toBe('recepcion@painlab.example');
    expect(mail[0]!.text).toContain('Quisiera pedir una primera visita');
    expect(await count('outbox_message')).toBe(before + 1);
  });

  it.each([
    ['no name', { name: '' }, 'name', 'required'],
    ['a bad e-mail', { email: 'no-es-correo' }, 'email', 'invalid_email'],
    ['a bad phone', { phone: 'call me<script>' }, 'phone', 'invalid_phone'],
    ['an unknown reason', { reason: 'sales' }, 'reason', 'invalid_reason'],
    ['no consent', { consent: false }, 'consent', 'consent_required'],
    ['a huge message', { message: 'x'.repeat(4001) }, 'message', 'too_long'],
    ['a NUL byte', { name: 'Ana\u0000' }, 'name', 'invalid_text'],
    ['a wrong type', { message: 42 }, 'message', 'required'],
    ['an unknown field', { diagnosis: 'lumbalgia' }, '', 'unrecognized_keys'],
  ])('rejects %s and stores nothing', async (_label, change, path, message) => {
    const before = await count('site_contact_message');
    const outbox = await count('outbox_message');
    const res = await server.client({ ip: '198.51.100.2', lang: 'es' }).post('/api/site/contact', {
      ...GOOD,
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/[a-záéíóú]/i);
    if (message === 'invalid_text') {
      // the API's own guard refuses control characters in any text before the route runs
      expect(res.body.error.code).toBe('invalid_text');
    } else {
      expect(res.body.error.code).toBe('validation_failed');
      const issue = res.body.error.details.find((d: { path: string }) => d.path === path);
      expect(message === 'unrecognized_keys' ? issue?.code : issue?.message).toBe(message);
    }
    expect(await count('site_contact_message')).toBe(before);
    expect(await count('outbox_message')).toBe(outbox);
  });

  it('a filled-in honeypot is answered as a success and stores nothing', async () => {
    const before = await count('site_contact_message');
    const res = await server
      .client({ ip: '198.51.100.3' })
      .post('/api/site/contact', { ...GOOD, website: 'http://spam.example' });
    expect(res.status).toBe(202);
    expect(await count('site_contact_message')).toBe(before);
  });

  it('limits one address to 5 messages an hour, also when they arrive at once', async () => {
    const client = server.client({ ip: '198.51.100.4' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.post('/api/site/contact', { ...GOOD, email: `flood${i}@example.org` }),
      ),
    );
    expect(results.filter((r) => r.status === 202)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[0]!.body.error.code).toBe('rate_limited');
    const stored = await server.sql<{ n: number }>(
      "select count(*)::int as n from site_contact_message where email like 'flood%'",
    );
    expect(stored[0]!.n).toBe(5);
    // another address is not affected
    const other = await server.client({ ip: '198.51.100.5' }).post('/api/site/contact', GOOD);
    expect(other.status).toBe(202);
  });
});

describe('contact messages for staff', () => {
  it('only administrators list them and mark them handled; each read and change is audited', async () => {
    await server.client({ ip: '198.51.100.9' }).post('/api/site/contact', {
      name: 'Para Administración',
      email: 'admin-list@example.org',
      reason: 'other',
      message: 'Mensaje para la lista de administración.',
      consent: true,
    });
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const other = await server.signIn(DEMO[role]);
      expect((await other.get('/api/admin/contact-messages')).status, role).toBe(403);
    }
    expect((await anon.get('/api/admin/contact-messages')).status).toBe(401);

    const admin = await server.signIn(DEMO.admin);
    const list = await admin.get('/api/admin/contact-messages');
    expect(list.status).toBe(200);
    const item = list.body.items.find(
      (m: { email: string }) => m.email === 'admin-list@example.org',
    );
    expect(item).toMatchObject({ handled: false, reason: 'other', handledAt: null });
    // open ones first
    expect(list.body.items[0].handled).toBe(false);

    const specialist = await server.signIn(DEMO.specialist);
    expect(
      (await specialist.patch(`/api/admin/contact-messages/${item.id}`, { handled: true })).status,
    ).toBe(403);
    const marked = await admin.patch(`/api/admin/contact-messages/${item.id}`, { handled: true });
    expect(marked.status).toBe(200);
    expect(marked.body.handled).toBe(true);
    expect(marked.body.handledAt).toBeTruthy();
    const reopened = await admin.patch(`/api/admin/contact-messages/${item.id}`, {
      handled: false,
    });
    expect(reopened.body).toMatchObject({ handled: false, handledAt: null });

    expect(
      (
        await admin.patch('/api/admin/contact-messages/00000000-0000-4000-8000-000000000000', {
          handled: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (await admin.patch(`/api/admin/contact-messages/${item.id}`, { handled: 'yes' })).status,
    ).toBe(400);
    expect(
      (await admin.patch('/api/admin/contact-messages/no-uuid', { handled: true })).status,
    ).toBe(400);

    const audit = await server.sql<{ action: string; record_id: string | null }>(
      "select action, record_id from audit_log where action like 'site.contact_message%' order by occurred_at",
    );
    expect(audit.map((a) => a.action)).toEqual([
      'site.contact_messages.list',
      'site.contact_message.handled',
      'site.contact_message.reopened',
    ]);
    expect(audit[1]!.record_id).toBe(item.id);
  });
});
