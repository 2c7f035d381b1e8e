import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  patientListSearch,
  toggleValue,
  type PatientListFilters,
} from './list-filters';

const filters = (overrides: Partial<PatientListFilters>): PatientListFilters => ({
  ...EMPTY_FILTERS,
  ...overrides,
});

describe('patient list query (filters → query string)', () => {
  it('sends only the default sort and the page size when nothing is filtered', () => {
    expect(patientListSearch(EMPTY_FILTERS, { limit: 50 })).toBe('?sort=name&limit=50');
  });

  it('joins multi-value filters with commas and passes the specialist and the sort', () => {
    const search = patientListSearch(
      filters({
        category: ['chronic_pain', 'geriatric'],
        priority: ['high'],
        status: ['new', 'follow_up'],
        specialistId: 'sp-1',
        sort: '-updatedAt',
      }),
      { limit: 50 },
    );
    const params = new URLSearchParams(search.slice(1));
    expect(params.get('category')).toBe('chronic_pain,geriatric');
    expect(params.get('priority')).toBe('high');
    expect(params.get('status')).toBe('new,follow_up');
    expect(params.get('specialistId')).toBe('sp-1');
    expect(params.get('sort')).toBe('-updatedAt');
    expect(params.get('limit')).toBe('50');
    expect(params.has('cursor')).toBe(false);
  });

  it('leaves the sort out while searching (the API orders by relevance) and trims the text', () => {
    const params = new URLSearchParams(
      patientListSearch(filters({ q: '  núñez ', sort: 'priority' })).slice(1),
    );
    expect(params.get('q')).toBe('núñez');
    expect(params.has('sort')).toBe(false);
  });

  it('encodes the search text and passes the keyset cursor back, never a page number', () => {
    const search = patientListSearch(filters({ q: 'Ana & José' }), {
      cursor: 'eyJrIjoxfQ==',
      limit: 50,
    });
    expect(search).toBe('?q=Ana+%26+Jos%C3%A9&cursor=eyJrIjoxfQ%3D%3D&limit=50');
    expect(search).not.toMatch(/page|offset/);
  });

  it('builds the CSV export query from the same filters without cursor or limit', () => {
    expect(patientListSearch(filters({ priority: ['high', 'low'] }))).toBe(
      '?priority=high%2Clow&sort=name',
    );
    expect(patientListSearch(filters({ q: 'x' }))).toBe('?q=x');
  });

  it('reads filters from the page URL, dropping unknown values and ordering them as the enums', () => {
    const parsed = filtersFromSearchParams(
      new URLSearchParams(
        'q=ana&category=geriatric,bogus,chronic_pain&priority=low,high,low&status=&sort=weird',
      ),
    );
    expect(parsed).toEqual({
      q: 'ana',
      category: ['chronic_pain', 'geriatric'],
      priority: ['high', 'low'],
      status: [],
      specialistId: '',
      sort: 'name',
    });
  });

  it('starts with nothing chosen in any filter and the default sort', () => {
    expect(EMPTY_FILTERS).toEqual({
      q: '',
      category: [],
      priority: [],
      status: [],
      specialistId: '',
      sort: 'name',
    });
  });

  it('round-trips through the page URL, leaving defaults out', () => {
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe('');
    const f = filters({ status: ['in_treatment'], sort: '-name', specialistId: 'abc' });
    expect(filtersToSearchParams(f).toString()).toBe(
      'status=in_treatment&specialistId=abc&sort=-name',
    );
    expect(filtersFromSearchParams(filtersToSearchParams(f))).toEqual(f);
  });

  it('knows when the list is narrowed', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters({ sort: '-name' }))).toBe(false);
    expect(hasActiveFilters(filters({ q: '   ' }))).toBe(false);
    expect(hasActiveFilters(filters({ q: 'a' }))).toBe(true);
    expect(hasActiveFilters(filters({ priority: ['low'] }))).toBe(true);
    expect(hasActiveFilters(filters({ specialistId: 'x' }))).toBe(true);
  });

  it('toggles a value in a multi-value filter', () => {
    const all = ['high', 'medium', 'low'] as const;
    expect(toggleValue([], 'low', all)).toEqual(['low']);
    expect(toggleValue(['low'], 'high', all)).toEqual(['high', 'low']);
    expect(toggleValue(['high', 'low'], 'high', all)).toEqual(['low']);
  });
});
