/**
 * The architecture rules of eslint.config.js hold, with ESLint started from a sub-folder (the zones
 * are anchored to the config's folder, not the working directory): lower server layers never import
 * modules, shared web folders never import features, no import cycles, no floating promises, and the
 * personas never enter the web app, nor sonner outside lib/toast.ts and its host (issue 8). Probe
 * files are written into the real folders, linted, removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { dbKind } from './test/harness';

const root = path.resolve(import.meta.dirname, '../../..');
const tag = `zz-lint-probe-${process.pid}`;
const probes: Record<string, string> = {
  [`apps/server/src/auth/${tag}.ts`]: `import { DEMO_ACCOUNTS } from '../modules/users/users.seed';\nexport const n = DEMO_ACCOUNTS.length;\n`,
  [`apps/server/src/http/${tag}.ts`]: `import { registerSystem } from '../modules/system/system.handlers';\nexport const f = registerSystem;\n`,
  [`apps/server/src/lib/${tag}-a.ts`]: `import { b } from './${tag}-b';\nexport const a = (): unknown => b;\n`,
  [`apps/server/src/lib/${tag}-b.ts`]: `import { a } from './${tag}-a';\nexport const b = (): unknown => a;\n`,
  [`apps/server/src/lib/${tag}-c.ts`]: `async function later(): Promise<number> {\n  return 1;\n}\nlater();\nvoid later();\nexport {};\n`,
  [`apps/web/src/hooks/${tag}.ts`]: `import { patientKeys } from '../features/patients/api/keys';\nexport const h = patientKeys;\n`,
  [`apps/web/src/lib/${tag}.ts`]: `import { DEMO } from '@painlab/shared/personas';\nexport const d = DEMO;\n`,
  [`apps/web/src/components/${tag}.ts`]: `import { toast } from 'sonner';\nexport const t = toast;\n`,
};

afterAll(() => {
  for (const file of Object.keys(probes)) fs.rmSync(path.join(root, file), { force: true });
});

describe.skipIf(dbKind !== 'pglite')('lint rules (eslint.config.js)', () => {
  it('refuse layer leaks, cycles, floating promises and personas in the web app, from any folder', async () => {
    for (const [file, text] of Object.entries(probes))
      fs.writeFileSync(path.join(root, file), text);
    const eslint = new ESLint({ cwd: path.join(root, 'apps/server') });
    const results = await eslint.lintFiles(Object.keys(probes).map((f) => path.join(root, f)));
    const found = Object.fromEntries(
      results.map((r) => [
        path.relative(root, r.filePath).replace(tag, 'probe'),
        r.messages.map((m) => `${m.line}:${m.ruleId ?? m.message}`),
      ]),
    );
    expect(found).toEqual({
      'apps/server/src/auth/probe.ts': ['1:import/no-restricted-paths'],
      'apps/server/src/http/probe.ts': ['1:import/no-restricted-paths'],
      'apps/server/src/lib/probe-a.ts': ['1:import/no-cycle'],
      'apps/server/src/lib/probe-b.ts': ['1:import/no-cycle'],
      'apps/server/src/lib/probe-c.ts': ['4:@typescript-eslint/no-floating-promises'],
      'apps/web/src/hooks/probe.ts': ['1:import/no-restricted-paths'],
      'apps/web/src/lib/probe.ts': ['1:no-restricted-imports'],
      'apps/web/src/components/probe.ts': ['1:no-restricted-imports'],
    });
  }, 300_000); // typed linting loads the server and web TypeScript projects
});
