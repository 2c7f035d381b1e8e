/**
 * "Who viewed my record" names every audit action the server writes, in both languages: the actions
 * are read from the server's source (`'patients.view'`, `` `patients.export_${format}` ``), so a new
 * one without a translation fails here rather than showing a raw key to a patient.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/portal.json';
import es from '../../../locales/es/portal.json';

const serverSrc = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../server/src',
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Audit actions about a patient record written by the server (template literals expanded by their union). */
function serverActions(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(serverSrc)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /['"`]((?:patients|portal|access)\.[a-z_.]+)(\$\{(\w+)\})?['"`]/g,
    )) {
      const [, head, template, variable] = m;
      if (!template) {
        found.add(head!);
        continue;
      }
      // `patients.export_${format}` with `format: 'json' | 'fhir'` declared in the same file.
      const union = new RegExp(`${variable}\\??:\\s*((?:'[a-z_]+'\\s*\\|?\\s*)+)`).exec(text);
      expect(union, `${file}: the values of \${${variable}}`).not.toBeNull();
      for (const v of union![1]!.matchAll(/'([a-z_]+)'/g)) found.add(`${head}${v[1]}`);
    }
  }
  return [...found].sort();
}

const keyOf = (action: string) => action.replace(/[^a-z0-9]+/gi, '_');

describe('access log actions', () => {
  const actions = serverActions();

  it('finds the actions the server writes', () => {
    expect(actions).toEqual(
      expect.arrayContaining([
        'patients.view',
        'patients.export_fhir',
        'patients.export_json',
        'patients.export_csv',
        'patients.list',
      ]),
    );
  });

  for (const [lang, messages] of [
    ['en', en],
    ['es', es],
  ] as const) {
    it(`every one reads as words in ${lang}`, () => {
      const names = messages.access.actions as Record<string, string>;
      const missing = actions.filter((action) => !names[keyOf(action)]);
      expect(missing).toEqual([]);
    });
  }
});
