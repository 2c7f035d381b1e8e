/**
 * The paths the server renders as site pages (http/site-pages.ts): the static listener
 * (http/static.ts) leaves these to the app instead of answering the web app's shell.
 */
import type { IncomingMessage } from 'node:http';
import { SITE_PUBLIC_PATHS, SITE_PUBLIC_PREFIXES } from '@painlab/shared/site-content';

export const SITE_PAGE_PATHS: ReadonlySet<string> = new Set([
  '/login',
  // the public site (modules/site-content/site-content.pages.ts)
  ...SITE_PUBLIC_PATHS,
  '/sitemap.xml',
  '/robots.txt',
]);

/** A public page path with one slug (`/blog/<slug>`, `/especialistas/<slug>`). */
function isSlugPage(path: string): boolean {
  return SITE_PUBLIC_PREFIXES.some(
    (prefix) =>
      path.startsWith(prefix) &&
      path.length > prefix.length &&
      !path.slice(prefix.length).includes('/'),
  );
}

export function isSitePage(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return SITE_PAGE_PATHS.has(path) || isSlugPage(path);
}
