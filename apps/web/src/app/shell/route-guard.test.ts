import { describe, expect, it, vi } from 'vitest';
import { guardRedirect, rootRedirect } from './route-guard.ts';

const ORG = '0b4e3f1c-1111-4a5b-8c9d-000000000001';
const LANDING = ['a', 'b', 'c', ORG];

describe('guardRedirect', () => {
  it('logs restricted access and redirects to /dashboard for a path outside the list', () => {
    const log = vi.fn();
    expect(guardRedirect('/secret/admin', ORG, [], log)).toBe('/dashboard');
    expect(log).toHaveBeenCalledWith('restricted access', '/secret/admin');
  });

  it('uses console.warn by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    guardRedirect('/nope', ORG, []);
    expect(warn).toHaveBeenCalledWith('restricted access', '/nope');
    warn.mockRestore();
  });

  it('lets allowed paths through without logging', () => {
    const log = vi.fn();
    for (const p of ['/dashboard', '/pipelines/7', '/flows/1/run/2', '/settings/users'])
      expect(guardRedirect(p, ORG, [], log)).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('does nothing before an organization id is known', () => {
    const log = vi.fn();
    expect(guardRedirect('/secret', null, [], log)).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('redirects the root (and the shell path) to /projects for the configured organizations', () => {
    expect(guardRedirect('/', ORG, LANDING)).toBe('/projects');
    expect(guardRedirect('/_app', ORG, LANDING)).toBe('/projects');
  });

  it('redirects the root to /dashboard for every other organization', () => {
    expect(guardRedirect('/', 'other-org', LANDING)).toBe('/dashboard');
    expect(rootRedirect(ORG, [])).toBe('/dashboard');
  });
});
