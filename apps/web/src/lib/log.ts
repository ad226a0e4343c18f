import { VERBOSE_LOGGING } from '../config/index.ts';

/** Diagnostic logging, on unless the build turns verbose logging off (spec §9). */
export function debugLog(...args: unknown[]) {
  if (VERBOSE_LOGGING) console.debug(...args);
}
