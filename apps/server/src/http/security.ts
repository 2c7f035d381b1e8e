/**
 * Security headers for every response, and no caching of API responses (they may hold PHI).
 * They are static, so they are set once per request on Node's ServerResponse before Hono runs;
 * `writeHead` merges them into whatever response is written (API, auth, static files). Setting them
 * after the handler instead (as hono/secure-headers does) forces every lightweight response into a
 * full fetch Response, which cost more than the rest of a simple route (bench/README.md).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // sonner and Radix set inline styles at run time
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(production: boolean): [string, string][] {
  return [
    ['Content-Security-Policy', CSP],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ['X-DNS-Prefetch-Control', 'off'],
    ...(production
      ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
  ];
}

export function applySecurityHeaders(server: Server, production: boolean): void {
  const headers = securityHeaders(production);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.url?.startsWith('/api/')) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
    }
  });
}
