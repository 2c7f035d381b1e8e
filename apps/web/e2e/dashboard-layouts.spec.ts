/**
 * The live dashboard (issue 12): widgets per role, a layout arranged by keyboard and by dragging,
 * named, saved as the default, reloaded, reset; the grid-layout library loaded only in "Arrange";
 * notification preferences in /settings honoured (a task assigned with in-app notices off makes no
 * notification). Both languages, 390 px and desktop, axe clean; screenshots in test-results.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createStaff, storageStateFor } from './support/accounts';
import { BASE_URL, expectToast } from './support/helpers';

const SHOTS = 'test-results/dashboard';

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    document.querySelectorAll('[data-sonner-toaster]').forEach((t) => t.remove()),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** A locator's box once two reads 150 ms apart agree (the grid's move transition has ended). */
async function settledBox(page: Page, target: Locator) {
  let last = JSON.stringify(await target.boundingBox());
  await expect
    .poll(
      async () => {
        await page.waitForTimeout(150);
        const now = JSON.stringify(await target.boundingBox());
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return JSON.parse(last) as { x: number; y: number; width: number; height: number };
}

/** The widgets in reading order as the page shows them. */
const widgetOrder = (page: Page) =>
  page.locator('[data-widget]').evaluateAll((els) => els.map((e) => e.getAttribute('data-widget')));

async function myLayouts(page: Page) {
  const res = await page.request.get('/api/dashboard/layouts');
  expect(res.ok()).toBe(true);
  return (await res.json()).items as {
    id: string;
    name: string;
    isDefault: boolean;
    layout: { items: { i: string; x: number; y: number; w: number; h: number }[] };
  }[];
}

// The tests share the demo specialist's saved layouts (one saves a default that the others would
// draw): one after the other, in this order.
test.describe.configure({ mode: 'serial' });

test.describe('dashboard layouts, desktop, English', () => {
  // tall enough that the whole grid is on screen while dragging
  test.use({
    storageState: storageStateFor('specialist'),
    viewport: { width: 1280, height: 1600 },
  });

  test('arranged by keyboard and by drag, saved as default, reloaded, reset', async ({ page }) => {
    test.setTimeout(90_000);
    for (const l of await myLayouts(page))
      await page.request.delete(`/api/dashboard/layouts/${l.id}`, {
        headers: { Origin: BASE_URL },
      });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/dashboard');
    for (const name of [
      'Priority alerts',
      "Today's agenda",
      'Pending tasks',
      'Patient load',
      'Recent activity',
    ])
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect
      .poll(() => widgetOrder(page))
      .toEqual(['alerts', 'agenda', 'tasks', 'patientLoad', 'activity']);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /arrange-panel/.test(s))).toBe(false);
    await page.screenshot({ path: `${SHOTS}/desktop-en.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Arrange' }).click();
    await expect(page.getByRole('heading', { name: 'Arrange the dashboard' })).toBeVisible();
    expect(scripts.some((s) => /arrange-panel/.test(s))).toBe(true);

    // keyboard: the alerts swap places with the agenda to their right
    const alertsHandle = page.getByRole('button', { name: 'Move Priority alerts' });
    await alertsHandle.focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('status').filter({ hasText: 'Priority alerts: column 7' }),
    ).toHaveCount(1);
    // Shift + arrow: the agenda (now at the left) grows one column... then the alerts move down
    await page.getByRole('button', { name: "Move Today's agenda" }).focus();
    await page.keyboard.press('Shift+ArrowDown');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: "Today's agenda: column 1, row 1, width 6, height 5" }),
    ).toHaveCount(1);

    // drag: the recent activity (bottom, full width) to the top
    // the grid animates its items for 200 ms after the keyboard moves: measure the handle only once
    // it has stopped, or the press can land where the handle was a moment ago and start no drag
    // and the grown agenda has taken its new height in the grid, or the drag's layout can still
    // hold the old one
    // (5 rows of 40 px with 12 px gaps: 248 px; 4 rows would be 196)
    const agenda = page.locator('[data-arrange-widget="agenda"]');
    await expect.poll(async () => (await agenda.boundingBox())?.height ?? 0).toBeGreaterThan(240);
    await settledBox(page, agenda);
    const handle = page.getByRole('button', { name: 'Move Recent activity' });
    const box = await settledBox(page, handle);
    const grid = (await page.locator('[data-arrange-grid]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 10, { steps: 3 });
    await expect(page.locator('.react-grid-placeholder')).toHaveCount(1);
    await page.mouse.move(box.x + box.width / 2, grid.y + 5, { steps: 15 });
    await page.mouse.up();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/arrange-desktop-en.png`, fullPage: true });

    await page.getByLabel('Layout name').fill('Mornings');
    await page.getByLabel('Open this layout first (default)').check();
    await page.getByRole('button', { name: 'Save as new layout' }).click();
    await expectToast(page, 'Layout saved');
    await expect(page.getByRole('heading', { name: 'Arrange the dashboard' })).toHaveCount(0);

    const [saved] = await myLayouts(page);
    expect(saved!.name).toBe('Mornings');
    expect(saved!.isDefault).toBe(true);
    const at = (i: string) => saved!.layout.items.find((x) => x.i === i)!;
    expect(at('activity').y).toBe(0);
    expect(at('alerts').x).toBe(6);
    expect(at('agenda')).toMatchObject({ x: 0, h: 5 });
    const expected = [...saved!.layout.items]
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((x) => x.i);
    await expect.poll(() => widgetOrder(page)).toEqual(expected);

    await page.reload();
    await expect(page.getByLabel('Layout')).toHaveValue(saved!.id);
    await expect(page.getByRole('option', { name: 'Mornings (default)' })).toHaveCount(1);
    await expect.poll(() => widgetOrder(page)).toEqual(expected);
    await page.screenshot({ path: `${SHOTS}/saved-desktop-en.png`, fullPage: true });

    // the standard layout is one choice away
    await page.getByLabel('Layout').selectOption('standard');
    await expect.poll(async () => (await widgetOrder(page))[0]).toBe('alerts');
    await page.getByLabel('Layout').selectOption(saved!.id);

    // reset: back to the standard arrangement, saved over the layout
    await page.getByRole('button', { name: 'Arrange' }).click();
    await page.getByRole('button', { name: 'Reset to standard' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Layout saved');
    await page.reload();
    await expect
      .poll(() => widgetOrder(page))
      .toEqual(['alerts', 'agenda', 'tasks', 'patientLoad', 'activity']);
    const [reset] = await myLayouts(page);
    expect(reset!.isDefault).toBe(true);

    // a second layout with the same name is refused with a message at the field
    await page.getByRole('button', { name: 'Arrange' }).click();
    await page.getByRole('button', { name: 'Save as new layout' }).click();
    await expect(page.getByText('You already have a layout with this name.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete layout' }).click();
    await expectToast(page, 'Layout deleted');
    expect(await myLayouts(page)).toEqual([]);
  });
});

test.describe('dashboard at 390 px, Spanish', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
  });

  test.describe('specialist', () => {
    test.use({ storageState: storageStateFor('specialist') });
    test('stacked widgets, and arranged by keyboard', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Alertas prioritarias' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Agenda de hoy' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      // the patient-load table fits inside its widget
      const table = page.locator('[data-widget="patientLoad"] table');
      const section = page.locator('[data-widget="patientLoad"]');
      const [t, c] = [(await table.boundingBox())!, (await section.boundingBox())!];
      expect(t.x + t.width).toBeLessThanOrEqual(c.x + c.width);
      await page.screenshot({ path: `${SHOTS}/phone-es.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Organizar' }).click();
      await page.getByRole('button', { name: 'Mover Tareas pendientes' }).focus();
      await page.keyboard.press('ArrowUp');
      await expect(
        page.getByRole('status').filter({ hasText: 'Tareas pendientes: columna 1, fila 1' }),
      ).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS}/arrange-phone-es.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await expect(page.getByRole('button', { name: 'Organizar' })).toBeVisible();
    });
  });

  test.describe('patient', () => {
    test.use({ storageState: storageStateFor('user') });
    test('sees only their own next steps', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 2, name: 'Tu próxima cita' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Tus tareas' })).toBeVisible();
      await expect.poll(() => widgetOrder(page)).toEqual(['agenda', 'tasks']);
      await expect(page.getByRole('heading', { name: 'Carga de pacientes' })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/patient-phone-es.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test.describe('researcher', () => {
    test.use({ storageState: storageStateFor('researcher') });
    test('sees counts only', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Pacientes activos por estado' }),
      ).toBeVisible();
      await expect(page.getByText('En tratamiento')).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      expect(await widgetOrder(page)).not.toContain('alerts');
      await page.screenshot({ path: `${SHOTS}/researcher-phone-es.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

test.describe('notification preferences', () => {
  test('in-app notices of tasks off: an assigned task makes none; on: it does', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // a fresh staff account, so other specs' notifications are untouched
    const admin = await browser.newContext({ storageState: storageStateFor('admin') });
    const staff = await createStaff(browser, 'specialist', 'Dra. Preferencias', {
      viewport: { width: 390, height: 844 },
    });
    const userId = staff.id;
    const context = staff.signedIn!;
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto('/settings');
    const inApp = page.getByRole('checkbox', {
      name: 'En la aplicación: Tareas asignadas o por vencer',
    });
    await expect(inApp).toBeChecked();
    await inApp.uncheck();
    await page.getByRole('button', { name: 'Guardar preferencias de notificación' }).click();
    await expectToast(page, 'Preferencias de notificación guardadas');
    await page.screenshot({ path: `${SHOTS}/settings-phone-es.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    const assign = (title: string) =>
      admin.request.post('/api/tasks', {
        data: { title, priority: 'medium', assignee: { kind: 'user', userId } },
        headers: { Origin: BASE_URL },
      });
    const unread = async () =>
      (await (await page.request.get('/api/messages/unread')).json()).notifications as number;
    expect((await assign('Revisar protocolo')).ok()).toBe(true);
    await page.waitForTimeout(500);
    expect(await unread()).toBe(0);

    await page.reload();
    await expect(inApp).not.toBeChecked();
    await inApp.check();
    await page.getByRole('button', { name: 'Guardar preferencias de notificación' }).click();
    await expectToast(page, 'Preferencias de notificación guardadas');
    expect((await assign('Revisar consentimiento')).ok()).toBe(true);
    await expect.poll(unread).toBe(1);

    // English, desktop: the same card reads in English
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await expect(
      page.getByRole('checkbox', { name: 'SMS: Appointments booked, moved or cancelled' }),
    ).toBeChecked();
    await page.screenshot({ path: `${SHOTS}/settings-desktop-en.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
    await admin.close();
  });
});
