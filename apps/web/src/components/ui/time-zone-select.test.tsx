import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

describe('TimeZoneSelect', () => {
  it('selects its whole text on focus, so typing replaces "UTC" instead of appending to it', async () => {
    const onChange = vi.fn();
    renderWithProviders(<TimeZoneSelect value="UTC" onChange={onChange} />);
    const input = screen.getByLabelText('Time zone', { selector: 'input' }) as HTMLInputElement;
    expect(input.value).toBe('UTC');
    input.focus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 3]);
    // what typing over the selection leaves: only the new text, which finds the zone
    fireEvent.change(input, { target: { value: 'Berlin' } });
    fireEvent.click(await screen.findByText('Europe/Berlin'));
    expect(onChange).toHaveBeenCalledWith('Europe/Berlin');
  });

  it('keeps a stored zone the list does not have', () => {
    renderWithProviders(<TimeZoneSelect value="Etc/GMT+5" onChange={() => {}} />);
    expect((screen.getByLabelText('Time zone', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'Etc/GMT+5',
    );
  });
});
