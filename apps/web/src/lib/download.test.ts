import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, todayStamp } from './download';

describe('download file names', () => {
  it('reads plain, quoted and RFC 5987 file names', () => {
    expect(filenameFromDisposition('attachment; filename="patient-1.json"')).toBe('patient-1.json');
    expect(filenameFromDisposition('attachment; filename=patients.csv')).toBe('patients.csv');
    expect(
      filenameFromDisposition(
        'attachment; filename="x.json"; filename*=UTF-8\'\'n%C3%BA%C3%B1ez.json',
      ),
    ).toBe('núñez.json');
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition(null)).toBeUndefined();
  });

  it('never lets a name point into a folder', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe(
      '.._.._etc_passwd',
    );
  });

  it('stamps file names with the local date', () => {
    expect(todayStamp(new Date(2026, 2, 9, 23, 30))).toBe('2026-03-09');
  });
});
