import { describe, expect, it } from 'vitest';
import { ALLOWED_PATHS, APP_PATHS, isAllowedPath, isBarePath } from './paths.ts';

// spec §2, written out again on purpose: the test must not derive its expectations from the code
const SPEC_PATHS = `/auth/login /auth/forgot-password /auth/reset-password /code-generation-openai
/api/code-generation-openai / /jobs /dashboard /job /workshop /overview /data /code /lineage /file-manager
/migrate /settings /settings/billing /settings/users /settings/internal /settings/impersonation /pipeline
/pipelines /pipelines/old /pipelines/p-1 /schemas /schemas/s1 /schema-map/s1 /imports /imports/42
/destinations /sources /workflow_builder /workflows/management /workflows/create /workflows/w9
/workflows/authenticated_apps /projects /projects/abc /projects/abc/file /flows /flows/f1 /flows/f1/run/r1
/workbook /workbook/customer-preview /workbooks /workbooks/b1 /data-join-node/n1 /data-join-task/t1
/data-join/j1 /joined_data /joined_data/j1 /entity_resolution /entity_resolution/e1 /financial_analysis`
  .split(/\s+/)
  .filter(Boolean);

describe('isAllowedPath', () => {
  it.each(SPEC_PATHS)('allows %s', (path) => {
    expect(isAllowedPath(path)).toBe(true);
  });

  it('allows every registered pattern with its parameters filled in', () => {
    for (const pattern of ALLOWED_PATHS) {
      expect(isAllowedPath(pattern.replace(/:[A-Za-z]+/g, 'x-1'))).toBe(true);
    }
  });

  it('knows the shell path and ignores a trailing slash', () => {
    expect(isAllowedPath('/_app')).toBe(true);
    expect(isAllowedPath('/jobs/')).toBe(true);
  });

  it.each([
    '/admin',
    '/pipelines/1/2',
    '/projects/1/files',
    '/flows/1/run',
    '/flows/1/runs/2',
    '/settings/secret',
    '/schema-map',
    '/imports/a/b',
    '/dashboardx',
    '/api/v1/entities',
    '/auth/logout',
  ])('refuses %s', (path) => {
    expect(isAllowedPath(path)).toBe(false);
  });

  it('covers 50 app patterns besides auth, code generation and the shell', () => {
    expect(APP_PATHS).toHaveLength(50);
  });
});

describe('isBarePath', () => {
  it('is true for auth and code-generation paths only', () => {
    for (const p of [
      '/auth/login',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/code-generation-openai',
      '/api/code-generation-openai',
    ])
      expect(isBarePath(p)).toBe(true);
    for (const p of ['/', '/dashboard', '/settings', '/_app']) expect(isBarePath(p)).toBe(false);
  });
});
