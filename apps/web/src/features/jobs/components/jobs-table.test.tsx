import type { TResult } from '@mapwright/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { RunProgressCell, ValidCell } from './jobs-table.tsx';

const run = (over: Partial<TResult>): TResult =>
  ({
    id: 'r1',
    status: 'finished',
    total: 1000,
    processed: 1000,
    succeeded: 500,
    failed: 500,
    dropped: 0,
    dropped_by_field: {},
    ...over,
  }) as TResult;

describe('Jobs list progress', () => {
  it('shows processed out of total for a finished run, not the valid rate', () => {
    renderWithProviders(<RunProgressCell run={run({})} />);
    expect(screen.getByText('1,000 / 1,000 processed')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-label')).toMatch(/^Processed 1,000 \/ 1,000 records/);
    expect(screen.queryByText('50%')).toBeNull();
  });

  it('shows how far a running run has got', () => {
    renderWithProviders(
      <RunProgressCell run={run({ status: 'running', processed: 250, succeeded: 250, failed: 0 })} />,
    );
    expect(screen.getByText('250 / 1,000 processed')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });

  it('shows a cancelled run as only partly processed', () => {
    renderWithProviders(
      <RunProgressCell run={run({ status: 'cancelled', processed: 400, succeeded: 400, failed: 0 })} />,
    );
    expect(screen.getByText('400 / 1,000 processed')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });

  it('gives the valid share in the Valid column', () => {
    renderWithProviders(<ValidCell run={run({ succeeded: 750, failed: 250 })} />);
    expect(screen.getByText('750', { exact: false }).textContent).toBe('750 (75%)');
  });
});
