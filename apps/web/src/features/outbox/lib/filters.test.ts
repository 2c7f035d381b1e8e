import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, outboxListSearch } from './filters';

describe('outbox filters', () => {
  it('reads known statuses and channels from the URL and drops anything else', () => {
    expect(filtersFromSearchParams(new URLSearchParams('status=dead&channel=sms'))).toEqual({
      status: 'dead',
      channel: 'sms',
    });
    expect(filtersFromSearchParams(new URLSearchParams('status=lost&channel=fax'))).toEqual({});
  });

  it('builds the API query with the page size and the cursor', () => {
    expect(outboxListSearch({ status: 'failed' }, 'c1')).toBe('?status=failed&limit=25&cursor=c1');
    expect(outboxListSearch({}, null)).toBe('?limit=25');
  });
});
