import { describe, expect, it } from 'vitest';
import { returnPathOrDefault, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/patients/42/cancer-protocol?tab=plan#notes')).toBe(
      '/patients/42/cancer-protocol?tab=plan#notes',
    );
    expect(safeReturnPath('/register?invite=abc')).toBe('/register?invite=abc');
  });

  it('refuses anything that could leave the site, and /login itself', () => {
    for (const value of [
      undefined,
      null,
      42,
      '',
      'dashboard',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a\nb',
      '/login',
      '/login/',
      '/LOGIN?redirect=/x',
      '/api/me',
      `/${'x'.repeat(3000)}`,
      // dot segments the URL parser removes, leaving `//host` (a protocol-relative URL)
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/a/..//evil.example',
      '/%2E%2E//evil.example/x',
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
    expect(returnPathOrDefault('//evil.example')).toBe('/dashboard');
  });
});
