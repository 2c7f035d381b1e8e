import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams } from './filters';

describe('filtersFromSearchParams', () => {
  it('keeps known values and drops the rest', () => {
    expect(
      filtersFromSearchParams(new URLSearchParams('status=active&q=%20ruiz%20&mine=true')),
    ).toEqual({
      status: 'active',
      q: 'ruiz',
      mine: 'true',
    });
    expect(filtersFromSearchParams(new URLSearchParams('status=nope&q=&mine=1'))).toEqual({});
  });
});
