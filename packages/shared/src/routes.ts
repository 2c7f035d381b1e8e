/**
 * The path patterns of the web app's routes (SPEC §2), for the server: it answers a page request
 * whose path no route knows with 404 (still the app shell, so the app's not-found page renders).
 * The web app's route table (apps/web/src/config/routes.ts) is tested against this list.
 *
 * Patterns follow React Router: `:name` is one segment, `:name?` an optional one; matching ignores
 * case and a trailing slash, as the router does.
 */
export const WEB_ROUTE_PATTERNS = [
  // Public site
  '/',
  '/index',
  '/servicios/terapia-dolor-cronico',
  '/servicios/talleres-manejo-estres',
  '/taller',
  '/taller-USA',
  '/cerodolor',
  '/blog',
  '/blog/:slug',
  '/especialistas/:id',
  '/testimonios',
  '/contacto',
  '/cuestionario',
  '/cita/confirmar',
  '/cita/anular',
  '/cita/lista-espera',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/invitation',
  // Signed in
  '/dashboard',
  '/my-plan',
  '/messages',
  '/appointments-page',
  '/tasks',
  '/reports/new',
  '/settings',
  '/research',
  '/smart-search',
  '/ai-assistant',
  '/notifications',
  '/my-record',
  '/my-record/access',
  '/questionnaires/:id',
  '/patients',
  '/patients/new',
  '/patients/:id',
  '/patients/:id/edit',
  '/patients/import',
  '/patients/:id/cancer-protocol',
  '/treatments/:id?',
  '/appointments',
  '/appointments/availability',
  '/appointments/no-shows',
  '/reports',
  '/reports/templates/new',
  '/trt-management/:id?',
  '/pain-psychology/:id?',
  '/cancer-protocols',
  '/audit-logs',
  '/admin/roles',
  '/admin/outbox',
  '/admin/contact-messages',
  '/analytics',
  '/classical-medicine',
  '/api-docs',
  '/admin/workshops',
  '/site-content',
] as const;

type Segment = { literal: string } | { param: true; optional: boolean };

const COMPILED: Segment[][] = WEB_ROUTE_PATTERNS.map((pattern) =>
  pattern
    .split('/')
    .filter(Boolean)
    .map((s) =>
      s.startsWith(':') ? { param: true, optional: s.endsWith('?') } : { literal: s.toLowerCase() },
    ),
);

function matches(pattern: Segment[], segments: string[]): boolean {
  let i = 0;
  for (const part of pattern) {
    const segment = segments[i];
    if ('literal' in part) {
      if (segment === undefined || segment.toLowerCase() !== part.literal) return false;
      i++;
    } else if (segment !== undefined) {
      i++;
    } else if (!part.optional) {
      return false;
    }
  }
  return i === segments.length;
}

/** Whether a route of the web app answers this path (no query string; percent-encoded or not). */
export function isWebRoute(pathname: string): boolean {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (!raw) continue;
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return false; // malformed escape: no route matches it
    }
  }
  return COMPILED.some((pattern) => matches(pattern, segments));
}
