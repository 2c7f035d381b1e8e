// Baseline for bench/realtime.mjs: a bare node:http server holding server-sent-event streams and one
// LISTEN connection. `POST /notify?id=…` runs `select pg_notify('bench_rt', id)` and answers; every
// process LISTENing (two run, like the two real instances) writes `data: <id>` to each stream it
// holds. No session, no framework, no event table, no audit: the least work that gets one event from
// an HTTP request to 200 browsers through PostgreSQL across two processes.
import http from 'node:http';
import pg from 'pg';

const CHANNEL = 'bench_rt';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
const streams = new Set();

await listener.connect();
await listener.query(`LISTEN ${CHANNEL}`);
listener.on('notification', (n) => {
  const frame = `event: task.changed\ndata: {"taskId":"${n.payload}"}\n\n`;
  for (const res of streams) res.write(frame);
});

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && url.pathname === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write('event: ready\ndata: {}\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/notify') {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, url.searchParams.get('id')]);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: url.searchParams.get('id') }));
      return;
    }
    if (url.pathname === '/health') return res.end('ok');
    res.writeHead(404).end();
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
