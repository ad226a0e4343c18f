import type { TOrganization, TPage, TRole, TUser } from '@mapwright/contracts';
import { ApiError } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';
import { createStore, useStore } from '../../../lib/store.ts';
import { getMe, getOrg, getRoles } from '../api/session-data.ts';

/** The logged user with its role resolved from the role list and exposed by name (spec §3). */
export type TSessionUser = TUser & { role: string };
export type TLoadingState = 'idle' | 'loading' | 'success' | 'error';
export interface TSessionState {
  status: TLoadingState;
  user: TSessionUser | null;
  org: TOrganization | null;
  error: string | null;
}

// Spec §8's exact texts, including its spelling of "retrive".
export const USER_DATA_MISSING = 'Failed to retrive user data';
export const ORG_DATA_MISSING = 'Failed to retrive organization data';
export const USER_DATA_FAILED = 'Failed to retrieve user data';

class SessionDataError extends Error {}

export interface TSessionFetchers {
  getRoles: () => Promise<TPage<TRole> | undefined>;
  getMe: () => Promise<TUser | undefined>;
  getOrg: () => Promise<TOrganization | undefined>;
}
const defaultFetchers: TSessionFetchers = { getRoles, getMe, getOrg };

/** Roles, user and organization are fetched in parallel; missing pieces are named errors. */
export async function loadSessionData(fetchers: TSessionFetchers = defaultFetchers) {
  const [roles, me, org] = await Promise.all([fetchers.getRoles(), fetchers.getMe(), fetchers.getOrg()]);
  const role = me && roles?.items?.find((r) => r.id === me.role_id);
  if (!me || !role) throw new SessionDataError(USER_DATA_MISSING);
  if (!org?.id) throw new SessionDataError(ORG_DATA_MISSING);
  return { user: { ...me, role: role.name }, org };
}

export function sessionErrorMessage(err: unknown): string {
  if (err instanceof SessionDataError) return err.message;
  if (err instanceof ApiError && Array.isArray(err.detail)) return err.detail.map((d) => d.msg).join(', ');
  return USER_DATA_FAILED;
}

const initial: TSessionState = { status: 'idle', user: null, org: null, error: null };
export const sessionStore = createStore<TSessionState>(initial);
export const useSession = () => useStore(sessionStore);

export async function startSession(fetchers: TSessionFetchers = defaultFetchers): Promise<void> {
  sessionStore.set({ ...sessionStore.get(), status: 'loading', error: null });
  try {
    const { user, org } = await loadSessionData(fetchers);
    storage.set('orgId', org.id);
    sessionStore.set({ status: 'success', user, org, error: null });
  } catch (err) {
    clearSession();
    sessionStore.set({ ...initial, status: 'error', error: sessionErrorMessage(err) });
  }
}

/** Forget the signed-in state (token and org) without touching other preferences. */
export function clearSession() {
  storage.remove('token');
  storage.remove('orgId');
  sessionStore.set(initial);
}

/** After a new token (login, impersonation) the next shell render loads the session afresh. */
export function resetSession() {
  sessionStore.set(initial);
}

export function updateSessionUser(patch: Partial<TUser>) {
  sessionStore.set((s) => (s.user ? { ...s, user: { ...s.user, ...patch } } : s));
}
