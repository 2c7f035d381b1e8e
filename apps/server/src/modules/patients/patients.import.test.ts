/** CSV import through the real server: encodings, BOM, separators, quotes, modes, 10,000 rows. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  DEMO,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
let specialist: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  specialist = await server.signIn(DEMO.specialist);
});
afterAll(() => server?.close());

const HEADER =
  'name,birthDate,gender,category,priority,status,contactNumber,email,symptoms,medicalHistory,currentMedications,allergies';
const count = async () =>
  Number((await server.sql<{ n: string }>('select count(*)::text as n from patient'))[0]!.n);

async function upload(body: Uint8Array | string, mode = 'all_or_nothing') {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const cookie = [...specialist.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.url}/api/patients/import?mode=${mode}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', cookie, origin: server.url },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('CSV import', () => {
  it('two imports at once that bring the same new surnames, in opposite orders, both complete', async () => {
    // each import is one transaction of several INSERT statements (500 rows each); the name words
    // they add must not make one wait for the other's commit, let alone deadlock
    const rows = (surnames: string[]) =>
      Array.from(
        { length: 1200 },
        (_, i) => `Paz ${surnames[Math.floor(i / 500)]},1970-01-01,other,other,low,new,,,,,,`,
      );
    const [first, second] = await Promise.all([
      upload([HEADER, ...rows(['Zumalde', 'Yarritu', 'Xabierre'])].join('\n')),
      upload([HEADER, ...rows(['Xabierre', 'Yarritu', 'Zumalde'])].join('\n')),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.imported, second.body.imported]).toEqual([1200, 1200]);
    const found = await specialist.get('/api/patients?q=paz%20yarritu&limit=5');
    expect(found.body.items).toHaveLength(5);
  });

  it('imports a valid file and audits each created patient', async () => {
    const before = await count();
    const audits = await auditCount(server, 'patients.create');
    const csv = `${HEADER}\nAna Ruiz,1975-03-01,female,chronic_pain,high,new,+34 600 000 001,ana@example.test,Lumbalgia|Insomnio,,Paracetamol 1 g,\nLuis Mora,1990-12-24,male,rehabilitation,low,,,,,,,\n`;
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'all_or_nothing',
      totalRows: 2,
      imported: 2,
      rejected: 0,
      issues: [],
    });
    expect(await count()).toBe(before + 2);
    expect(await auditCount(server, 'patients.create')).toBe(audits + 2);
    const ana = (await specialist.get('/api/patients?q=ana%20ruiz')).body.items[0];
    const full = (await specialist.get(`/api/patients/${ana.id}`)).body;
    expect(full).toMatchObject({
      symptoms: ['Lumbalgia', 'Insomnio'],
      currentMedications: ['Paracetamol 1 g'],
      allergies: [],
      status: 'new',
    });
  });

  it('all-or-nothing: one bad row writes nothing, and the report names row, field and error', async () => {
    const before = await count();
    const csv = `${HEADER}\nGood Person,1980-01-01,female,other,low,,,,,,,\n,1980-01-01,male,other,low,,,,,,,\nBad Date,2999-01-01,male,other,low,,,bad-email,,,,\n`;
    const res = await upload(csv);
    // two rows are bad; none is imported
    expect(res.body).toMatchObject({ imported: 0, rejected: 2, notImported: 3, totalRows: 3 });
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'name', error: 'name_required' },
        { row: 4, field: 'birthDate', error: 'age_positive' },
        { row: 4, field: 'email', error: 'invalid_email' },
      ]),
    );
    expect(await count()).toBe(before);
  });

  it('one bad date is one issue, and "rejected" counts bad rows, not rows left out', async () => {
    const csv = `${HEADER}\nFecha Mala,1980-13-45,female,other,low,,,,,,,\nFecha Buena,1980-01-01,male,other,low,,,,,,,\nOtra Buena,1981-01-01,male,other,low,,,,,,,\n`;
    const all = await upload(csv);
    expect(all.body).toEqual({
      mode: 'all_or_nothing',
      totalRows: 3,
      imported: 0,
      rejected: 1,
      notImported: 3,
      issues: [{ row: 2, field: 'birthDate', error: 'invalid_date' }],
    });
    const some = await upload(csv, 'valid_only');
    expect(some.body).toMatchObject({
      imported: 2,
      rejected: 1,
      notImported: 1,
      issues: [{ row: 2, field: 'birthDate', error: 'invalid_date' }],
    });
  });

  it('valid rows only: imports the good rows and reports the others', async () => {
    const before = await count();
    const csv = `${HEADER}\nGood One,1980-01-01,female,other,low,,,,,,,\nBad One,1980-01-01,robot,other,low,,,,,,,\nGood Two,1981-01-01,male,other,medium,,,,,,,\n`;
    const res = await upload(csv, 'valid_only');
    expect(res.body).toMatchObject({
      mode: 'valid_only',
      imported: 2,
      rejected: 1,
      issues: [{ row: 3, field: 'gender', error: 'invalid_choice' }],
    });
    expect(await count()).toBe(before + 2);
  });

  it('reads UTF-8 with a BOM, semicolons, quoted fields with separators, quotes and line breaks', async () => {
    const csv = `\uFEFF${HEADER.replaceAll(',', ';')}\r\n"Núñez; Íñigo";1970-07-07;male;other;high;;;;"Dolor ""punzante""";"Línea 1\r\nLínea 2";;\r\nSegunda Fila;1971-01-01;female;other;low;;;;;;;\r\n`;
    const res = await upload(csv);
    expect(res.body).toMatchObject({ imported: 2, totalRows: 2, issues: [] });
    const item = (await specialist.get('/api/patients?q=inigo')).body.items[0];
    const full = (await specialist.get(`/api/patients/${item.id}`)).body;
    expect(full).toMatchObject({
      name: 'Núñez; Íñigo',
      symptoms: ['Dolor "punzante"'],
      medicalHistory: 'Línea 1\r\nLínea 2',
    });
  });

  it('reads Windows-1252 (a spreadsheet export) and UTF-16 with BOM', async () => {
    const latin1 = Uint8Array.from(
      `${HEADER}\nJosé Peña,1960-01-01,male,geriatric,low,,,,,,,\n`,
      (ch) => ch.charCodeAt(0),
    );
    expect((await upload(latin1)).body).toMatchObject({ imported: 1 });
    expect((await specialist.get('/api/patients?q=jose%20pena')).body.items[0].name).toBe(
      'José Peña',
    );

    const text = `${HEADER}\nMarta Ibáñez,1985-02-02,female,pediatric,medium,,,,,,,\n`;
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++)
      new DataView(utf16.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true);
    expect((await upload(utf16)).body).toMatchObject({ imported: 1 });
    expect((await specialist.get('/api/patients?q=ibanez')).body.items[0].name).toBe(
      'Marta Ibáñez',
    );
  });

  it('Windows-1252 bytes 0x80–0x9F are their characters (€ – “ ”), not control characters', async () => {
    // "Café – “Niño” €" in Windows-1252: é=E9, –=96, “=93, ”=94, ñ=F1, €=80
    const head = Uint8Array.from(
      `${HEADER}\nCafé Windows,1960-01-01,male,geriatric,low,,,,Dolor `,
      (ch) => ch.charCodeAt(0),
    );
    const middle = [0x96, 0x20, 0x93, 0x4e, 0x69, 0xf1, 0x6f, 0x94, 0x20, 0x80]; // – “Niño” €
    const bytes = new Uint8Array([...head, ...middle, ...new TextEncoder().encode(',,,\n')]);
    expect((await upload(bytes)).body).toMatchObject({ imported: 1 });
    const item = (await specialist.get('/api/patients?q=cafe%20windows')).body.items[0];
    const full = (await specialist.get(`/api/patients/${item.id}`)).body;
    expect(full.name).toBe('Café Windows');
    expect(full.symptoms).toEqual(['Dolor – “Niño” €']);
  });

  it('export → import keeps every cell: formula-like cells are quoted on the way out and unquoted on the way in', async () => {
    const risky = {
      name: 'Formula Roundtrip',
      birthDate: '1970-01-01',
      gender: 'other',
      category: 'other',
      priority: 'low',
      contactNumber: '+34 600 111 222',
      symptoms: ['=HYPERLINK("http://evil.test","x")', 'normal'],
      medicalHistory: "-2+3 and '=quoted already",
      currentMedications: ['@SUM(A1:A2)'],
      allergies: ["'=starts with a quote"],
    };
    const created = await specialist.post('/api/patients', risky);
    expect(created.status).toBe(201);
    const csv = await specialist.get('/api/patients/export.csv?q=formula%20roundtrip');
    const line = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')[1]!;
    // no cell starts with a formula character
    expect(line).toContain(`'+34 600 111 222`);
    expect(line).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")|normal"`);
    expect(line).toContain(`'-2+3`);
    expect(line).toContain(`'@SUM(A1:A2)`);
    expect(line).toContain(`''=starts with a quote`);
    expect((await upload(new TextEncoder().encode(csv.text))).body).toMatchObject({
      imported: 1,
      rejected: 0,
    });
    const again = (await specialist.get('/api/patients?q=formula%20roundtrip')).body.items.filter(
      (i: { id: string }) => i.id !== created.body.id,
    );
    expect(again).toHaveLength(1);
    const full = (await specialist.get(`/api/patients/${again[0].id}`)).body;
    expect(full).toMatchObject({
      contactNumber: risky.contactNumber,
      symptoms: risky.symptoms,
      medicalHistory: risky.medicalHistory,
      currentMedications: risky.currentMedications,
      allergies: risky.allergies,
    });
  });

  it('refuses a file it cannot use with 400, writing nothing', async () => {
    const before = await count();
    expect((await upload('')).status).toBe(400);
    const unknown = await upload('name,birthDate,gender,category,priority,shoeSize\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'shoeSize', message: 'unknown_column' }),
      ]),
    );
    const missing = await upload('name,gender\nA,male\n');
    expect(missing.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'birthDate', message: 'missing_column' }),
      ]),
    );
    expect((await upload(`${HEADER}\n"unterminated,1980-01-01\n`)).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses a file over 10 MiB with 413', async () => {
    const res = await upload(new Uint8Array(10 * 1024 * 1024 + 10).fill(65));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({
      code: 'payload_too_large',
      message: 'The request is too large.',
    });
  });

  it('signed out, the larger limit does not apply: 2 MiB is refused before it is read', async () => {
    const res = await fetch(`${server.url}/api/patients/import?mode=all_or_nothing`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', origin: server.url },
      body: new Uint8Array(2 * 1024 * 1024).fill(65),
    });
    expect(res.status).toBe(413);
    // the same body signed in reaches the import (which refuses it as a CSV, not for its size)
    expect((await upload(new Uint8Array(2 * 1024 * 1024).fill(65))).status).toBe(400);
  });

  it('imports 10,000 rows in one go, with a valid audit chain', async () => {
    const before = await count();
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `Bulk Patient ${i},19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 9},${['male', 'female', 'other'][i % 3]},other,low,,,,,,,`,
    );
    const res = await upload(`${HEADER}\n${rows.join('\n')}\n`);
    expect(res.body).toMatchObject({ imported: 10_000, rejected: 0 });
    expect(await count()).toBe(before + 10_000);
    const admin = await server.signIn(DEMO.admin);
    expect((await admin.get('/api/audit-logs/verify')).body.valid).toBe(true);
  }, 120_000);
});

describe('carriage returns in the CSV export (issue 22 item 12)', () => {
  it('a name with a control character is refused, in Spanish, and nothing is written', async () => {
    const before = await count();
    for (const name of ['CsvI\r@SUM(4)', 'Ana\nRuiz', 'Ana\tRuiz']) {
      const res = await server.client({ lang: 'es' }).request('POST', '/api/patients', {
        json: {
          name,
          birthDate: '1980-01-01',
          gender: 'female',
          category: 'other',
          priority: 'low',
        },
        headers: { cookie: [...specialist.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ path: 'name', message: 'one_line' }),
      ]);
    }
    expect(await count()).toBe(before);
  });

  it('a field holding a bare CR is quoted, so a spreadsheet keeps it in its cell', async () => {
    const created = await specialist.post('/api/patients', {
      name: 'Carmen Retorno',
      birthDate: '1980-01-01',
      gender: 'female',
      category: 'other',
      priority: 'low',
      medicalHistory: 'Lumbalgia\r@SUM(4)',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // a name stored before names were one line
    await server.sql('update patient set name = $1 where id = $2', [
      'CsvI\r@SUM(4)',
      created.body.id,
    ]);
    const res = await specialist.get('/api/patients/export.csv');
    expect(res.status).toBe(200);
    // read as a spreadsheet reads it: a CR outside quotes ends a row
    const rows: string[][] = parse(res.text, {
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
    });
    const header = rows[0]!;
    expect(rows.every((r) => r.length === header.length)).toBe(true);
    const row = rows.find((r) => r[header.indexOf('id')] === created.body.id)!;
    expect(row[header.indexOf('name')]).toBe('CsvI\r@SUM(4)');
    expect(row[header.indexOf('medicalHistory')]).toBe('Lumbalgia\r@SUM(4)');
  });
});
