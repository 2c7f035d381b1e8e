#!/usr/bin/env node
// `npm run lint:openapi`: builds the OpenAPI document in-process (the real app and auth
// configuration, a database pool that is never connected: building the document runs no query),
// writes it to a temporary file and lints it with Redocly's recommended rules (redocly.yaml).
// Fails on any error. `--out FILE` keeps the document.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const server = (p) => path.join(root, 'apps/server/src', p);

const [
  { default: pg },
  { drizzle },
  schema,
  { loadEnv },
  { createLogger },
  { createAuth },
  { createApp },
  { openApiDocument },
] = await Promise.all([
  import('pg'),
  import('drizzle-orm/node-postgres'),
  import(server('db/schema.ts')),
  import(server('env.ts')),
  import(server('lib/logger.ts')),
  import(server('auth/auth.ts')),
  import(server('app.ts')),
  import(server('http/openapi.ts')),
]);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-openapi-'));
const env = loadEnv({
  NODE_ENV: 'test',
  BASE_URL: 'https://clinic.example.org',
  DATA_DIR: tmp,
  SEED_DEMO: 'false',
  WEB_DIST: tmp,
});
const pool = new pg.Pool({ connectionString: 'postgres://unused@127.0.0.1:9/unused' });
const db = drizzle(pool, { schema });
const auth = createAuth(db, env, 'lint-openapi-'.padEnd(48, '0'));
const database = { kind: 'postgres', db, pool, close: () => pool.end() };
const app = createApp({ env, logger: createLogger('silent'), database, auth, mailer: null });
const document = await openApiDocument(app, { env, auth });
await pool.end();

const outArg = process.argv.indexOf('--out');
const file = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(tmp, 'openapi.json');
fs.writeFileSync(file, JSON.stringify(document, null, 2));
const operations = Object.values(document.paths).reduce(
  (n, item) => n + Object.keys(item).length,
  0,
);
console.log(
  `OpenAPI document: ${operations} operations, ${Object.keys(document.components.schemas).length} schemas → ${file}`,
);

const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    file,
    '--config',
    path.join(root, 'redocly.yaml'),
    '--format',
    'stylish',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
if (outArg < 0) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(result.status ?? 1);
