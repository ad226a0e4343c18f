import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../features/auth/index.ts';
import { statusStore } from '../features/system/index.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { stubApi } from '../test/render.tsx';
import { routes } from './router.tsx';
import { theme } from './theme.ts';

const ROLE_ID = '11111111-1111-4111-8111-111111111111';
const ORG_ID = '22222222-2222-4222-8222-222222222222';
const baseApi = {
  '/config': {
    productName: 'Mapwright',
    oldHost: null,
    newHost: null,
    migrationOrgIds: [],
    projectsLandingOrgIds: [] as string[],
    analytics: { scriptUrl: null, key: null, excludedOrgId: null },
    chatSupportRegion: 'us',
    chatSupport: null,
    systemStatus: null,
  },
  '/roles': { items: [{ id: ROLE_ID, name: 'owner' }], total: 1, page: 1, size: 50, pages: 1 },
  '/me': {
    id: '33333333-3333-4333-8333-333333333333',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    created_at: '2026-01-01T00:00:00Z',
    role_id: ROLE_ID,
    organization_id: ORG_ID,
    totp_enabled: false,
  },
  '/org': { id: ORG_ID, name: 'Acme', created_at: '2026-01-01T00:00:00Z' },
  '/org/settings': { demos: {}, projects_landing: false },
  '/system-status/history': { items: [{ version: 'v1', created_at: 'x' }] },
  '/system-status/v1': { type: 'warning', message: 'Maintenance tonight' },
  '/projects': { items: [], total: 0, page: 1, size: 12, pages: 0 },
};

function renderApp(path: string, api: Record<string, unknown> = baseApi) {
  const stub = stubApi(api);
  vi.stubGlobal('fetch', stub.fetch);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, calls: stub.calls };
}

describe('app routing', () => {
  beforeEach(() => {
    sessionStore.set({ status: 'idle', user: null, org: null, error: null });
    statusStore.set({ status: null, loading: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a visitor without a token to /auth/login', async () => {
    const { router } = renderApp('/dashboard');
    // the first lazy route of the file is compiled on demand: allow for a slow first load
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('renders bare pages without the session, status banner or system-status calls', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = renderApp('/auth/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    const paths = calls.map((c) => new URL(c.url).pathname);
    expect(paths.filter((p) => /\/(me|org|roles|system-status)/.test(p))).toEqual([]);
    expect(screen.queryByText('Maintenance tonight')).toBeNull();
  });

  it('loads the session and shows the shell with the status banner', async () => {
    localStorage.setItem('token', 'tok');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(await screen.findByText('Maintenance tonight')).toBeTruthy();
    expect(localStorage.getItem('orgId')).toBe(ORG_ID);
    expect(localStorage.getItem('lastPath')).toBe('/dashboard');
  });

  it('logs a restricted path and redirects it to /dashboard', async () => {
    localStorage.setItem('token', 'tok');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderApp('/not/allowed');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(warn).toHaveBeenCalledWith('restricted access', '/not/allowed');
  });

  it('redirects the root to /dashboard, or /projects for the configured organizations', async () => {
    localStorage.setItem('token', 'tok');
    const first = renderApp('/');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard'));
  });

  it('redirects the root to /projects for an organization in projectsLandingOrgIds', async () => {
    localStorage.setItem('token', 'tok');
    const api = {
      ...baseApi,
      '/config': { ...baseApi['/config'], projectsLandingOrgIds: ['a', 'b', 'c', ORG_ID] },
    };
    const { router } = renderApp('/', api);
    // the session, the lazy route and the projects list load in turn: allow for a busy machine
    expect(
      await screen.findByRole('heading', { name: 'Projects', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('saves lastPath on every route change', async () => {
    localStorage.setItem('token', 'tok');
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    await router.navigate('/flows/f-1/run/r-2');
    await waitFor(() => expect(localStorage.getItem('lastPath')).toBe('/flows/f-1/run/r-2'));
    await router.navigate('/pipelines?page=2');
    await waitFor(() => expect(localStorage.getItem('lastPath')).toBe('/pipelines?page=2'));
  });

  it('on a session error clears the token and shows the message on the login page', async () => {
    localStorage.setItem('token', 'tok');
    const { router } = renderApp('/dashboard', { ...baseApi, '/org': {} });
    expect(await screen.findByText('Failed to retrive organization data')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('after a 401 removes the token and goes to /auth/login', async () => {
    localStorage.setItem('token', 'expired');
    const unauthorized = () =>
      new Response(JSON.stringify({ detail: 'Unauthorized' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    const { router } = renderApp('/settings', { ...baseApi, '/me': unauthorized });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
