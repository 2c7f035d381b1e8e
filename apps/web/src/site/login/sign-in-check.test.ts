import { signInSchema } from '@painlab/shared/auth';
import { describe, expect, it } from 'vitest';
import { checkSignIn } from './sign-in-check';

/** The schema's answer in the hand check's terms: the cleaned values, or each field's first message. */
function bySchema(values: { email: string; password: string }) {
  const result = signInSchema.safeParse(values);
  if (result.success) return { values: result.data };
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    issues[key] ??= issue.message;
  }
  return { issues };
}

const EMAILS = [
  '',
  '   ',
  'ana@example.org',
  '  ana@example.org  ',
  'Ana.Maria+clinic@sub.example.co',
  'ana',
  'ana@',
  '@example.org',
  'ana@example',
  'ana@@example.org',
  'ana maria@example.org',
  'ana..maria@example.org',
  '.ana@example.org',
  'ana@-example.org',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.org`,
];
const PASSWORDS = ['', 'x', 'painlab-demo-2026', '  spaced  ', 'p'.repeat(128), 'p'.repeat(129)];

describe('checkSignIn', () => {
  it("gives the shared signInSchema's answer for every sample address and password", () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) {
        expect(checkSignIn({ email, password }), JSON.stringify({ email, password })).toEqual(
          bySchema({ email, password }),
        );
      }
    }
  });
});
