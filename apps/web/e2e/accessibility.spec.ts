/**
 * axe on every route the app has — the public site, sign-in and registration, and every signed-in
 * screen (SPEC §2, from support/spec-routes.ts) — on a desktop in English and at 390 px in Spanish:
 * no serious or critical violation anywhere (WCAG 2.1 A/AA rules and axe's best practices).
 *
 * Signed-in screens: each pass checks every route once, as a role that may open it, and the two
 * passes take different roles where the route allows (ROLE_ORDER): the desktop a clinician's or a
 * researcher's view, the phone a patient's or an administrator's. The dashboard, which every role
 * sees differently, is checked as every role in both passes. The full route × role × pass matrix
 * (208 checks, about 25 minutes of CI) runs with A11Y_EVERY_ROLE=1.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROLES, storageStateFor, type Role } from './support/accounts';
import { createPatient, uniqueWord } from './support/patients';
import { mayOpen, SIGNED_IN_ROUTES } from './support/spec-routes';

const PUBLIC_ROUTES = [
  '/',
  '/index',
  '/servicios/terapia-dolor-cronico',
  '/servicios/talleres-manejo-estres',
  '/taller',
  '/taller-USA',
  '/cerodolor',
  '/blog',
  '/blog/que-es-el-dolor-cronico',
  '/blog/una-entrada-que-no-existe',
  '/especialistas',
  '/especialistas/sofia-herrera',
  '/testimonios',
  '/contacto',
  // a reminder's link pages, here without a token (ADR 0021)
  '/cita/confirmar',
  '/cita/anular',
  '/login',
  '/register',
  '/no-such-page',
];

/**
 * Two passes over every route: desktop in English and 390 px in Spanish. Together they cover both
 * languages and both layouts (the drawer, the stacked tables) while keeping the suite within CI's
 * time; every pass of the full 2 × 2 matrix found the same (nothing) when it was run once.
 */
const PASSES = [
  { size: 'desktop', viewport: { width: 1280, height: 800 }, lang: 'en' },
  { size: '390 px', viewport: { width: 390, height: 844 }, lang: 'es' },
] as const;

/** Which role a pass checks a signed-in route as: the first in its order that may open it. */
const ROLE_ORDER: Record<(typeof PASSES)[number]['size'], readonly Role[]> = {
  desktop: ['specialist', 'researcher', 'admin', 'user'],
  '390 px': ['user', 'admin', 'specialist', 'researcher'],
};

const EVERY_ROLE = process.env.A11Y_EVERY_ROLE === '1';

/** The signed-in routes a pass checks as `role`. */
function routesOf(size: keyof typeof ROLE_ORDER, role: Role) {
  return SIGNED_IN_ROUTES.filter((route) => {
    if (!mayOpen(route, role)) return false;
    if (EVERY_ROLE || route.url === '/dashboard') return true;
    return ROLE_ORDER[size].find((r) => mayOpen(route, r)) === role;
  });
}

type Violation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown; failureSummary?: string }[];
};

/** Waits for the page to settle (heading shown, nothing loading, toasts gone) and runs axe. */
async function seriousViolations(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  // Generous waits: the check is about the settled page, not about how fast it loads.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  // Toasts fade in and out: their half-transparent frames are not what anyone reads.
  await page.evaluate(() =>
    document.querySelectorAll('[data-sonner-toaster]').forEach((t) => t.remove()),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Only what fails: collecting every pass and "incomplete" triples axe's time.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return (results.violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${url} ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
}

let patientId = '42';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor('specialist') });
  const page = await context.newPage();
  const patient = await createPatient(page, {
    name: `${uniqueWord()} Axe`,
    allergies: ['Penicillin'],
    symptoms: ['Lower back pain'],
    email: 'axe@example.test',
  });
  patientId = patient.id;
  await context.close();
});

for (const { size, viewport, lang } of PASSES) {
  test.describe(`${size}, ${lang}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), lang);
    });

    test.describe('public site, sign-in and registration', () => {
      for (const url of PUBLIC_ROUTES) {
        test(url, async ({ page }) => {
          expect(await seriousViolations(page, url)).toEqual([]);
        });
      }
    });

    for (const role of ROLES) {
      test.describe(role, () => {
        test.use({ storageState: storageStateFor(role as Role) });
        for (const route of routesOf(size, role)) {
          test(route.url, async ({ page }) => {
            const url = route.url.replace('/patients/42', `/patients/${patientId}`);
            expect(await seriousViolations(page, url)).toEqual([]);
          });
        }
      });
    }
  });
}
