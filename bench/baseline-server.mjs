// Baseline for bench/run.mjs: a bare node:http + pg server doing the work /api/me needs at minimum —
// one indexed lookup of the session token joined to its user — and answering JSON. No framework,
// no auth library, no audit. The full stack is measured against this in the same run.
// For bench/patients.mjs:
// - `/patients/:id`: the one indexed SELECT a patient read needs; no session, no audit (the budget's
//   reference: the full stack must reach ≥ 0.5× of this);
// - `/patients-audited/:id`: the database work the full stack does for that read, with nothing
//   around it: the session⋈user lookup of /me (kept 5 s per token, as the server's session cache
//   does), then, as the server's chart reader does, the reads of concurrent requests in one statement
//   (up to 4 at once): the patients joined to their specialist with the pending-invite date, and an
//   audit row for each patient found, inserted by the same statement (each request waits for its
//   commit), into `bench_audit_log`, a copy of audit_log, so the real chain is left alone. It shows
//   how much of the gap is the database work the requirement asks for and how much is the stack.
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const PATIENT_BY_ID = `select id, name, birth_date, gender, category, priority, status, contact_number, email,
  symptoms, medical_history, current_medications, allergies, assigned_specialist_id, user_id, version,
  created_at, updated_at from patient where id = $1 and deleted_at is null`;
const PATIENT_PATH = /^\/patients\/([0-9a-f-]{36})$/;
const AUDITED_PATH = /^\/patients-audited\/([0-9a-f-]{36})$/;
const SESSION = `select u.id, u.name, u.email, u.role, s.expires_at from session s join "user" u on u.id = s.user_id
  where s.token = $1 and s.expires_at > now()`;
// The reads of a batch and their audit rows in one statement, as the server's chart reader does.
const AUDITED_BATCH = `with req as (
    select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])
      with ordinality as r(id, user_id, role, ip, request_id, ord)),
  found as (select r.ord, p.id, p.name, p.birth_date, p.gender, p.category, p.priority,
    p.status, p.contact_number, p.email, p.symptoms, p.medical_history, p.current_medications,
    p.allergies, p.assigned_specialist_id, s.name as assigned_specialist_name, p.user_id, p.version,
    p.created_at, p.updated_at,
    (select max(i.created_at) from patient_invite i
      where i.patient_id = p.id and i.used_at is null and i.expires_at > now()) as invited_at
    from req r join patient p on p.id = r.id and p.deleted_at is null
    left join "user" s on s.id = p.assigned_specialist_id),
  audited as (insert into bench_audit_log (occurred_at, actor_user_id, actor_role, action, resource,
      record_id, patient_id, outcome, ip, request_id, details)
    select date_trunc('milliseconds', now()), r.user_id, r.role, 'patients.view', 'patients',
      f.id::text, f.id::text, 'success', r.ip, r.request_id, null
    from found f join req r on r.ord = f.ord order by f.ord)
  select * from found`;

// Requests that arrive together share a statement: a batch starts on the next tick and takes
// everything queued by then; up to 4 batches run at once; each caller waits for its row's commit.
const queue = [];
let inFlight = 0;
let scheduled = false;
async function runBatch(batch) {
  inFlight += 1;
  try {
    const { rows } = await pool.query({
      name: 'audited_batch',
      text: AUDITED_BATCH,
      values: ['patientId', 'userId', 'role', 'ip', 'requestId'].map((k) => batch.map((b) => b[k])),
    });
    const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
    batch.forEach((b, i) => b.resolve(byOrd.get(i + 1) ?? null));
  } catch (error) {
    for (const b of batch) b.reject(error);
  } finally {
    inFlight -= 1;
    if (queue.length > 0) schedule();
  }
}
function schedule() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    while (queue.length > 0 && inFlight < 4) void runBatch(queue.splice(0, 500));
  });
}
const auditedRead = (request) =>
  new Promise((resolve, reject) => {
    queue.push({ ...request, resolve, reject });
    schedule();
  });
// The session lookup, kept 5 s per token (the server's SESSION_CACHE_MS).
const sessions = new Map();
async function sessionOf(token) {
  const hit = sessions.get(token);
  if (hit && hit.until > Date.now()) return hit.rows;
  const { rows } = await pool.query(SESSION, [token]);
  sessions.set(token, { rows, until: Date.now() + 5000 });
  return rows;
}
const tokenOf = (req) => {
  const cookie = /painlab\.session_token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  return cookie ? decodeURIComponent(cookie).split('.')[0] : null;
};
const server = http.createServer(async (req, res) => {
  try {
    if (req.url === '/health') {
      await pool.query('select 1');
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"status":"ok","database":"ok"}');
    }
    const patientId = PATIENT_PATH.exec(req.url)?.[1];
    if (patientId) {
      const { rows } = await pool.query(PATIENT_BY_ID, [patientId]);
      res.writeHead(rows[0] ? 200 : 404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(rows[0] ?? { error: { code: 'not_found' } }));
    }
    const auditedId = AUDITED_PATH.exec(req.url)?.[1];
    const rows = auditedId
      ? await sessionOf(tokenOf(req))
      : (await pool.query(SESSION, [tokenOf(req)])).rows;
    if (auditedId && rows[0]) {
      const found = await auditedRead({
        patientId: auditedId,
        userId: rows[0].id,
        role: rows[0].role,
        ip: req.socket.remoteAddress,
        requestId: crypto.randomUUID(),
      });
      res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(found ?? { error: { code: 'not_found' } }));
    }
    if (!rows[0]) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"error":{"code":"unauthenticated"}}');
    }
    const { id, name, email, role, expires_at } = rows[0];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ user: { id, name, email }, role, session: { expiresAt: expires_at } }),
    );
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
