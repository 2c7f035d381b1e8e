/**
 * The patient list's answer checked by hand, field by field, without zod: `patientListSchema` of
 * `@painlab/shared/patients` is the contract (the server answers through it, and
 * `patient-list-parser.test.ts` holds this check to it), but loading the shared schemas chunk
 * (~90 KB to evaluate) and running it over 50 rows cost ~70 ms of a click → rows at 4× CPU
 * (issue 8). Like zod's `object`, it keeps only the list's fields.
 */
import { CATEGORIES, GENDERS, PRIORITIES, STATUSES } from '@painlab/shared/patients-constants';
import type { PatientListItem } from '@painlab/shared/patients';
import type { Parser } from '../../../lib/api-client';

export interface PatientListPage {
  items: PatientListItem[];
  nextCursor: string | null;
  more: boolean;
}

type Fields = Record<string, unknown>;

class InvalidList extends TypeError {
  constructor(where: string) {
    super(`Invalid /api/patients response (${where})`);
  }
}

const isRecord = (v: unknown): v is Fields =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown, where: string): string {
  if (typeof v !== 'string') throw new InvalidList(where);
  return v;
}

function textOrNull(v: unknown, where: string): string | null {
  return v === null ? null : text(v, where);
}

function oneOf<T extends string>(values: readonly T[], v: unknown, where: string): T {
  if (!values.includes(v as T)) throw new InvalidList(where);
  return v as T;
}

function item(v: unknown, i: number): PatientListItem {
  if (!isRecord(v)) throw new InvalidList(`items[${i}]`);
  const at = (field: string) => `items[${i}].${field}`;
  if (typeof v.age !== 'number' || !Number.isInteger(v.age)) throw new InvalidList(at('age'));
  if (v.progress !== null && (typeof v.progress !== 'number' || Number.isNaN(v.progress)))
    throw new InvalidList(at('progress'));
  const specialist = v.assignedSpecialist;
  if (specialist !== null && !isRecord(specialist)) throw new InvalidList(at('assignedSpecialist'));
  return {
    id: text(v.id, at('id')),
    name: text(v.name, at('name')),
    age: v.age,
    gender: oneOf(GENDERS, v.gender, at('gender')),
    category: oneOf(CATEGORIES, v.category, at('category')),
    priority: oneOf(PRIORITIES, v.priority, at('priority')),
    status: oneOf(STATUSES, v.status, at('status')),
    nextAppointment: textOrNull(v.nextAppointment, at('nextAppointment')),
    progress: v.progress,
    assignedSpecialist: specialist
      ? {
          id: text(specialist.id, at('assignedSpecialist.id')),
          name: text(specialist.name, at('assignedSpecialist.name')),
        }
      : null,
    updatedAt: text(v.updatedAt, at('updatedAt')),
  };
}

export const patientListParser: Parser<PatientListPage> = {
  parse(value) {
    if (!isRecord(value) || !Array.isArray(value.items)) throw new InvalidList('items');
    if (typeof value.more !== 'boolean') throw new InvalidList('more');
    return {
      items: value.items.map(item),
      nextCursor: textOrNull(value.nextCursor, 'nextCursor'),
      more: value.more,
    };
  },
};
