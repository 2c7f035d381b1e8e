import type { PlanIntervention } from '@painlab/shared/treatments';

/** Monday and Sunday (YYYY-MM-DD) of the week of `today`. */
export function weekOf(today: string): { start: string; end: string } {
  const d = new Date(`${today}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { start: monday.toISOString().slice(0, 10), end: sunday.toISOString().slice(0, 10) };
}

/**
 * What the patient does this week: repeating interventions running during the week, and one-off
 * ones dated in it.
 */
export function thisWeek(items: readonly PlanIntervention[], today: string): PlanIntervention[] {
  const { start, end } = weekOf(today);
  return items.filter((i) => {
    if (i.frequency === 'once')
      return i.startsOn !== null && i.startsOn >= start && i.startsOn <= end;
    return (i.startsOn === null || i.startsOn <= end) && (i.endsOn === null || i.endsOn >= start);
  });
}
