/**
 * "Generate confidence" recomputes the scores of every listed pipeline's latest result: costly on
 * the server and pointless to repeat at once, so a second trigger waits out a cool-down. The
 * moment of the last trigger is kept in localStorage (spec §3) so a reload does not reset it.
 */
export const CONFIDENCE_COOLDOWN_MS = 5 * 60_000;

export interface TCooldown {
  ready: boolean;
  /** when it may run again; null when it never ran */
  readyAt: number | null;
  remainingMs: number;
}

export function cooldownOf(last: number | null, now: number, cooldownMs = CONFIDENCE_COOLDOWN_MS): TCooldown {
  // a timestamp from the future (a changed clock) must not block for longer than one cool-down
  if (last === null || last > now + cooldownMs) return { ready: true, readyAt: null, remainingMs: 0 };
  const readyAt = last + cooldownMs;
  const remainingMs = Math.max(0, readyAt - now);
  return { ready: remainingMs === 0, readyAt, remainingMs };
}
