import { describe, expect, it } from 'vitest';
import {
  CACHE_PRIORITY,
  cacheLifetime,
  cachePolicy,
  cachePriority,
  DEFAULT_GC_TIME,
} from './cache-policy';

const MIN = 60_000;

describe('cache priority by key content (SPEC §9)', () => {
  it.each([
    [['user-role'], CACHE_PRIORITY.critical],
    [['user-profile'], CACHE_PRIORITY.critical],
    [['auth', 'session'], CACHE_PRIORITY.critical],
    [['patients', { page: 2 }], CACHE_PRIORITY.high],
    [['appointments', 'today'], CACHE_PRIORITY.high],
    [['treatment-plans', 'abc'], CACHE_PRIORITY.high],
    [['messages'], CACHE_PRIORITY.medium],
    [['notifications'], CACHE_PRIORITY.medium],
    [['tasks', 'pending'], CACHE_PRIORITY.medium],
    [['blog-posts'], CACHE_PRIORITY.low],
    [['public-config'], CACHE_PRIORITY.low],
  ] as const)('%j → %i', (key, priority) => {
    expect(cachePriority(key)).toBe(priority);
  });

  it('checks the rules in order: critical before high before medium', () => {
    expect(cachePriority(['user', 'patients'])).toBe(CACHE_PRIORITY.critical);
    expect(cachePriority(['patient-messages'])).toBe(CACHE_PRIORITY.high);
  });

  it('is case-insensitive, takes strings and ignores non-string parts', () => {
    expect(cachePriority('PATIENTS')).toBe(CACHE_PRIORITY.high);
    expect(cachePriority([42, { user: true }, null])).toBe(CACHE_PRIORITY.low);
  });
});

describe('cache lifetime by key content (SPEC §9)', () => {
  it.each([
    [['messages'], 1 * MIN],
    [['notifications', 'unread'], 1 * MIN],
    [['patients'], 5 * MIN],
    [['appointments'], 5 * MIN],
    [['reports'], 15 * MIN],
    [['report-templates'], 15 * MIN],
    [['specialists', '7'], 15 * MIN],
    [['blog', 'slug'], 60 * MIN],
    [['workshops'], 60 * MIN],
    [['contact'], 60 * MIN],
    [['user-role'], 5 * MIN],
    [['anything-else'], 5 * MIN],
  ] as const)('%j → %i ms', (key, lifetime) => {
    expect(cacheLifetime(key)).toBe(lifetime);
  });

  it('gives message lifetimes precedence over patient ones', () => {
    expect(cacheLifetime(['patient-messages'])).toBe(1 * MIN);
  });
});

describe('cachePolicy', () => {
  it('uses the lifetime as staleTime and keeps the 30-minute gcTime', () => {
    expect(cachePolicy(['reports'])).toEqual({ staleTime: 15 * MIN, gcTime: DEFAULT_GC_TIME });
  });

  it('keeps long-lived entries at least as long as they are fresh', () => {
    expect(cachePolicy(['blog']).gcTime).toBe(60 * MIN);
  });

  it('never garbage-collects critical entries', () => {
    expect(cachePolicy(['user-role']).gcTime).toBe(Infinity);
  });
});
