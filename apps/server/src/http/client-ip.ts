/**
 * The real client address: the socket's remote address, or, when the socket is a trusted reverse
 * proxy, the right-most X-Forwarded-For hop that is not itself a trusted proxy.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export function resolveClientIp(c: Context, trustedProxies: readonly string[]): string {
  let socketAddress = 'unknown';
  try {
    socketAddress = normalise(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    // in-process requests (app.request) have no socket
  }
  if (!trustedProxies.includes(socketAddress)) return socketAddress;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => normalise(h.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!trustedProxies.includes(hop)) return hop;
  }
  return socketAddress;
}
