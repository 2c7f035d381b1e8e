/**
 * Screenshots of the patients module and the patient portal at 1280 px and 390 px, for people to
 * look at: written to apps/web/test-results/screenshots/ (not in git).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL } from './support/helpers';
import { createPatient, pathOf, uniqueWord } from './support/patients';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(here, '..', 'test-results', 'screenshots');
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string, ready?: () => Promise<void>) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await ready?.();
    // Full-page shots of a scrolled page draw the sticky header and sidebar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(OUT, `${name}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
}

test.describe('patients (specialist)', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('list, form, chart, notes, import', async ({ page }) => {
    test.setTimeout(90_000);
    const word = uniqueWord();
    const chart = await createPatient(page, {
      name: `María José Fernández ${word}`,
      birthDate: '1968-09-23',
      priority: 'high',
      status: 'new',
      email: `mj-${word.toLowerCase()}@example.org`,
      contactNumber: '+34 611 222 333',
      allergies: ['Penicillin', 'Latex'],
      currentMedications: ['Pregabalin 75 mg twice daily', 'Paracetamol 1 g as needed'],
      symptoms: ['Widespread pain', 'Fatigue', 'Poor sleep'],
      medicalHistory: 'Fibromyalgia diagnosed in 2015.\nHypothyroidism, treated.',
    });
    for (const [name, priority, status, category] of [
      ['Alberto Gómez', 'medium', 'in_treatment', 'post_surgery'],
      ['Beatriz Ortega', 'low', 'follow_up', 'rehabilitation'],
      ['Carlos Ruiz', 'high', 'discharged', 'acute_condition'],
      ['Dolores Sanz', 'medium', 'inactive', 'geriatric'],
    ] as const) {
      await createPatient(page, { name: `${name} ${word}`, priority, status, category });
    }
    // Give the chart a status history and an amended note.
    const patched = await page.request.patch(`/api/patients/${chart.id}`, {
      headers: { Origin: BASE_URL },
      data: { version: chart.version, status: 'in_treatment' },
    });
    expect(patched.ok()).toBe(true);
    const note = await page.request.post(`/api/patients/${chart.id}/notes`, {
      headers: { Origin: BASE_URL },
      data: { body: 'First visit. Pain 8/10, worse in the morning. Sleep 4–5 h.' },
    });
    const noteId = ((await note.json()) as { id: string }).id;
    await page.request.patch(`/api/patients/${chart.id}/notes/${noteId}`, {
      headers: { Origin: BASE_URL },
      data: {
        body: 'First visit. Pain 7/10, worse in the morning. Sleep 4–5 h. Referred to physiotherapy.',
      },
    });
    await page.request.post(`/api/patients/${chart.id}/notes`, {
      headers: { Origin: BASE_URL },
      data: { body: 'Phone follow-up: tolerating pregabalin, mild dizziness.' },
    });

    await page.goto(`/patients?q=${word}`);
    await expect(page.locator('tbody tr[data-patient-id]')).toHaveCount(5);
    await shoot(page, 'patients-list');
    await page.setViewportSize(WIDTHS[0]);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('group', { name: 'Priority' }).getByLabel('High').click();
    await expect(page.locator('tbody tr[data-patient-id]')).toHaveCount(2);
    await shoot(page, 'patients-list-filters');

    await page.goto('/patients?q=zzzz-no-match-zzzz');
    await expect(page.getByText('No patients match')).toBeVisible();
    await shoot(page, 'patients-list-empty');

    // A search that matches more names than fit: the closest ones and the request to narrow it.
    const many = uniqueWord();
    const lines = Array.from(
      { length: 55 },
      (_, i) =>
        `Lucía ${many} Ortega ${String(i + 1).padStart(3, '0')},1975-05-05,female,chronic_pain,medium,in_treatment,,,,,,`,
    );
    const imported = await page.request.post('/api/patients/import?mode=all_or_nothing', {
      headers: { Origin: BASE_URL, 'Content-Type': 'text/csv' },
      data: [
        'name,birthDate,gender,category,priority,status,contactNumber,email,symptoms,medicalHistory,currentMedications,allergies',
        ...lines,
      ].join('\n'),
    });
    expect(imported.ok()).toBe(true);
    await page.goto(`/patients?q=${many}`);
    await expect(page.getByTestId('refine-search')).toBeVisible();
    await shoot(page, 'patients-list-refine');

    await page.goto('/patients/new');
    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await shoot(page, 'patient-form-errors');

    await page.goto(`/patients/${chart.id}`);
    await expect(page.getByTestId('status-history')).toBeVisible();
    await page.getByRole('button', { name: 'Invite patient' }).click();
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await expect(page.getByTestId('invite-not-sent')).toBeVisible();
    await shoot(page, 'patient-chart');

    await page.goto(`/patients/${chart.id}?tab=notes`);
    await page.getByText('Show 1 earlier version').click();
    await shoot(page, 'patient-chart-notes');
    await page.goto(`/patients/${chart.id}?tab=treatments`);
    await shoot(page, 'patient-chart-unavailable-tab');

    await page.goto(`/patients/${chart.id}/edit`);
    await expect(page.getByLabel(/^Full name/)).toHaveValue(chart.name);
    await shoot(page, 'patient-form-edit');

    await page.goto('/patients/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('patient-not-found')).toBeVisible();
    await shoot(page, 'patient-not-found');

    await page.goto('/patients/import');
    await shoot(page, 'patients-import');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'patients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'name,birthDate,gender,category,priority,status,contactNumber,email,symptoms,medicalHistory,currentMedications,allergies',
          `Elisa ${word},1990-03-04,female,chronic_pain,low,new,,,Migraine,,,`,
          `Faltan ${word},1990-13-40,female,chronic_pain,low,new,,bad-email,,,,`,
        ].join('\n'),
      ),
    });
    await page.getByLabel('Import the valid rows only').check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-report')).toBeVisible();
    await shoot(page, 'patients-import-report');
  });
});

test.describe('patient portal', () => {
  test('invite page, my record and the access log', async ({ browser }) => {
    test.setTimeout(60_000);
    const word = uniqueWord();
    const staff = await browser.newContext({ storageState: storageStateFor('specialist') });
    const clinician = await staff.newPage();
    const patient = await createPatient(clinician, {
      name: `Inés Martín ${word}`,
      status: 'in_treatment',
      allergies: ['Ibuprofen'],
      currentMedications: ['Duloxetine 30 mg'],
      symptoms: ['Neck pain'],
    });
    const invite = await clinician.request.post(`/api/patients/${patient.id}/invite`, {
      headers: { Origin: BASE_URL },
      data: { email: `ines-${word.toLowerCase()}@example.test` },
    });
    const { link } = (await invite.json()) as { link: string };
    await clinician.goto(`/patients/${patient.id}`);
    await expect(clinician.getByRole('heading', { level: 1 })).toBeVisible();

    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(pathOf(link));
    await expect(
      page.getByRole('heading', { level: 1, name: 'You were invited to the patient portal' }),
    ).toBeVisible();
    await shoot(page, 'register-invite');

    const signUp = await page.request.post('/api/auth/sign-up/email', {
      headers: { Origin: BASE_URL },
      data: {
        name: `Inés Martín ${word}`,
        email: `ines-${word.toLowerCase()}@example.test`,
        password: 'a-long-enough-secret-7',
      },
    });
    expect(signUp.ok()).toBe(true);
    // sign-up answers alike for new and taken addresses and signs nobody in
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      headers: { Origin: BASE_URL },
      data: {
        email: `ines-${word.toLowerCase()}@example.test`,
        password: 'a-long-enough-secret-7',
      },
    });
    expect(signIn.ok()).toBe(true);
    await page.goto(pathOf(link));
    await expect(page.getByRole('button', { name: 'Link my record' })).toBeVisible();
    await shoot(page, 'register-invite-signed-in');
    await page.getByRole('button', { name: 'Link my record' }).click();
    await expect(page.getByTestId('my-record')).toBeVisible();
    await shoot(page, 'my-record');
    await page.goto('/my-record/access');
    await expect(page.getByTestId('access-log')).toBeVisible();
    await shoot(page, 'my-record-access');
    // At 390 px (the last size shot) nothing is cut off: the page does not scroll sideways, and
    // an entry's words (not a raw key) sit inside the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const entry = page.getByTestId('access-log').getByText('Opened your record').first();
    await expect(entry).toBeVisible();
    const box = (await entry.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await staff.close();
    await visitor.close();
  });

  test.describe('without a linked record', () => {
    test.use({ storageState: storageStateFor('user') });

    test('my record', async ({ page }) => {
      await page.goto('/my-record');
      await expect(page.getByTestId('no-linked-record')).toBeVisible();
      await shoot(page, 'my-record-none');
    });
  });
});
