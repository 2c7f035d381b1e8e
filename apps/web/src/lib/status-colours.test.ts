import { describe, expect, it } from 'vitest';
import { COLOUR_CLASSES, priorityColour, statusColour } from './status-colours';

describe('SPEC §4 colours', () => {
  it('colours priorities high red, medium yellow, low green, anything else grey (case-insensitive)', () => {
    expect(priorityColour('high')).toBe('red');
    expect(priorityColour('HIGH')).toBe('red');
    expect(priorityColour('Medium')).toBe('yellow');
    expect(priorityColour('low')).toBe('green');
    expect(priorityColour('urgent')).toBe('grey');
    expect(priorityColour('')).toBe('grey');
  });

  it('colours statuses in treatment blue, follow up yellow, new green, anything else grey', () => {
    expect(statusColour('in_treatment')).toBe('blue');
    expect(statusColour('follow_up')).toBe('yellow');
    expect(statusColour('new')).toBe('green');
    expect(statusColour('discharged')).toBe('grey');
    expect(statusColour('inactive')).toBe('grey');
  });

  it('keeps the work-item wording of the spec and ignores case, dashes and underscores', () => {
    expect(statusColour('In Progress')).toBe('blue');
    expect(statusColour('pending_review')).toBe('yellow');
    expect(statusColour('Pending Review')).toBe('yellow');
    expect(statusColour('NEW')).toBe('green');
    expect(statusColour('follow-up')).toBe('yellow');
    expect(statusColour('  in   treatment ')).toBe('blue');
    expect(statusColour('something else')).toBe('grey');
  });

  it('has classes for every colour', () => {
    expect(Object.keys(COLOUR_CLASSES).sort()).toEqual(['blue', 'green', 'grey', 'red', 'yellow']);
    expect(COLOUR_CLASSES.red).toContain('red');
  });
});
