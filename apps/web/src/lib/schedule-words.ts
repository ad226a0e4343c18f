import cronstrue from 'cronstrue';

/*
 * syncFrequency in words while it is typed (the server says the same with the same library once
 * saved, and checks it with cron-parser).
 */

export const SCHEDULE_PRESETS = [
  { label: 'Every minute', cron: '* * * * *' },
  { label: 'Every 15 minutes', cron: '*/15 * * * *' },
  { label: 'Hourly', cron: '0 * * * *' },
  { label: 'Daily at 06:00', cron: '0 6 * * *' },
  { label: 'Mondays at 09:00', cron: '0 9 * * 1' },
] as const;

export function scheduleInWords(cron: string): { text: string; error: null } | { text: null; error: string } {
  const fields = cron.trim().split(/\s+/).filter(Boolean).length;
  if (fields !== 5 && fields !== 6)
    return {
      text: null,
      error: `A cron expression has 5 fields (minute hour day month weekday), or 6 with seconds first; this one has ${fields}.`,
    };
  try {
    return {
      text: cronstrue.toString(cron.trim(), { use24HourTimeFormat: true, throwExceptionOnParseError: true }),
      error: null,
    };
  } catch (e) {
    return { text: null, error: String(e instanceof Error ? e.message : e) };
  }
}

/** IANA zones for the picker; the browser's own first. */
export function timeZones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [
    'UTC',
  ];
  return [...new Set([own, 'UTC', ...all].filter(Boolean))];
}

/** A zone the browser knows, or UTC (a stored zone it cannot format would throw). */
function knownZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/**
 * A scheduled time in the zone the schedule runs in, with that zone named: "Wed 25 Nov, 09:00
 * Europe/Berlin" (a time without its zone is a guess for whoever reads it elsewhere).
 */
export function formatInZone(iso: string | null | undefined, zone: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  const timeZone = knownZone(zone);
  const text = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
  return `${text} ${timeZone}`;
}
