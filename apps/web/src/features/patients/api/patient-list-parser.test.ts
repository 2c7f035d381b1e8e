/**
 * The hand check of the patient list agrees with the contract (`patientListSchema`, zod): the same
 * answers pass and give the same value, and every malformed answer that zod refuses is refused.
 */
import { patientListSchema } from '@painlab/shared/patients';
import { describe, expect, it } from 'vitest';
import { patientListParser } from './patient-list-parser';

const row = (over: Record<string, unknown> = {}) => ({
  id: 'p1',
  name: 'Lucía Quintanilla',
  age: 47,
  gender: 'female',
  category: 'chronic_pain',
  priority: 'high',
  status: 'in_treatment',
  nextAppointment: '2026-12-01T09:30:00.000Z',
  progress: 40,
  assignedSpecialist: { id: 's1', name: 'Dra. Sofía Especialista' },
  updatedAt: '2026-11-20T10:00:00.000Z',
  // fields of the full record that the list does not carry are dropped by both
  email: 'lucia@example.test',
  ...over,
});

const page = (items: unknown[], over: Record<string, unknown> = {}) => ({
  items,
  nextCursor: 'abc',
  more: true,
  ...over,
});

const valid = [
  page([row()]),
  page([], { nextCursor: null, more: false }),
  page([
    row({ progress: null, nextAppointment: null, assignedSpecialist: null }),
    row({ id: 'p2' }),
  ]),
  page([row({ progress: 12.5 })]),
];

const invalid = [
  null,
  [],
  'x',
  {},
  page([row()], { more: 'yes' }),
  page([row()], { nextCursor: 3 }),
  page([row()], { nextCursor: undefined }),
  { items: {}, nextCursor: null, more: false },
  page([null]),
  page([row({ id: 5 })]),
  page([row({ name: null })]),
  page([row({ age: 4.5 })]),
  page([row({ age: '47' })]),
  page([row({ gender: 'unknown' })]),
  page([row({ category: 'CHRONIC_PAIN' })]),
  page([row({ priority: 'urgent' })]),
  page([row({ status: 'deleted' })]),
  page([row({ nextAppointment: 20261201 })]),
  page([row({ progress: '40' })]),
  page([row({ progress: Number.NaN })]),
  page([row({ progress: undefined })]),
  page([row({ assignedSpecialist: 's1' })]),
  page([row({ assignedSpecialist: { id: 's1' } })]),
  page([row({ updatedAt: undefined })]),
];

describe('patientListParser', () => {
  it('accepts what the contract accepts, with the same value', () => {
    for (const answer of valid) {
      expect(patientListSchema.safeParse(answer).success).toBe(true);
      expect(patientListParser.parse(answer)).toEqual(patientListSchema.parse(answer));
    }
  });

  it('refuses what the contract refuses', () => {
    for (const answer of invalid) {
      expect(patientListSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(false);
      expect(() => patientListParser.parse(answer), JSON.stringify(answer)).toThrow(TypeError);
    }
  });
});
