/**
 * The built web app held in memory: every file of the dist folder is read once, with a brotli and a
 * gzip form for text types (the `.br` / `.gz` files the build writes beside each file, or
 * compressed here once when the build left none), a strong ETag per form, and its response headers
 * prepared once. `pickEncoding` and `etagMatches` are the per-request negotiation.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Content-Type, Cache-Control, ETag, Vary, Content-Encoding and Content-Length of this form. */
  headers: Record<string, string>;
}

export interface WebAsset {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** Every ETag of the file, in any encoding: an If-None-Match naming one of them is a hit. */
  etags: ReadonlySet<string>;
}

/** `/assets/<name>-<hash>.<ext>` as Vite writes them: their content never changes under that name. */
const HASHED = /^\/assets\/.+-[\w-]{6,}\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
/** Types worth compressing (already-compressed images and fonts are not). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.map',
]);

function etagOf(body: Uint8Array, suffix = ''): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${suffix}"`;
}

function walk(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // dist/.vite (the build manifest) is not served
    const rel = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(path.join(dir, entry.name), rel));
    else if (entry.isFile() && !entry.name.endsWith('.br') && !entry.name.endsWith('.gz'))
      out.push(rel);
  }
  return out;
}

/** The compressed form written by the build, else compressed now (fast settings: this runs at start). */
function compressed(file: string, raw: Buffer, encoding: Encoding): Buffer {
  const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  if (fs.existsSync(sibling)) return fs.readFileSync(sibling);
  return encoding === 'br'
    ? zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : zlib.gzipSync(raw, { level: 9 });
}

/** Reads the whole dist folder; null when it holds no index.html (the web app is not built). */
export function loadWebAssets(distDir: string): Map<string, WebAsset> | null {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return null;
  const assets = new Map<string, WebAsset>();
  for (const urlPath of walk(distDir)) {
    const file = path.join(distDir, urlPath);
    const ext = path.extname(urlPath).toLowerCase();
    const raw = fs.readFileSync(file);
    const cacheControl = HASHED.test(urlPath) ? IMMUTABLE : 'no-cache';
    const base = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
    };
    const compressible = COMPRESSIBLE.has(ext);
    const vary: Record<string, string> = compressible ? { Vary: 'Accept-Encoding' } : {};
    const identityTag = etagOf(raw);
    const identity: Variant = {
      body: new Uint8Array(raw),
      etag: identityTag,
      headers: { ...base, ETag: identityTag, ...vary, 'Content-Length': String(raw.length) },
    };
    const asset: WebAsset = { identity, etags: new Set([identityTag]) };
    if (compressible) {
      for (const encoding of ['br', 'gzip'] as const) {
        const body = compressed(file, raw, encoding);
        if (body.length >= raw.length) continue; // tiny files: not worth a Content-Encoding
        // a different representation gets its own strong tag
        const etag = `${identityTag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
        asset[encoding] = {
          body: new Uint8Array(body),
          etag,
          headers: {
            ...base,
            ETag: etag,
            ...vary,
            'Content-Encoding': encoding,
            'Content-Length': String(body.length),
          },
        };
        (asset.etags as Set<string>).add(etag);
      }
    }
    assets.set(urlPath, asset);
  }
  return assets;
}

const encodingCache = new Map<string, Encoding | null>();

/**
 * The best encoding the client accepts (brotli, then gzip), from Accept-Encoding (RFC 9110
 * §12.5.3: q-values, `identity`, `*`). Results are kept per header value: browsers send a handful.
 */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const cached = encodingCache.get(header);
  if (cached !== undefined) return cached;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q' && v !== undefined) weight = Number(v);
    }
    if (name && !Number.isNaN(weight)) q[name.trim()] = weight;
  }
  const weightOf = (name: string) => q[name] ?? q['*'] ?? 0;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const name of ['br', 'gzip'] as const) {
    const w = weightOf(name);
    if (w > bestQ) {
      best = name;
      bestQ = w;
    }
  }
  if (encodingCache.size < 256) encodingCache.set(header, best);
  return best;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2) against any form of the file. */
export function etagMatches(header: string | undefined, asset: WebAsset): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  for (const tag of header.split(',')) {
    const t = tag.trim();
    if (asset.etags.has(t.startsWith('W/') ? t.slice(2) : t)) return true;
  }
  return false;
}
