import { describe, expect, it } from 'vitest';
import { createCsvRowCounter } from './csv-row-counter';

function count(chunks: string[], header = true): { during: number[]; total: number } {
  const counter = createCsvRowCounter({ header });
  const during: number[] = [];
  for (const chunk of chunks) {
    counter.push(chunk);
    during.push(counter.rows);
  }
  return { during, total: counter.finish() };
}

describe('CSV export progress (rows received)', () => {
  it('counts data rows, not the header', () => {
    expect(count(['name,age\nAna,40\nBen,50\n']).total).toBe(2);
    expect(count(['name,age\n']).total).toBe(0);
    expect(count(['']).total).toBe(0);
  });

  it('counts while the stream arrives, chunk by chunk', () => {
    const { during, total } = count(['name,age\nAn', 'a,40\nBen,5', '0\nCy,60\n']);
    expect(during).toEqual([0, 1, 3]);
    expect(total).toBe(3);
  });

  it('counts a last row without a final line break once the stream ends', () => {
    const { during, total } = count(['name,age\nAna,40\nBen,50']);
    expect(during).toEqual([1]);
    expect(total).toBe(2);
  });

  it('treats CRLF as one line break, even split across chunks', () => {
    expect(count(['name,age\r\nAna,40\r', '\nBen,50\r\n']).total).toBe(2);
  });

  it('ignores line breaks inside quoted fields, also when the quote spans chunks', () => {
    const csv = 'name,history\n"Ana","line one\nline two"\n"Ben","says ""hi""\nagain"\n';
    expect(count([csv]).total).toBe(2);
    const split = [csv.slice(0, 20), csv.slice(20, 33), csv.slice(33)];
    expect(count(split).total).toBe(2);
    // Split between the two quotes of an escaped quote.
    const at = csv.indexOf('""hi') + 1;
    expect(count([csv.slice(0, at), csv.slice(at)]).total).toBe(2);
  });

  it('can count without a header row', () => {
    expect(count(['a\nb\n'], false).total).toBe(2);
  });

  it('never goes below zero', () => {
    expect(count(['\n'], true).total).toBe(0);
  });
});
