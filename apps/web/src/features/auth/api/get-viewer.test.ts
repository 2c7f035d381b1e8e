import { meResponseSchema } from '@painlab/shared/auth';
import { describe, expect, it } from 'vitest';
import { meParser } from './get-viewer';

const VALID = {
  user: { id: 'u1', name: 'Ana', email: 'ana@example.org', extra: 1 },
  role: 'specialist',
  permissions: { patients: ['view', 'create'], appointments: [] },
  session: {
    expiresAt: '2026-01-01T00:00:00.000Z',
    absoluteExpiresAt: '2026-01-01T10:00:00.000Z',
    expiresInMs: 1_800_000,
    idleMinutes: 30,
  },
  mfa: {
    aal: 2,
    enrolled: true,
    twoFactor: true,
    required: true,
    stepUpNeeded: false,
    enrolBy: null,
    enrolmentNeeded: false,
  },
  other: true,
};

const SAMPLES: unknown[] = [
  VALID,
  { ...VALID, permissions: {} },
  { ...VALID, role: 'admin' },
  null,
  [],
  'me',
  { ...VALID, role: 'root' },
  { ...VALID, user: { ...VALID.user, id: 7 } },
  { ...VALID, user: null },
  { ...VALID, permissions: { patients: ['view', 'fly'] } },
  { ...VALID, permissions: { spaceships: ['view'] } },
  { ...VALID, permissions: { patients: 'view' } },
  { ...VALID, permissions: [] },
  { ...VALID, session: { expiresAt: '2026-01-01' } },
  { ...VALID, mfa: undefined },
  {
    ...VALID,
    mfa: {
      aal: 3,
      enrolled: true,
      twoFactor: true,
      required: true,
      stepUpNeeded: false,
      enrolBy: null,
      enrolmentNeeded: false,
    },
  },
  { ...VALID, mfa: { aal: 1, enrolled: 'yes', required: true, stepUpNeeded: false } },
  { ...VALID, mfa: { ...VALID.mfa, enrolBy: 5 } },
  { ...VALID, mfa: { ...VALID.mfa, enrolmentNeeded: 'no' } },
];

describe('meParser', () => {
  it('accepts and cleans what meResponseSchema accepts, and refuses what it refuses', () => {
    for (const sample of SAMPLES) {
      const expected = meResponseSchema.safeParse(sample);
      if (expected.success)
        expect(meParser.parse(sample), JSON.stringify(sample)).toEqual(expected.data);
      else expect(() => meParser.parse(sample), JSON.stringify(sample)).toThrow(TypeError);
    }
  });
});
