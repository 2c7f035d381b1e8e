import { describe, expect, it } from 'vitest';
import { auditExportHref, auditListSearch, filtersFromSearchParams } from './filters';

describe('audit log filters', () => {
  it('reads known outcomes and trimmed texts from the URL, and drops the rest', () => {
    expect(
      filtersFromSearchParams(
        new URLSearchParams('outcome=denied&action=%20patients.view%20&patientId=p1&x=1'),
      ),
    ).toEqual({ outcome: 'denied', action: 'patients.view', patientId: 'p1' });
    expect(
      filtersFromSearchParams(new URLSearchParams(`outcome=maybe&action=${'a'.repeat(81)}`)),
    ).toEqual({});
  });

  it('builds the API query with the page size and the cursor', () => {
    expect(auditListSearch({ outcome: 'success' }, null)).toBe('?outcome=success&limit=50');
    expect(auditListSearch({ patientId: 'p 1' }, 120)).toBe('?patientId=p+1&limit=50&before=120');
  });

  it('links the CSV export with the same filters and no page size', () => {
    expect(auditExportHref({})).toBe('/api/audit-logs/export.csv');
    expect(auditExportHref({ outcome: 'denied', patientId: 'p 1' })).toBe(
      '/api/audit-logs/export.csv?outcome=denied&patientId=p+1',
    );
  });
});
