import type { Context } from 'hono';
import type { Actor } from '../audit/audit';
import type { AppEnv } from './types';

export function actorOf(c: Context<AppEnv>): Actor {
  const session = c.get('session');
  return {
    userId: session?.user.id ?? null,
    role: session?.role ?? null,
    ip: c.get('clientIp'),
    requestId: c.get('requestId'),
  };
}
