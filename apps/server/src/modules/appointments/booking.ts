/**
 * What every path that books a visit shares (staff booking, a patient's request, rebooking, taking a
 * waitlist offer): its times from the type, and the exclusion constraint's refusal as 409
 * `slot_taken`. A specialist is never double-booked: the database decides (ADR 0015).
 */
import { DEFAULT_TIME_ZONE } from '@painlab/shared/appointments';
import type { Tx } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { findType, listHours, readSettings } from './availability.repository';

/** The database refused the write with this SQLSTATE (`23P01` exclusion, `23505` unique). */
export function hasPgCode(error: unknown, code: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a write; an overlap with another appointment becomes 409 `slot_taken`. */
export async function guardOverlap<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (hasPgCode(error, '23P01')) throw DomainError.slotTaken();
    throw error;
  }
}

/** A visit of `type` starting at `startsAt`: its end, and the time it holds with the buffer. */
export function timesOf(startsAt: Date, type: { durationMinutes: number; bufferMinutes: number }) {
  const endsAt = new Date(startsAt.getTime() + type.durationMinutes * 60_000);
  return {
    startsAt,
    endsAt,
    blockedUntil: new Date(endsAt.getTime() + type.bufferMinutes * 60_000),
  };
}

/** The visit type by id, if it may be booked; otherwise a field error on `typeId`. */
export async function typeFor(db: Tx | Deps['database']['db'], id: string) {
  const type = await findType(db, id);
  if (!type || !type.active)
    throw DomainError.invalidField('typeId', 'invalid_value', 'invalid_choice');
  return type;
}

/** The zone to show a visit in: the specialist's hours that day, else the clinic's. */
export async function zoneFor(deps: Deps, specialistId: string): Promise<string> {
  const hours = await listHours(deps.database.db, specialistId);
  return hours[0]?.timeZone ?? (await readSettings(deps.database.db)).timeZone ?? DEFAULT_TIME_ZONE;
}
