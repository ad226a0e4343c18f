import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import {
  loadSessionData,
  sessionErrorMessage,
  sessionStore,
  startSession,
  type TSessionFetchers,
} from './session-store.ts';

const ROLE_ID = '11111111-1111-4111-8111-111111111111';
const ORG_ID = '22222222-2222-4222-8222-222222222222';
const user = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'ada@example.com',
  name: 'Ada',
  created_at: '2026-01-01T00:00:00Z',
  role_id: ROLE_ID,
  organization_id: ORG_ID,
  totp_enabled: false,
};
const roles = {
  items: [
    { id: 'other', name: 'viewer' },
    { id: ROLE_ID, name: 'admin' },
  ],
  total: 2,
  page: 1,
  size: 50,
  pages: 1,
};
const org = { id: ORG_ID, name: 'Acme', created_at: '2026-01-01T00:00:00Z' };

const fetchers = (over: Partial<TSessionFetchers> = {}): TSessionFetchers => ({
  getRoles: async () => roles,
  getMe: async () => user,
  getOrg: async () => org,
  ...over,
});

describe('session loading', () => {
  beforeEach(() => sessionStore.set({ status: 'idle', user: null, org: null, error: null }));

  it('fetches roles, user and org in parallel and resolves the role name', async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const track =
      <T>(name: string, value: T) =>
      async () => {
        started.push(name);
        await gate;
        return value;
      };
    const pending = loadSessionData({
      getRoles: track('roles', roles),
      getMe: track('me', user),
      getOrg: track('org', org),
    });
    // all three are in flight before any answers: a sequential loader would have started only one
    expect(started).toEqual(['roles', 'me', 'org']);
    release();
    const data = await pending;
    expect(data.user.role).toBe('admin');
    expect(data.org.id).toBe(ORG_ID);
  });

  it('goes idle → loading → success and stores orgId', async () => {
    localStorage.setItem('token', 'tok');
    const seen: string[] = [];
    const unsubscribe = sessionStore.subscribe(() => seen.push(sessionStore.get().status));
    expect(sessionStore.get().status).toBe('idle');
    await startSession(fetchers());
    unsubscribe();
    expect(seen).toEqual(['loading', 'success']);
    expect(sessionStore.get().user?.role).toBe('admin');
    expect(localStorage.getItem('orgId')).toBe(ORG_ID);
  });

  const failures: [string, Partial<TSessionFetchers>, string][] = [
    ['the user is missing', { getMe: async () => undefined }, 'Failed to retrive user data'],
    ['the role list is missing', { getRoles: async () => undefined }, 'Failed to retrive user data'],
    [
      'the role is not in the list',
      { getRoles: async () => ({ ...roles, items: [{ id: 'x', name: 'viewer' }] }) },
      'Failed to retrive user data',
    ],
    ['the organization is missing', { getOrg: async () => undefined }, 'Failed to retrive organization data'],
    [
      'the server answers a detail array',
      {
        getMe: async () => {
          throw new ApiError(422, [
            { loc: ['a'], msg: 'first problem', type: 't' },
            { loc: ['b'], msg: 'second problem', type: 't' },
          ]);
        },
      },
      'first problem, second problem',
    ],
    [
      'anything else fails',
      {
        getOrg: async () => {
          throw new ApiError(500, 'boom');
        },
      },
      'Failed to retrieve user data',
    ],
    [
      'the network fails',
      {
        getRoles: async () => {
          throw new TypeError('Failed to fetch');
        },
      },
      'Failed to retrieve user data',
    ],
  ];
  it.each(failures)('when %s: error state, session cleared, message %j', async (_case, over, message) => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('orgId', 'old');
    await startSession(fetchers(over));
    expect(sessionStore.get()).toMatchObject({ status: 'error', error: message, user: null, org: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('orgId')).toBeNull();
  });

  it('maps only detail arrays to joined messages', () => {
    expect(sessionErrorMessage(new ApiError(400, 'plain'))).toBe('Failed to retrieve user data');
    expect(sessionErrorMessage(new ApiError(422, [{ msg: 'only', loc: [], type: 'x' }]))).toBe('only');
  });
});
