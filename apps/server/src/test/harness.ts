/**
 * Test harness: the real server (real app, real migrations, real auth) on a fresh database —
 * a new PGlite folder, or, when TEST_DB_KIND=postgres, a new database on TEST_DATABASE_URL —
 * listening on a free loopback port, plus a small cookie-keeping HTTP client.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { DEMO, DEMO_PASSWORD, MINIMAL_PATIENT, SAMPLE_PATIENT } from '@painlab/shared/personas';
import { loadEnv } from '../env';
import { createLogger, type Logger } from '../lib/logger';
import { createUser } from '../modules/users/users.service';
import { startServer, type RunningServer } from '../server';
import { freePort, seedsAsTemplate, testServerEnv } from './test-env';

// The demo accounts and patient fixtures are defined once, in packages/shared/src/personas.ts.
export { DEMO, DEMO_PASSWORD, MINIMAL_PATIENT, SAMPLE_PATIENT };

export { freePort };

export const dbKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

async function createPostgresDatabase(
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `painlab_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // a copy of a database migrated (and seeded) once for the run (test/global-setup.ts)
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestServer extends RunningServer {
  client(options?: { ip?: string; lang?: string }): ApiClient;
  signIn(email: string, password?: string): Promise<ApiClient>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The id of the account with this e-mail address (throws when there is none). */
  userId(email: string): Promise<string>;
  dataDir: string;
}

export async function startTestServer(
  overrides: Record<string, string> = {},
  logger?: Logger,
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-test-'));
  // A copy of the database migrated once for the run, with the demo data already seeded unless
  // these overrides change the seed (test/global-setup.ts, test/test-env.ts).
  const seeded = seedsAsTemplate(overrides) ? inject('seededTemplate') : undefined;
  if (seeded)
    fs.copyFileSync(path.join(seeded.dir, 'auth-secret'), path.join(dataDir, 'auth-secret'));
  const postgres =
    dbKind === 'postgres'
      ? await createPostgresDatabase(seeded?.database ?? inject('postgresTemplate'))
      : null;
  if (!postgres && !overrides.DATA_DIR) {
    const pgdata = seeded ? path.join(seeded.dir, 'pgdata') : inject('pgliteTemplate');
    fs.cpSync(pgdata, path.join(dataDir, 'pgdata'), { recursive: true });
  }
  const port = await freePort();
  const env = loadEnv(testServerEnv({ port, dataDir, databaseUrl: postgres?.url, overrides }));
  const running = await startServer(
    env,
    logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
  );
  const server: TestServer = {
    ...running,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    client: (options) => new ApiClient(`http://127.0.0.1:${port}`, options),
    signIn: async (email, password = DEMO_PASSWORD) => {
      const client = new ApiClient(`http://127.0.0.1:${port}`);
      const res = await client.post('/api/auth/sign-in/email', { email, password });
      if (res.status !== 200)
        throw new Error(`sign-in ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return client;
    },
    sql: async (text, params) => (await running.deps.database.pool.query(text, params)).rows,
    userId: async (email) => {
      const { rows } = await running.deps.database.pool.query<{ id: string }>(
        'select id from "user" where email = $1',
        [email],
      );
      if (!rows[0]) throw new Error(`no account for ${email}`);
      return rows[0].id;
    },
    close: async () => {
      await running.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly options: { ip?: string; lang?: string } = {},
  ) {}

  async request<T = any>(
    method: string,
    urlPath: string,
    init: { json?: unknown; body?: string | Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      origin: this.baseUrl,
      'accept-language': this.options.lang ?? 'en',
      ...(this.options.ip ? { 'x-forwarded-for': this.options.ip } : {}),
      ...init.headers,
    };
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + urlPath, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(p: string, headers?: Record<string, string>) {
    return this.request<T>('GET', p, { headers });
  }
  post<T = any>(p: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', p, { json: json ?? {}, headers });
  }
  put<T = any>(p: string, json?: unknown) {
    return this.request<T>('PUT', p, { json: json ?? {} });
  }
  patch<T = any>(p: string, json?: unknown) {
    return this.request<T>('PATCH', p, { json: json ?? {} });
  }
  delete<T = any>(p: string) {
    return this.request<T>('DELETE', p);
  }
  /** Sign-up answers the same whether or not the e-mail is new and signs nobody in: sign in after it. */
  async signUp(account: { name: string; email: string; password: string }) {
    const res = await this.post('/api/auth/sign-up/email', account);
    if (res.status !== 200) return res;
    return this.post('/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
  }
}

export async function auditCount(server: TestServer, action?: string): Promise<number> {
  const rows = await server.sql<{ n: string }>(
    action
      ? 'select count(*)::text as n from audit_log where action = $1'
      : 'select count(*)::text as n from audit_log',
    action ? [action] : [],
  );
  return Number(rows[0]?.n ?? 0);
}

/** An account made directly through the users service (as the seed does), bypassing the HTTP layer. */
export async function createAccount(
  server: TestServer,
  account: {
    role: 'admin' | 'specialist' | 'researcher' | 'user';
    email: string;
    name: string;
    password: string;
  },
) {
  const system = { userId: null, role: 'system', ip: null, requestId: 'test' } as const;
  return createUser(server.deps, system, account);
}
