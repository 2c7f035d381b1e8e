/**
 * Where a visitor goes after signing in: `?redirect=` of /login. Only a path of this site is
 * accepted — it starts with one `/` (not `//` or `/\`, which browsers read as another host), has no
 * control characters or backslashes, does not become `//…` once its dot segments are resolved, and
 * is not /login itself; anything else is ignored (null) and
 * the visitor goes to the dashboard. Used by the server (the no-JavaScript form, signed-in
 * visitors) and by the sign-in page's script, so both decide alike.
 */
export const DEFAULT_RETURN_PATH = '/dashboard';

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://painlab.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://painlab.invalid') return null;
  const path = url.pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/login' || path.startsWith('/api/') || path === '/api') return null;
  // Checked again after parsing: removing dot segments can turn `/.//host` into `//host`.
  const result = `${url.pathname}${url.search}${url.hash}`;
  if (result[1] === '/' || result[1] === '\\') return null;
  return result;
}

/** `safeReturnPath`, else the dashboard. */
export function returnPathOrDefault(value: unknown): string {
  return safeReturnPath(value) ?? DEFAULT_RETURN_PATH;
}
