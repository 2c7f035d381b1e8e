/**
 * The paths the server renders as site pages (http/site-pages.ts): the static listener
 * (http/static.ts) leaves these to the app instead of answering the web app's shell.
 */
import type { IncomingMessage } from 'node:http';

export const SITE_PAGE_PATHS: ReadonlySet<string> = new Set(['/login']);

export function isSitePage(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return SITE_PAGE_PATHS.has(q === -1 ? url : url.slice(0, q));
}
