/**
 * SPEC §4 display colours, case-insensitive. Priority: high red, medium yellow, low green, anything
 * else grey. Status (the spec's work-item colours, applied to patient statuses too): in progress or
 * in treatment blue, pending review or follow up yellow, new green, anything else grey.
 */
import { priorityColour } from '@painlab/shared/patients-constants';

export type Colour = 'red' | 'yellow' | 'green' | 'blue' | 'grey';

export { priorityColour };

const STATUS_COLOURS: Record<string, Colour> = {
  'in progress': 'blue',
  'in treatment': 'blue',
  'pending review': 'yellow',
  'follow up': 'yellow',
  new: 'green',
};

/** `in_treatment`, `In Treatment`, `follow-up` … are all the same status. */
export function statusColour(status: string): Colour {
  const normalised = status.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  return STATUS_COLOURS[normalised] ?? 'grey';
}

/** Tailwind classes of a badge in each colour (text contrast ≥ 4.5:1 on its background). */
export const COLOUR_CLASSES: Record<Colour, string> = {
  red: 'border-red-200 bg-red-50 text-red-800',
  yellow: 'border-amber-200 bg-amber-50 text-amber-900',
  green: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  blue: 'border-blue-200 bg-blue-50 text-blue-800',
  grey: 'border-slate-200 bg-slate-100 text-slate-700',
};

/** The small dot shown before the badge text (colour is never the only cue: the text says it too). */
export const DOT_CLASSES: Record<Colour, string> = {
  red: 'bg-red-600',
  yellow: 'bg-amber-500',
  green: 'bg-emerald-600',
  blue: 'bg-blue-600',
  grey: 'bg-slate-400',
};
