/**
 * Serves the built web app from memory (http/web-assets.ts): each file read once, brotli or gzip by
 * Accept-Encoding (`Vary: Accept-Encoding`), an ETag and 304 on If-None-Match; hashed assets are
 * `immutable` for a year, everything else (HTML, the service worker, the manifest) `no-cache`.
 * A page request answers the app shell: 200 for a path a route of the web app knows
 * (`@painlab/shared/routes`), 404 with the same shell otherwise, so the app's not-found page shows.
 *
 * The folder is read when the server starts, or at the first request that finds it built; a build
 * made while the server runs is served after a restart. Paths are looked up in memory only: nothing
 * outside the folder can be named.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isWebRoute } from '@painlab/shared/routes';
import { etagMatches, loadWebAssets, pickEncoding, type WebAsset } from './web-assets';

/** Answers a request for the web app; false when it is not one (the API's, or a missing asset). */
export type WebAppListener = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * A Node request listener that runs before Hono (server.ts): a page or file request needs no
 * request id, session or body limit, and answering it here costs a fraction of a trip through the
 * framework (bench/README.md, "web"). Security headers are already set (http/security.ts).
 */
export function createWebAppListener(distDir: string): WebAppListener {
  let assets = loadWebAssets(distDir);
  const files = () => {
    try {
      return (assets ??= loadWebAssets(distDir));
    } catch {
      return null; // unreadable (a build writing it right now): try again on the next request
    }
  };

  const send = (req: IncomingMessage, res: ServerResponse, asset: WebAsset, status: 200 | 404) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const variant = (encoding && asset[encoding]) || asset.identity;
    if (status === 200 && etagMatches(req.headers['if-none-match'], asset)) {
      const {
        'Content-Type': _type,
        'Content-Encoding': _encoding,
        'Content-Length': _length,
        ...headers
      } = variant.headers;
      res.writeHead(304, headers).end();
    } else if (status === 404) {
      // a 404 is not validated: no ETag
      const { ETag: _etag, ...headers } = variant.headers;
      res.writeHead(404, headers).end(variant.body);
    } else {
      res.writeHead(200, variant.headers).end(variant.body); // Node sends no body for HEAD
    }
    return true;
  };

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (path === '/api' || path.startsWith('/api/')) return false;
    // machine-readable documents the app answers (/.well-known/jwks.json; others a JSON 404)
    if (path.startsWith('/.well-known/')) return false;
    const built = files();
    if (!built) {
      res.writeHead(503, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end('The web app is not built. Run `npm run build`.');
      return true;
    }
    const file = built.get(path) ?? (path.includes('%') ? built.get(safeDecode(path)) : undefined);
    if (file) return send(req, res, file, 200);
    if (path.startsWith('/assets/')) return false; // a missing file: the API's JSON 404
    return send(req, res, built.get('/index.html')!, isWebRoute(path) ? 200 : 404);
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
