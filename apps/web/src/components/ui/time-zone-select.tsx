import { Select } from '@mantine/core';
import { type FocusEvent, type MouseEvent, useMemo, useRef } from 'react';
import { timeZones } from '../../lib/schedule-words.ts';

/**
 * The IANA zones, searchable. Its text is selected whole on focus, so typing replaces the zone
 * shown ("Berlin" finds Europe/Berlin) instead of being appended to it ("UTCBerlin" finds nothing).
 */
export function TimeZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const zones = useMemo(timeZones, []);
  // a click focuses, then its mouseup would put the caret where it landed: the selection must stay
  const justFocused = useRef(false);
  return (
    <Select
      size="xs"
      label="Time zone"
      description="The schedule runs in this zone"
      searchable
      data={zones.includes(value) ? zones : [value, ...zones]}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      nothingFoundMessage="No time zone of that name"
      limit={200}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        justFocused.current = true;
        e.currentTarget.select();
      }}
      onMouseUp={(e: MouseEvent<HTMLInputElement>) => {
        if (justFocused.current) e.preventDefault();
        justFocused.current = false;
      }}
      onBlur={() => {
        justFocused.current = false;
      }}
    />
  );
}
