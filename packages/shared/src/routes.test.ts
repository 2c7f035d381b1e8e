import { describe, expect, it } from 'vitest';
import { isWebRoute } from './routes';

describe('web route patterns', () => {
  it('knows fixed, parameterised and optional-parameter paths', () => {
    for (const p of [
      '/',
      '/login',
      '/patients',
      '/patients/new',
      '/patients/abc',
      '/patients/abc/edit',
      '/treatments',
      '/treatments/7',
      '/blog/some-post',
      '/admin/roles',
      '/taller-USA',
    ]) {
      expect(isWebRoute(p), p).toBe(true);
    }
  });

  it('ignores case and a trailing slash, as the router does', () => {
    expect(isWebRoute('/Login/')).toBe(true);
    expect(isWebRoute('/taller-usa')).toBe(true);
  });

  it('rejects paths no route knows', () => {
    for (const p of [
      '/404',
      '/nope',
      '/patients/abc/unknown',
      '/treatments/1/2',
      '/blog/a/b',
      '/admin',
      '/assets/missing.js',
      '/%E0%A4%A',
    ]) {
      expect(isWebRoute(p), p).toBe(false);
    }
  });
});
