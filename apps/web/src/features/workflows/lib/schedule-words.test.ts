import { describe, expect, it } from 'vitest';
import { scheduleInWords, timeZones } from './schedule-words.ts';

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
