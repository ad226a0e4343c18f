import { AppError } from '../../lib/errors.ts';

/** A 429 with the seconds to wait (the route sends them as Retry-After). */
export class TooManyAttempts extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    why: string,
  ) {
    super(429, `${why} Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`);
  }
}

export interface ThrottleOptions {
  /** guesses one client (address) may spend per minute, whatever the accounts */
  perClientPerMinute: number;
  /** failures an account may have before each further try must wait */
  freeFailures: number;
  /** the wait doubles from one second per failure up to this */
  maxDelaySeconds: number;
  now?: () => number;
}

/** how the attempt ended: `neutral` (e.g. a second factor is still due) neither counts nor clears */
export interface Attempt {
  succeeded(): void;
  failed(): void;
  neutral(): void;
}

const MINUTE = 60_000;
/** an account's failures are forgotten after this long without one */
const FORGET_AFTER_MS = 15 * MINUTE;
/** each map holds at most this many keys, so guessing random names can't grow memory without end */
const MAX_KEYS = 100_000;

interface ClientWindow {
  start: number;
  count: number;
}
interface AccountState {
  failures: number;
  lockedUntil: number;
  last: number;
}

/**
 * Throttles credential guessing two ways: per client (M guesses a minute, spread over any
 * accounts) and per account (after N failures each try waits 1 s, 2 s, 4 s … up to a cap of a
 * few minutes, so an attacker can slow a real user down but never lock them out for long). An
 * unknown account is throttled like a known one, and a throttled try is refused before any
 * password hash is computed.
 *
 * A try reserves its place before the password is checked (so a burst of parallel requests
 * can't all slip through), and a success gives the client its place back: colleagues behind
 * one NAT address are not limited by each other's sign-ins, only by their failures.
 *
 * The state is in memory, per process: no database write per attempt, and it resets on
 * restart. With several web processes each keeps its own count, so the limits multiply by
 * the number of processes; still a fixed bound, and a restart is no attacker's lever.
 */
export function createThrottle(opts: ThrottleOptions) {
  const now = opts.now ?? (() => Date.now());
  const clients = new Map<string, ClientWindow>();
  const accounts = new Map<string, AccountState>();

  const delayMs = (failures: number) =>
    Math.min(opts.maxDelaySeconds * 1000, 1000 * 2 ** (failures - opts.freeFailures));
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  function remember<T>(map: Map<string, T>, key: string, value: T, expired: (v: T) => boolean) {
    if (!map.has(key) && map.size >= MAX_KEYS) {
      for (const [k, v] of map) if (expired(v)) map.delete(k);
      // still full of live entries: drop the oldest (maps iterate in insertion order)
      while (map.size >= MAX_KEYS) map.delete(map.keys().next().value as string);
    }
    map.set(key, value);
  }

  function begin(keys: { client: string; account?: string }): Attempt {
    const t = now();
    let win = clients.get(keys.client);
    if (!win || t - win.start >= MINUTE) win = { start: t, count: 0 };
    if (win.count >= opts.perClientPerMinute) {
      throw new TooManyAttempts(seconds(win.start + MINUTE - t), 'Too many attempts from your network.');
    }
    let acct = keys.account ? accounts.get(keys.account) : undefined;
    if (acct && t - acct.last >= FORGET_AFTER_MS && t >= acct.lockedUntil) acct = undefined;
    if (acct && t < acct.lockedUntil) {
      throw new TooManyAttempts(
        seconds(acct.lockedUntil - t),
        'Too many failed sign-in attempts for this account.',
      );
    }

    win.count++;
    remember(clients, keys.client, win, (w) => now() - w.start >= MINUTE);
    const account = keys.account;
    if (account) {
      acct ??= { failures: 0, lockedUntil: 0, last: t };
      acct.failures++;
      acct.last = t;
      if (acct.failures >= opts.freeFailures) acct.lockedUntil = t + delayMs(acct.failures);
      remember(accounts, account, acct, (a) => now() - a.last >= FORGET_AFTER_MS && now() >= a.lockedUntil);
    }
    const state = acct;
    const releaseClient = () => {
      if (clients.get(keys.client) === win && win.count > 0) win.count--;
    };
    return {
      failed: () => {},
      succeeded: () => {
        releaseClient();
        if (account && accounts.get(account) === state) accounts.delete(account);
      },
      neutral: () => {
        releaseClient();
        if (state && state.failures > 0) {
          state.failures--;
          if (state.failures < opts.freeFailures) state.lockedUntil = 0;
        }
      },
    };
  }

  return { begin };
}

export type Throttle = ReturnType<typeof createThrottle>;
