import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { statusStore } from '../stores/status-store.ts';
import { StatusBanner } from './status-banner.tsx';

describe('StatusBanner', () => {
  beforeEach(() => statusStore.set({ status: null, loading: false }));

  it('is hidden without a status and for success', () => {
    renderWithProviders(<StatusBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() =>
      statusStore.set({ status: { type: 'success', message: 'All systems operational' }, loading: false }),
    );
    expect(screen.queryByText('All systems operational')).toBeNull();
  });

  it.each([
    ['info', 'Info', 'status'],
    ['warning', 'Warning', 'status'],
    ['error', 'Error', 'alert'],
  ] as const)('shows a %s status with its type and message', (type, label, role) => {
    statusStore.set({ status: { type, message: 'Maintenance at noon' }, loading: false });
    renderWithProviders(<StatusBanner />);
    const banner = screen.getByRole(role);
    expect(banner.textContent).toContain(`${label}:`);
    expect(banner.textContent).toContain('Maintenance at noon');
  });
});
