/**
 * The environment of an in-process test server (test/harness.ts), also used by the global setup to
 * seed the demo data into the run's template once (test/global-setup.ts).
 */
import net from 'node:net';
import path from 'node:path';
import { DEMO_PASSWORD } from '@painlab/shared/personas';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Overrides that change what the demo seed writes (or whether it runs): a server started with any of
 * them copies the unseeded template and seeds for itself, as before the seeded template existed.
 */
export const SEED_INPUTS = [
  'SEED_DEMO',
  'NODE_ENV',
  'DEMO_PASSWORD',
  'CLINIC_NAME',
  'BETTER_AUTH_SECRET',
  'DATA_DIR',
  'DATABASE_URL',
] as const;

/** True when a server started with these overrides may start from the seeded template. */
export function seedsAsTemplate(overrides: Record<string, string>): boolean {
  return SEED_INPUTS.every((key) => !(key in overrides));
}

export function testServerEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  overrides?: Record<string, string>;
}): Record<string, string> {
  const { port, dataDir, databaseUrl, overrides = {} } = options;
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    RATE_LIMIT_AUTH_MAX: '1000',
    WEB_DIST: path.join(dataDir, 'web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  };
}
