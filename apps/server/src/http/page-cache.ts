/**
 * Rendered public site pages kept for a few seconds (issue 8: `GET /` at ≥ 0.5× a bare server
 * sending the same bytes). A site page is the same for every visitor who asks for it in the same
 * language, so the first request in a window renders it (database reads and a Preact render, through
 * Hono) and stores the HTML here compressed once per encoding; until it expires, the Node request
 * listener (server.ts) answers the same path and language from memory, before Hono, as the built
 * web app is (http/static.ts, ADR 0010).
 *
 * Only what is the same for everybody is stored: a request with a query string, a `?lang=` choice, a
 * form's state or a one-time notice is rendered every time (the renderer decides: `put` is only
 * called for such pages). A change to the content shows when the copy expires (`SITE_PAGE_CACHE_MS`);
 * an editing screen empties the copies at once with `clear` after its commit (ADR 0024).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { pickLang, type Lang } from '@painlab/shared/errors';
import { pickEncoding } from './web-assets';

const LANG_COOKIE = 'painlab_lang';
const SIGNED_OUT_COOKIE = 'painlab_signed_out';
/** At most this many pages (paths × languages); the oldest is dropped first. */
const MAX_PAGES = 500;

/** The headers every site page carries (sendHtml in http/site-pages.ts uses the same ones). */
export const HTML_HEADERS = {
  'Cache-Control': 'no-cache',
  // the language comes from these; a signed-out notice from the cookie
  Vary: 'Accept-Encoding, Accept-Language, Cookie',
} as const;

export interface CompressedHtml {
  /** sha-256 of the uncompressed bytes, base64url, 22 characters: the ETag's stem. */
  hash: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export const htmlHash = (identity: Buffer) =>
  createHash('sha256').update(identity).digest('base64url').slice(0, 22);

/** HTML compressed for one encoding (brotli at quality 5: a page is compressed per render). */
export function encodeHtml(identity: Buffer, encoding: 'br' | 'gzip' | null): Buffer {
  if (encoding === 'br')
    return zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    });
  return encoding === 'gzip' ? zlib.gzipSync(identity, { level: 6 }) : identity;
}

export function compressHtml(html: string): CompressedHtml {
  const identity = Buffer.from(html);
  return {
    hash: htmlHash(identity),
    identity,
    br: encodeHtml(identity, 'br'),
    gzip: encodeHtml(identity, 'gzip'),
  };
}

/** The ETag of a variant: the same stem for every encoding, a suffix per encoding. */
export const etagOf = (hash: string, encoding: 'br' | 'gzip' | null) =>
  `"${hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;

/** Whether If-None-Match names any encoding of this page. */
export function etagMatchesHash(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === `"${hash}"` || tag === `"${hash}-br"` || tag === `"${hash}-gz"`;
  });
}

interface Entry {
  page: CompressedHtml;
  expires: number;
}

export interface PageCache {
  /**
   * Keeps a page (200) rendered for everybody who asks for `path` (no query) in `lang` at `host`
   * (the Host header: without BASE_URL the page's own links are built from it, so a page asked for
   * under another name is kept apart and never shown to visitors of this one).
   */
  put(host: string | undefined, path: string, lang: Lang, html: string): void;
  /** Answers the request from memory; false when the page is not kept (render it). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Forgets every page (the site's content changed). */
  clear(): void;
  readonly size: number;
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The language a site page is rendered in without `?lang=`: the cookie, then Accept-Language. */
function languageOf(req: IncomingMessage): Lang {
  const cookie = cookieValue(req.headers.cookie, LANG_COOKIE);
  return cookie === 'en' || cookie === 'es' ? cookie : pickLang(req.headers['accept-language']);
}

/** `ttlMs` 0 keeps nothing. `now` is for tests. */
export function createPageCache(ttlMs: number, now: () => number = Date.now): PageCache {
  const pages = new Map<string, Entry>();
  const keyOf = (host: string | undefined, path: string, lang: Lang) =>
    `${lang} ${host ?? ''} ${path}`;

  return {
    put(host, path, lang, html) {
      if (ttlMs <= 0) return;
      const key = keyOf(host, path, lang);
      pages.delete(key); // re-inserted last: the map's order is the age order
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(key, { page: compressHtml(html), expires: now() + ttlMs });
    },

    serve(req, res) {
      if (pages.size === 0) return false;
      const url = req.url ?? '/';
      if (url.includes('?')) return false;
      // a one-time notice is for this visitor only
      if (req.headers.cookie?.includes(SIGNED_OUT_COOKIE)) return false;
      const key = keyOf(req.headers.host, url, languageOf(req));
      const entry = pages.get(key);
      if (!entry) return false;
      if (entry.expires <= now()) {
        pages.delete(key);
        return false;
      }
      const { page } = entry;
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const headers: Record<string, string> = {
        ...HTML_HEADERS,
        ETag: etagOf(page.hash, encoding),
      };
      if (etagMatchesHash(req.headers['if-none-match'], page.hash)) {
        res.writeHead(304, headers).end();
        return true;
      }
      const body = encoding ? page[encoding] : page.identity;
      headers['Content-Type'] = 'text/html; charset=utf-8';
      if (encoding) headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = String(body.length);
      res.writeHead(200, headers).end(body); // Node sends no body for HEAD
      return true;
    },

    clear() {
      pages.clear();
    },

    get size() {
      return pages.size;
    },
  };
}
