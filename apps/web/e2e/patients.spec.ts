/**
 * The patients module end to end (staff): create and edit (with a 409 between two pages), search,
 * filters, the chart with notes, exports and the CSV import. Data is created per test with a word
 * unique to it, since tests run in parallel on one database.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { BASE_URL, expectToast } from './support/helpers';
import { createPatient, uniqueWord } from './support/patients';

const search = (page: Page) => page.getByLabel('Search patients');
const rows = (page: Page) => page.locator('tbody tr[data-patient-id]');
const row = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('as a specialist', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('creates a patient with the form: SPEC §5 messages, saving state, toast, then the chart', async ({
    page,
  }) => {
    const name = `Lucía ${uniqueWord()}`;
    await page.goto('/patients/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New patient' })).toBeVisible();

    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByLabel(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(/^Full name/)).toBeFocused();

    await page.getByLabel(/^Full name/).fill(name);
    await page.getByLabel(/^Birth date/).fill(`${new Date().getFullYear() + 1}-01-15`);
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(page.getByText('Age must be a positive number')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();

    await page.getByLabel(/^Birth date/).fill('1979-02-03');
    await expect(page.getByText(/^Age: \d+$/)).toBeVisible();
    await page.getByLabel(/^Email/).fill('lucia@example.org');
    await page.getByLabel(/^Gender/).selectOption('female');
    await page.getByLabel(/^Category/).selectOption('chronic_pain');
    await page.getByLabel(/^Priority/).selectOption('high');
    await page.getByLabel(/^Status/).selectOption('in_treatment');
    await page.getByLabel(/^Allergies/).fill('Penicillin\n\nLatex');
    await page.getByLabel(/^Current medications/).fill('Ibuprofen 400 mg');
    await page.getByLabel(/^Symptoms and problems/).fill('Lower back pain\nInsomnia');
    await page.getByLabel(/^Medical history/).fill('Lumbar disc herniation (2019).');

    // The saving state: slow the answer down a little to see it.
    await page.route('**/api/patients', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(page.getByRole('button', { name: 'Creating…' })).toBeDisabled();
    await expectToast(page, 'Patient created');
    await expect(page).toHaveURL(/\/patients\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Penicillin, Latex');
    await expect(page.getByText('Lumbar disc herniation (2019).')).toBeVisible();
    await expect(page.getByTestId('status-history')).toContainText('In treatment');
  });

  test('edits a patient; a second page editing the same version is told of the conflict and reloads', async ({
    page,
    context,
  }) => {
    const patient = await createPatient(page, { name: `Marta ${uniqueWord()}`, priority: 'low' });
    const other = await context.newPage();
    await page.goto(`/patients/${patient.id}/edit`);
    await other.goto(`/patients/${patient.id}/edit`);
    await expect(page.getByLabel(/^Priority/)).toHaveValue('low');
    await expect(other.getByLabel(/^Priority/)).toHaveValue('low');

    await page.getByLabel(/^Priority/).selectOption('high');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Patient updated');
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}$`));
    await expect(page.locator('[data-priority="high"]').first()).toBeVisible();

    // The other page still holds version 1: its save must not overwrite.
    await other.getByLabel(/^Contact number/).fill('+34 600 123 456');
    const patched = other.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/patients/${patient.id}`),
    );
    await other.getByRole('button', { name: 'Save changes' }).click();
    // The server refuses the stale version (a slow answer under load must not fail the test).
    expect((await patched).status()).toBe(409);
    const conflict = other.getByTestId('conflict-alert');
    await expect(conflict).toContainText('This record was changed by someone else');
    await expect(other).toHaveURL(/\/edit$/);
    await conflict.getByRole('button', { name: 'Reload the current version' }).click();
    await expect(other.getByLabel(/^Priority/)).toHaveValue('high');
    await expect(other.getByLabel(/^Contact number/)).toHaveValue('');
    await other.getByLabel(/^Contact number/).fill('+34 600 123 456');
    await other.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(other, 'Patient updated');
    await expect(other.getByRole('link', { name: '+34 600 123 456' })).toBeVisible();
    await expect(other.locator('[data-priority="high"]').first()).toBeVisible();
  });

  test('search is debounced, typo-tolerant and accent-insensitive; filters and sort narrow the list', async ({
    page,
  }) => {
    const word = uniqueWord();
    await createPatient(page, {
      name: `José Núñez ${word}`,
      priority: 'high',
      status: 'in_treatment',
      category: 'geriatric',
    });
    await createPatient(page, {
      name: `Ana Peña ${word}`,
      priority: 'low',
      status: 'new',
      category: 'chronic_pain',
    });
    // The page's timers run on Playwright's clock, so that a keystroke delayed by a loaded machine
    // cannot let a prefix through: while the clock is paused no debounce can fire.
    await page.clock.install();
    await page.goto('/patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Patient management' })).toBeVisible();

    // One request for the whole word, not one per keystroke.
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/patients' && url.searchParams.has('q'))
        searches.push(url.searchParams.get('q')!);
    });
    // Accents dropped and one letter wrong in the unique word.
    const typo = `nunez ${word.toLowerCase().slice(0, -2)}${word.at(-1)}${word.at(-2)}`;
    const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === typo);
    await page.clock.pauseAt(Date.now() + 1_000);
    await search(page).pressSequentially(typo, { delay: 40 });
    await page.clock.resume();
    await answered;
    await expect(row(page, `José Núñez ${word}`)).toBeVisible();
    await expect(row(page, `Ana Peña ${word}`)).toHaveCount(0);
    // The exact debounce timing is the hook's unit test (use-list-filters.test.tsx).
    expect(searches).toEqual([typo]);
    await expect(page).toHaveURL(/[?&]q=/);

    // Accent-insensitive the other way round: "pena" finds "Peña".
    await search(page).fill(`pena ${word}`);
    await expect(row(page, `Ana Peña ${word}`)).toBeVisible();

    // Both share the word; filters narrow.
    await search(page).fill(word);
    await expect(row(page, `José Núñez ${word}`)).toBeVisible();
    await expect(row(page, `Ana Peña ${word}`)).toBeVisible();
    await expect(row(page, `José Núñez ${word}`).locator('[data-colour="red"]:visible')).toHaveText(
      'High',
    );
    await expect(
      row(page, `José Núñez ${word}`).locator('[data-colour="blue"]:visible'),
    ).toHaveText('In treatment');
    await expect(
      row(page, `Ana Peña ${word}`).locator('[data-colour="green"]:visible'),
    ).toHaveCount(2);
    await expect(row(page, `Ana Peña ${word}`).getByRole('cell', { name: '—' })).toHaveCount(2);

    await page.getByRole('button', { name: /^Filters/ }).click();
    const high = page.getByRole('group', { name: 'Priority' }).getByLabel('High');
    // The checkboxes show the URL's filters: their state follows once the navigation is done.
    await high.click();
    await expect(high).toBeChecked();
    await expect(page).toHaveURL(/priority=high/);
    await expect(row(page, `Ana Peña ${word}`)).toHaveCount(0);
    await expect(row(page, `José Núñez ${word}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

    await high.click();
    await expect(high).not.toBeChecked();
    await page.getByRole('group', { name: 'Status' }).getByLabel('New').click();
    await expect(row(page, `José Núñez ${word}`)).toHaveCount(0);
    await expect(row(page, `Ana Peña ${word}`)).toBeVisible();

    await page.getByRole('group', { name: 'Category' }).getByLabel('Geriatric').click();
    await expect(page.getByText('No patients match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(search(page)).toHaveValue('');
    await expect(page).toHaveURL(/\/patients$/);

    // The sort select is there when not searching; the list keeps working.
    await page.getByLabel('Sort by').selectOption('-updatedAt');
    await expect(page).toHaveURL(/sort=-updatedAt/);
    await expect(rows(page).first()).toBeVisible();
  });

  test('opens the chart from the list; adds a note and amends it, keeping the earlier text', async ({
    page,
  }) => {
    const word = uniqueWord();
    const name = `Carmen ${word}`;
    await createPatient(page, { name, allergies: ['Codeine'] });
    await page.goto('/patients');
    const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === word);
    await search(page).fill(word);
    await answered;
    await expect(rows(page)).toHaveCount(1);
    await row(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // The appointments and treatment plans tabs list the patient's visits and plans (none yet).
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('No appointments yet.');
    await page.getByRole('tab', { name: 'Treatment plans' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('No treatment plan yet.');
    await page.getByRole('tab', { name: 'Questionnaires' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Assign a questionnaire');

    await page.getByRole('tab', { name: 'Clinician notes' }).click();
    await expect(page).toHaveURL(/tab=notes/);
    await page.getByLabel('New note').fill('Pain 7/10 at rest. Started physiotherapy.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expectToast(page, 'Note added');
    const note = page.getByTestId('notes-list').locator('li[data-note-id]').first();
    await expect(note).toContainText('Pain 7/10 at rest. Started physiotherapy.');
    await expect(note).toContainText('Dra. Sofía Especialista');

    await note.getByRole('button', { name: 'Amend' }).click();
    await note
      .getByLabel('Amended text')
      .fill('Pain 6/10 at rest. Started physiotherapy twice a week.');
    await note.getByRole('button', { name: 'Save amendment' }).click();
    await expectToast(page, 'Note amended');
    await expect(note).toContainText('Pain 6/10 at rest. Started physiotherapy twice a week.');
    await expect(note.getByText('amended', { exact: true })).toBeVisible();
    await note.getByText('Show 1 earlier version').click();
    await expect(note.getByText('Pain 7/10 at rest. Started physiotherapy.')).toBeVisible();
  });

  test('exports one record as JSON and FHIR, and the filtered list as CSV with a row count', async ({
    page,
  }) => {
    const word = uniqueWord();
    const name = `Elena ${word}`;
    const patient = await createPatient(page, {
      name,
      medicalHistory: 'Line one\nLine two, with a comma',
    });
    await createPatient(page, { name: `Pilar ${word}` });

    await page.goto(`/patients/${patient.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    expect(fs.readFileSync((await json.path())!, 'utf8')).toContain(name);
    const [fhir] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export FHIR' }).click(),
    ]);
    const bundle = JSON.parse(fs.readFileSync((await fhir.path())!, 'utf8')) as {
      resourceType: string;
    };
    expect(bundle.resourceType).toBe('Bundle');

    await page.goto(`/patients?q=${word}`);
    await expect(rows(page)).toHaveCount(2);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync((await csv.path())!, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toContain('name,birthDate');
    expect(text).toContain(name);
    expect(text).toContain(`Pilar ${word}`);
    await expectToast(page, 'Exported 2 patients');
  });

  test('imports a CSV with an error row: nothing in all-or-nothing mode, the valid rows otherwise', async ({
    page,
  }) => {
    const word = uniqueWord();
    const csv = [
      'name;birthDate;gender;category;priority;status;contactNumber;email;symptoms;medicalHistory;currentMedications;allergies',
      `Rosa ${word};1970-01-02;female;chronic_pain;high;new;;;Back pain|Fatigue;"Knee surgery; 2010";;Latex`,
      `Tomás ${word};1965-07-30;male;rehabilitation;low;in_treatment;;tomas@example.org;;;Paracetamol;`,
      `Broken ${word};not-a-date;male;chronic_pain;medium;new;;;;;;`,
    ].join('\r\n');
    const file = {
      name: 'patients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
    };

    await page.goto('/patients');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import patients' })).toBeVisible();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Choose a CSV file first.')).toBeVisible();

    await page.getByLabel('CSV file').setInputFiles(file);
    await expect(page.getByLabel('Import nothing (all or nothing)')).toBeChecked();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-report');
    await expect(report).toBeVisible();
    await expect(page.getByTestId('import-totalRows')).toHaveText('3');
    await expect(page.getByTestId('import-imported')).toHaveText('0');
    await expect(report).toContainText('Nothing was imported');
    // Rows are numbered as lines of the file: the header is row 1.
    const issue = report.getByRole('row').filter({ hasText: 'birthDate' });
    await expect(issue.getByRole('cell').first()).toHaveText('4');

    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByLabel('Import the valid rows only').check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-imported')).toHaveText('2');
    await expect(page.getByTestId('import-rejected')).toHaveText('1');

    await page.getByRole('link', { name: 'View the patient list' }).click();
    await search(page).fill(word);
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, `Rosa ${word}`)).toBeVisible();
  });

  test('"Load more" fetches the next keyset page with the cursor, never a page number; a search shows its closest matches', async ({
    page,
  }) => {
    const word = uniqueWord();
    const lines = Array.from(
      { length: 57 },
      (_, i) =>
        `Paciente ${String(i + 1).padStart(3, '0')} ${word},1980-01-01,other,other,low,new,,,,,,`,
    );
    const imported = await page.request.post('/api/patients/import?mode=all_or_nothing', {
      headers: { Origin: BASE_URL, 'Content-Type': 'text/csv' },
      data: [
        'name,birthDate,gender,category,priority,status,contactNumber,email,symptoms,medicalHistory,currentMedications,allergies',
        ...lines,
      ].join('\n'),
    });
    expect(((await imported.json()) as { imported: number }).imported).toBe(57);

    const pages: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/patients') pages.push(url);
    });
    // The whole list (more than 57 patients by now), in keyset pages.
    await page.goto('/patients');
    await expect(rows(page)).toHaveCount(50);
    await expect(page.getByText('50 patients shown · more are available')).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(50);
    const next = pages.at(-1)!;
    expect(next.searchParams.get('cursor')).toBeTruthy();
    expect([...next.searchParams.keys()].some((k) => /page|offset/i.test(k))).toBe(false);

    // A search answers its 50 closest names and asks to narrow it when more match.
    await page.goto(`/patients?q=${word}`);
    await expect(rows(page)).toHaveCount(50);
    await expect(page.getByTestId('refine-search')).toContainText('These are the closest matches');
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // Narrowed, it shows all its matches and the end of the list.
    await search(page).fill(`paciente 057 ${word}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, `Paciente 057 ${word}`)).toBeVisible();
    await expect(page.getByText('End of the list')).toBeVisible();
  });

  test('an unknown patient id shows a not-found page inside the shell', async ({ page }) => {
    await page.goto('/patients/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('patient-not-found')).toContainText('Patient not found');
    await expect(page.locator('#app-sidebar')).toBeVisible();
    await page.getByRole('link', { name: 'All patients' }).first().click();
    await expect(page).toHaveURL(/\/patients$/);
  });

  test('server failures on create: field errors from the API, then "Could not create patient"', async ({
    page,
  }) => {
    await page.goto('/patients/new');
    await page.getByLabel(/^Full name/).fill(`Rocío ${uniqueWord()}`);
    await page.getByLabel(/^Birth date/).fill('1990-04-05');
    await page.getByLabel(/^Gender/).selectOption('female');
    await page.getByLabel(/^Category/).selectOption('other');
    await page.getByLabel(/^Priority/).selectOption('low');
    await page.getByLabel(/^Email/).fill('rocio@example.org');
    let answer: 'validation' | 'crash' = 'validation';
    await page.route('**/api/patients', (route) =>
      answer === 'validation'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid. Please check them and try again.',
                details: [{ path: 'email', code: 'custom', message: 'invalid_email' }],
              },
            }),
          })
        : route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"internal_error","message":"boom"}}',
          }),
    );
    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not create patient' }),
    ).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');

    answer = 'crash';
    await page.getByRole('button', { name: 'Create patient' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not create patient' });
    await expect(alert).toContainText('An unknown error occurred');
    await expect(page).toHaveURL(/\/patients\/new$/);
  });

  test('an expired session on save says the user must be logged in', async ({ page }) => {
    const patient = await createPatient(page, { name: `Irene ${uniqueWord()}` });
    await page.goto(`/patients/${patient.id}/edit`);
    await expect(page.getByLabel(/^Full name/)).toHaveValue(patient.name);
    await page.route(`**/api/patients/${patient.id}`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: '{"error":{"code":"unauthenticated","message":"Authentication required. Please log in to continue."}}',
          })
        : route.continue(),
    );
    await page.getByLabel(/^Priority/).selectOption('high');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('You must be logged in to perform this action')).toBeVisible();
  });
});

test.describe('in Spanish', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('the list and the form speak Spanish, also after switching language on the page', async ({
    page,
  }) => {
    await page.goto('/patients/new');
    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo paciente' })).toBeVisible();
    await page.getByRole('button', { name: 'Crear paciente' }).click();
    await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
    await page.getByLabel(/^Correo electrónico/).fill('no-es-un-correo');
    await page.getByRole('button', { name: 'Crear paciente' }).click();
    await expect(page.getByText('Dirección de correo electrónico no válida')).toBeVisible();

    await page.goto('/patients');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gestión de Pacientes' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nuevo paciente' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Próxima cita' })).toBeVisible();
  });
});

test.describe('as an admin', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('archives a patient after confirming', async ({ page }) => {
    const word = uniqueWord();
    const patient = await createPatient(page, { name: `Olga ${word}` });
    await page.goto(`/patients/${patient.id}`);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive this patient?' });
    await expect(dialog).toContainText(`Olga ${word}`);
    await dialog.getByRole('button', { name: 'Archive patient' }).click();
    await expectToast(page, 'Patient archived');
    await expect(page).toHaveURL(/\/patients$/);
    await search(page).fill(word);
    await expect(page.getByText('No patients match')).toBeVisible();
  });
});

test.describe('as a specialist, archiving', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('is not offered', async ({ page }) => {
    const patient = await createPatient(page, { name: `Nuria ${uniqueWord()}` });
    await page.goto(`/patients/${patient.id}`);
    await expect(page.getByRole('button', { name: 'Export FHIR' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  });
});
