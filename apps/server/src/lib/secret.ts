/**
 * The auth secret: BETTER_AUTH_SECRET, or, outside production, one generated once and kept in
 * DATA_DIR (mode 0600) so sessions survive a restart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';

export function resolveSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new Error('Missing environment variables: BETTER_AUTH_SECRET (at least 32 characters).');
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  const file = path.join(env.DATA_DIR, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/**
 * The secret that keys link HMACs and address hashes: the server always has one (startServer puts
 * the resolved secret in its env), so there is no fixed fallback key anyone could read in the code.
 */
export function derivedKeySecret(env: Pick<Env, 'BETTER_AUTH_SECRET'>): string {
  if (!env.BETTER_AUTH_SECRET) throw new Error('The auth secret was not resolved (startServer).');
  return env.BETTER_AUTH_SECRET;
}
