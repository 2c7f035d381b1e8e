/**
 * Invalid text never reaches a schema, a handler or the database: U+0000 (PostgreSQL cannot store
 * it in text), the other C0 control characters except tab, LF and CR, and lone UTF-16 surrogates
 * (not encodable as UTF-8) are answered with a translated 400 `invalid_text`, once, for every API
 * request: the decoded path, every query key and value, every key and string of a JSON body, the
 * fields of a form body and the text of any other body (CSV, plain text).
 *
 * A body is read once, as bytes, and put back on the request (as hono's bodyLimit does), so later
 * readers — validators, the import handler, better-auth — see it unchanged. It runs after the body
 * size limits; bodies the general limit lets through unread (the CSV import) are read here up to
 * TEXT_BODY_MAX, the import's own limit.
 */
import type { MiddlewareHandler } from 'hono';
import type { FieldIssue } from '@painlab/shared/errors';
import { errorBody } from './errors';
import type { AppEnv } from './types';

/** Bodies that are files, not text (message attachments, site images: checked by their own route). */
const BINARY_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];

/** The largest body any route accepts (the CSV import, 10 MiB). Larger bodies are a 413 here. */
export const TEXT_BODY_MAX = 10 * 1024 * 1024;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string is text we accept: no forbidden control character, no lone surrogate. */
export function isValidText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * The deepest nesting of arrays and objects a JSON body may have. No route's input comes near it
 * (the deepest, a treatment plan, is 4); a deeper body is refused before anything walks it, as a
 * recursive walk (ours, a schema's) of a 16 KB body of brackets would exhaust the stack.
 */
export const JSON_MAX_DEPTH = 64;

/** Thrown by invalidJsonPath for a value nested deeper than JSON_MAX_DEPTH. */
export class TooDeepError extends Error {}

/** The first invalid string in a parsed JSON value, as a dotted path (null when there is none). */
export function invalidJsonPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isValidText(value) ? null : path;
  if (value && typeof value === 'object' && depth >= JSON_MAX_DEPTH) throw new TooDeepError();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = invalidJsonPath(value[i], `${path}.${i}`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isValidText(key)) return path;
      const found = invalidJsonPath(item, `${path}.${key}`, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Bytes 0x00–0x08, 0x0B, 0x0C, 0x0E–0x1F: the same characters in UTF-8, Latin-1 and windows-1252. */
function hasControlByte(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return true;
  }
  return false;
}

/** The text of a non-JSON body is invalid: UTF-16 (with a BOM) is decoded first, anything else checked byte by byte. */
function invalidTextBody(bytes: Uint8Array, contentType: string): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const text = new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(
      bytes.subarray(2),
    );
    return !isValidText(text);
  }
  if (hasControlByte(bytes)) return true;
  if (contentType.includes('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(new TextDecoder().decode(bytes))) {
      if (!isValidText(key) || !isValidText(value)) return true;
    }
  }
  return false;
}

async function readCapped(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The decoded path and the query string; `null` when both are valid. */
function invalidUrlPart(url: string): string | null {
  if (!url.includes('%')) return null; // a raw control character cannot be in a request line
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const q = url.indexOf('?', start);
  const rawPath = q === -1 ? url.slice(start) : url.slice(start, q);
  if (rawPath.includes('%')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return 'path'; // an encoded surrogate or broken UTF-8
    }
    if (!isValidText(decoded)) return 'path';
  }
  if (q !== -1) {
    const query = url.slice(q + 1).split('#')[0]!;
    if (!query.includes('%')) return null;
    for (const part of query.split('&')) {
      const eq = part.indexOf('=');
      const key = eq === -1 ? part : part.slice(0, eq);
      try {
        const k = decodeURIComponent(key.replace(/\+/g, ' '));
        const v = eq === -1 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
        if (!isValidText(k) || !isValidText(v)) return `query.${k}`;
      } catch {
        return `query.${key}`;
      }
    }
  }
  return null;
}

export function textGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refuse = (path: string) => {
      const issue: FieldIssue = { path, code: 'invalid_text', message: 'invalid_text' };
      return c.json(errorBody(c, 'invalid_text', {}, [issue]), 400);
    };
    const urlIssue = invalidUrlPart(c.req.url);
    if (urlIssue) return refuse(urlIssue);

    const method = c.req.method;
    const raw = c.req.raw;
    if (method === 'GET' || method === 'HEAD' || !raw.body) return next();
    const bytes = await readCapped(raw.body, TEXT_BODY_MAX);
    if (!bytes) {
      c.header('Connection', 'close');
      return c.json(errorBody(c, 'payload_too_large'), 413);
    }
    // the body goes back on the request for whoever reads it next
    c.req.raw = new Request(raw, { body: bytes });
    const contentType = (c.req.header('content-type') ?? '').toLowerCase();
    // files (message attachments) are bytes, not text: their routes check what they are
    if (BINARY_TYPES.some((t) => contentType.startsWith(t))) return next();
    if (contentType.includes('json')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        return next(); // not JSON: the route's own validation answers
      }
      let path: string | null;
      try {
        path = invalidJsonPath(parsed, 'body');
      } catch (error) {
        if (!(error instanceof TooDeepError)) throw error;
        const issue: FieldIssue = { path: 'body', code: 'too_deep', message: 'too_deep' };
        return c.json(errorBody(c, 'bad_request', {}, [issue]), 400);
      }
      if (path !== null) return refuse(path);
    } else if (invalidTextBody(bytes, contentType)) {
      return refuse('body');
    }
    return next();
  };
}
