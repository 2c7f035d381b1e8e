import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, isOverdue, localToday, taskListSearch } from './filters';

describe('task list filters', () => {
  it('reads the URL, ignoring unknown values', () => {
    expect(filtersFromSearchParams(new URLSearchParams('view=mine&status=done'))).toEqual({
      view: 'mine',
      status: 'done',
      patientId: null,
    });
    expect(filtersFromSearchParams(new URLSearchParams('view=x&status=y'))).toEqual({
      view: 'all',
      status: null,
      patientId: null,
    });
  });

  it('builds the API query', () => {
    const q = taskListSearch({ view: 'overdue', status: null, patientId: 'p1' }, 'c', '2026-01-02');
    expect(new URLSearchParams(q.slice(1)).get('due')).toBe('overdue');
    expect(q).toContain('patientId=p1');
    expect(q).toContain('cursor=c');
    expect(
      taskListSearch({ view: 'mine', status: null, patientId: null }, null, '2026-01-02'),
    ).toContain('assignee=mine');
  });

  it('overdue is an open task due before today', () => {
    expect(isOverdue({ dueDate: '2026-01-01', status: 'new' }, '2026-01-02')).toBe(true);
    expect(isOverdue({ dueDate: '2026-01-01', status: 'done' }, '2026-01-02')).toBe(false);
    expect(isOverdue({ dueDate: '2026-01-02', status: 'new' }, '2026-01-02')).toBe(false);
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
