/**
 * Tokens of links sent in messages that act without signing in (workshop seats, ADR 0022; waitlist
 * offers, ADR 0032): 256 random bits in base64url; the database keeps only an HMAC-SHA-256 of
 * `<purpose>:<token>` under the server's secret, so a token serves one purpose and a stolen
 * database yields no usable link.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** What a token looks like (43 base64url characters); anything else names nothing. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token: its keyed hash, bound to its purpose. */
export function linkTokenHash(key: string, purpose: string, token: string): string {
  return createHmac('sha256', key).update(`${purpose}:${token}`).digest('base64url');
}

/** A new token and its stored form. */
export function newLinkToken(key: string, purpose: string): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(key, purpose, token) };
}
