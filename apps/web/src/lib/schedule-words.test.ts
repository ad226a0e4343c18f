import { describe, expect, it } from 'vitest';
import { formatInZone, scheduleInWords, timeZones } from './schedule-words.ts';

describe('scheduleInWords', () => {
  it('says a 5-field cron in words', () => {
    expect(scheduleInWords('* * * * *').text).toBe('Every minute');
    expect(scheduleInWords('0 6 * * *').text).toBe('At 06:00');
  });
  it('reads a 6-field cron with seconds first', () => {
    expect(scheduleInWords('*/5 * * * * *').text).toBe('Every 5 seconds');
  });
  it('names the problem with the number of fields', () => {
    const r = scheduleInWords('* * *');
    expect(r.text).toBeNull();
    expect(r.error).toMatch(/5 fields.*has 3/);
  });
  it('rejects what is not cron', () => {
    expect(scheduleInWords('61 * * * *').error).toBeTruthy();
  });
  it('lists UTC among the zones', () => {
    expect(timeZones()).toContain('UTC');
  });
});

describe('formatInZone', () => {
  it("shows a next run in the schedule's own zone, named", () => {
    expect(formatInZone('2026-11-25T09:00:00Z', 'UTC')).toBe('Wed 25 Nov, 09:00 UTC');
    expect(formatInZone('2026-11-25T08:00:00Z', 'Europe/Berlin')).toBe('Wed 25 Nov, 09:00 Europe/Berlin');
    expect(formatInZone('2026-07-01T13:30:00Z', 'America/New_York')).toBe(
      'Wed 1 Jul, 09:30 America/New_York',
    );
  });
  it('falls back to UTC for a zone it does not know, and says nothing for no time', () => {
    expect(formatInZone('2026-11-25T09:00:00Z', 'Mars/Olympus')).toBe('Wed 25 Nov, 09:00 UTC');
    expect(formatInZone(null, 'UTC')).toBe('—');
  });
});
