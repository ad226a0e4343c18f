import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';
import { FieldError } from '../../lib/errors.ts';

/*
 * syncFrequency: a cron expression (5 fields, or 6 with seconds first) read in the workflow's
 * IANA time zone. cron-parser computes the ticks, cronstrue says them in words.
 */

export function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** 422s naming the field when the cron or the time zone is not usable. */
export function checkSchedule(cron: string, tz: string, loc: (string | number)[] = ['body']) {
  if (!isValidTimezone(tz))
    throw new FieldError(
      [...loc, 'timezone'],
      `unknown time zone '${tz}' (use an IANA name such as Europe/Paris)`,
    );
  const fields = cron.trim().split(/\s+/).length;
  if (fields !== 5 && fields !== 6)
    throw new FieldError(
      [...loc, 'syncFrequency'],
      `must be a cron expression of 5 fields (minute hour day month weekday) or 6 with seconds first; got ${fields}`,
    );
  try {
    CronExpressionParser.parse(cron, { tz, strict: false }).next();
  } catch (err) {
    throw new FieldError(
      [...loc, 'syncFrequency'],
      `is not a valid cron expression: ${(err as Error).message}`,
    );
  }
}

export function scheduleText(cron: string): string {
  try {
    return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return cron;
  }
}

/** The first tick strictly after `after`, or null. */
export function nextTick(cron: string, tz: string, after: Date): Date | null {
  try {
    return CronExpressionParser.parse(cron, { tz, currentDate: after }).next().toDate();
  } catch {
    return null;
  }
}

/** Ticks in (from, to], oldest first; at most `limit` of the newest ones (older ones are counted). */
export function ticksBetween(cron: string, tz: string, from: Date, to: Date, limit: number) {
  const expr = CronExpressionParser.parse(cron, { tz, currentDate: from, endDate: to });
  const ticks: Date[] = [];
  let dropped = 0;
  while (expr.hasNext()) {
    ticks.push(expr.next().toDate());
    if (ticks.length > limit) {
      ticks.shift();
      dropped++;
    }
  }
  return { ticks, dropped };
}
