/** CSV cells: formula neutralising (OWASP CSV injection) and its exact undoing on import. */
import { describe, expect, it } from 'vitest';
import { neutralise, unneutralise } from './patients.csv';

describe('formula cells', () => {
  it.each(['=1+1', '+34 600 123 456', '-5', '@SUM(A1)', '\tx', '\rx'])(
    '%j starts with a quote on export',
    (cell) => {
      expect(neutralise(cell)).toBe(`'${cell}`);
    },
  );

  it.each(["'Tis", 'plain', '', "it's", 'a=b'])('%j is exported as is', (cell) => {
    expect(neutralise(cell)).toBe(cell);
  });

  it.each([
    '=1+1',
    '+34 600',
    "'=already quoted",
    "''=twice",
    "'Tis",
    "'",
    "''",
    'plain',
    '-',
    "'-",
  ])('%j comes back unchanged from export then import', (cell) => {
    expect(unneutralise(neutralise(cell))).toBe(cell);
  });
});
