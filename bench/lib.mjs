// Helpers shared by the benchmarks: ports, the real server as a child process, sign-in, sequential
// timed GETs over one keep-alive socket, autocannon runs, percentiles. Loopback only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

export const here = path.dirname(new URL(import.meta.url).pathname);
export const root = path.dirname(here);
export const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/**
 * The demo accounts' password in the bench's servers. They run in production mode, where the
 * documented demo password is refused (the server does not start with it), so the bench seeds its own.
 */
export const BENCH_PASSWORD = process.env.DEMO_PASSWORD ?? 'bench-demo-password-2026';

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(url, ms = 120_000, proc) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc && proc.exitCode !== null)
      throw new Error(`server exited (${proc.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`not ready: ${url}`);
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` in production mode on a free port, with either
 * DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite). `cpuProfDir` adds --cpu-prof (written on SIGTERM,
 * which main.ts answers with a clean exit).
 */
export async function startApp({ databaseUrl, dataDir, cpuProfDir, extraEnv = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ['--import', 'tsx'];
  if (cpuProfDir) {
    fs.mkdirSync(cpuProfDir, { recursive: true });
    args.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`);
  }
  args.push(path.join(root, 'apps/server/src/main.ts'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '1000',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: BENCH_PASSWORD,
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: SECRET,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else env.DATA_DIR = dataDir;
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitFor(`${url}/api/health`, 180_000, proc);
  } catch (error) {
    await stop();
    throw error;
  }
  return { proc, port, url, stop };
}

/** Signs in through better-auth; returns the Cookie header to send. */
export async function signIn(url, email = 'specialist@demo.painlab.test') {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on a kept-alive loopback socket; the time runs from sending to the last body byte. */
export function timedGet(port, pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          ms: performance.now() - t0,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${pathname}`)));
    req.on('error', reject);
    req.end();
  });
}

export function percentile(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 0.5),
    p90: percentile(s, 0.9),
    p99: percentile(s, 0.99),
    max: s.at(-1),
  };
}

/**
 * autocannon for `seconds` at `connections`; `paths` (optional) is a list the requests cycle through
 * in random order.
 */
export function load(url, { seconds, connections = 10, headers = {}, paths } = {}) {
  const opts = { url, connections, duration: seconds, headers };
  if (paths?.length) {
    opts.requests = [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }),
      },
    ];
  }
  return new Promise((resolve, reject) =>
    autocannon(opts, (err, r) =>
      err
        ? reject(err)
        : resolve({
            rps: r.requests.average,
            total: r.requests.total,
            p50: r.latency.p50,
            p99: r.latency.p99,
            non2xx: r.non2xx,
            errors: r.errors,
            timeouts: r.timeouts,
          }),
    ),
  );
}

/** Resident memory of a process, MB (Linux). */
export function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}
