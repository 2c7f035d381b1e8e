// Baseline for bench/run.mjs: a bare node:http + pg server doing the work /api/me needs at minimum —
// one indexed lookup of the session token joined to its user — and answering JSON. No framework,
// no auth library, no audit. The full stack is measured against this in the same run.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const server = http.createServer(async (req, res) => {
  try {
    if (req.url === '/health') {
      await pool.query('select 1');
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"status":"ok","database":"ok"}');
    }
    const cookie = /painlab\.session_token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const token = cookie ? decodeURIComponent(cookie).split('.')[0] : null;
    const { rows } = await pool.query(
      'select u.id, u.name, u.email, u.role, s.expires_at from session s join "user" u on u.id = s.user_id where s.token = $1 and s.expires_at > now()',
      [token],
    );
    if (!rows[0]) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"error":{"code":"unauthenticated"}}');
    }
    const { id, name, email, role, expires_at } = rows[0];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ user: { id, name, email }, role, session: { expiresAt: expires_at } }));
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
