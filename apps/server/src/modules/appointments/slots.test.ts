/** The pure slot maths: DST days in both zones, buffers, absences, the past. */
import { describe, expect, it } from 'vitest';
import { freeSlots, localSpan, type SlotRequest } from './slots';

const request = (overrides: Partial<SlotRequest>): SlotRequest => ({
  from: '2027-11-07',
  to: '2027-11-07',
  durationMinutes: 60,
  bufferMinutes: 0,
  modality: null,
  hours: [],
  exceptions: [],
  busy: [],
  notBefore: new Date('2020-01-01T00:00:00Z'),
  ...overrides,
});
const starts = (req: SlotRequest) => freeSlots(req).map((s) => s.startsAt);

describe('free slots', () => {
  it('a New York night with the fall-back hour holds one more hour', () => {
    const hours = [
      {
        weekday: 7,
        startTime: '00:00',
        endTime: '03:00',
        modality: 'telehealth' as const,
        location: null,
        timeZone: 'America/New_York',
      },
    ];
    // 00:00 EDT (04:00Z) … 03:00 EST (08:00Z): four real hours
    expect(starts(request({ hours }))).toEqual([
      '2027-11-07T04:00:00.000Z',
      '2027-11-07T05:00:00.000Z',
      '2027-11-07T06:00:00.000Z',
      '2027-11-07T07:00:00.000Z',
    ]);
  });

  it('steps by duration + buffer; the buffer may run past the window, the visit may not', () => {
    const hours = [
      {
        weekday: 1,
        startTime: '09:00',
        endTime: '10:30',
        modality: 'in_person' as const,
        location: 'Consulta 1',
        timeZone: 'Europe/Madrid',
      },
    ];
    const req = request({
      from: '2027-06-14',
      to: '2027-06-14',
      durationMinutes: 30,
      bufferMinutes: 15,
      hours,
    });
    // 09:00, 09:45 (ends 10:15, buffer to 10:30); 10:30 would end past the window
    expect(starts(req)).toEqual(['2027-06-14T07:00:00.000Z', '2027-06-14T07:45:00.000Z']);
    // a booking 09:50–10:20 (+10 min buffer) takes the second
    expect(
      starts({
        ...req,
        busy: [
          {
            startsAt: new Date('2027-06-14T07:50:00Z'),
            blockedUntil: new Date('2027-06-14T08:30:00Z'),
          },
        ],
      }),
    ).toEqual(['2027-06-14T07:00:00.000Z']);
    // nothing before `notBefore`
    expect(starts({ ...req, notBefore: new Date('2027-06-14T07:30:00Z') })).toEqual([
      '2027-06-14T07:45:00.000Z',
    ]);
    // a telehealth-only type gets none of the in-person hours
    expect(starts({ ...req, modality: 'telehealth' })).toEqual([]);
  });

  it('an absence of whole local days in the zone it was given in', () => {
    const span = localSpan('2027-03-27', '2027-03-28', undefined, undefined, 'Europe/Madrid');
    // from Saturday 00:00 CET to Monday 00:00 CEST: 47 hours (the spring-forward night)
    expect(span.start!.toUTC().toISO()).toBe('2027-03-26T23:00:00.000Z');
    expect(span.end!.toUTC().toISO()).toBe('2027-03-28T22:00:00.000Z');
    expect(span.length('hours')).toBe(47);
  });
});
