import type { TResult } from '@mapwright/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/render.tsx';
import { QuarantineList } from './quarantine-list.tsx';

const run = {
  id: 'r1',
  status: 'needs review',
  total: 50,
  processed: 50,
  succeeded: 48,
  failed: 2,
} as TResult;
const failing = (index: number, line?: number) => ({
  index,
  ...(line !== undefined ? { line } : {}),
  source_record: { amount: 'n/a' },
  mapped_record: {},
  message: {
    record_errors: { amount: { error_message: 'amount: must be a number', error_type: 'Type Error' } },
  },
});

describe('QuarantineList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a record's source line beside its number, as the import and the downloads count it", async () => {
    const api = stubApi({
      '/results/r1/mappings': {
        items: [failing(41, 43), failing(44)],
        total: 2,
        page: 1,
        size: 10,
        pages: 1,
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<QuarantineList run={run} jobId="j1" />);
    const first = await screen.findByRole('article', { name: 'Record 42, line 43' });
    expect(first.textContent).toContain('Record 42· line 43');
    // a record posted inline has no source line: its number alone
    const second = screen.getByRole('article', { name: 'Record 45' });
    expect(second.textContent).not.toContain('line');
  });
});
