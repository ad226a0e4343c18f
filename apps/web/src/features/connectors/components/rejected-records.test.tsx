import type { TSyncRun } from '@mapwright/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/render.tsx';
import { RejectedRecords } from './rejected-records.tsx';

const run = {
  id: '00000000-0000-4000-8000-000000000001',
  syncId: '00000000-0000-4000-8000-000000000005',
  status: 'succeeded',
  rowsRead: 300,
  rowsWritten: 150,
  rowsRejected: 150,
  rejectedSample: [{ record: { id: 1 }, errors: [] }],
  rejectedDatasetId: '00000000-0000-4000-8000-000000000009',
} as unknown as TSyncRun;
const base = `/syncs/${run.syncId}/runs/${run.id}/rejected`;
const page = (p: number) => ({
  items: Array.from({ length: 20 }, (_, i) => ({
    record: { id: (p - 1) * 20 + i + 1, email: null },
    errors: [{ message: 'email: is required' }],
  })),
  total: 150,
  page: p,
  size: 20,
  pages: 8,
});

describe('RejectedRecords', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pages through every rejected record, not only the sample, and downloads them all', async () => {
    const api = stubApi({
      [base]: () => {
        const url = new URL(api.calls.at(-1)!.url);
        return new Response(JSON.stringify(page(Number(url.searchParams.get('page')))), {
          headers: { 'content-type': 'application/json' },
        });
      },
      [`${base}.jsonl`]: () => new Response('{"record":{"id":1},"errors":[]}\n'),
    });
    vi.stubGlobal('fetch', api.fetch);
    // jsdom has no object URLs: the download hands the blob to one
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
    renderWithProviders(<RejectedRecords run={run} />);
    fireEvent.click(screen.getByText('Rejected records: 150'));
    expect(await screen.findByText('Records 1–20 of 150')).toBeTruthy();
    expect(screen.getAllByText('email: is required')).toHaveLength(20);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Records 21–40 of 150')).toBeTruthy();
    expect(screen.getByText('{"id":21,"email":null}')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Download all/ }));
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith(`${base}.jsonl`))).toBe(true));
  });

  it('an older run without a quarantine still shows its sample', async () => {
    renderWithProviders(<RejectedRecords run={{ ...run, rejectedDatasetId: null }} />);
    fireEvent.click(screen.getByText('Rejected records: the first 1 of 150'));
    expect(await screen.findByText('{"id":1}')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download all/ })).toBeNull();
  });
});
