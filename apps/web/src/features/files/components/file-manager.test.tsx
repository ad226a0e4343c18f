import type { TFile } from '@mapwright/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { FileManager } from './file-manager.tsx';

const file = (id: string, name: string, withVersion = true): TFile =>
  ({
    id,
    name,
    project_id: 'p1',
    versions_count: withVersion ? 1 : 0,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    current_version: withVersion
      ? {
          id: `${id}-v1`,
          file_id: id,
          number: 1,
          filename: name,
          content_type: 'text/csv',
          size: 120,
          sha256: 'x',
          label: '',
          notes: '',
          is_current: true,
          created_at: '2026-11-01T10:00:00Z',
        }
      : null,
  }) as unknown as TFile;

const page = (items: TFile[]) => ({ items, total: items.length, page: 1, size: 10, pages: 1 });

function renderManager() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/projects/p1']}>
      <Routes>
        <Route path="/projects/p1" element={<FileManager projectId="p1" />} />
        <Route path="/imports/:id" element={<p>Import page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('FileManager: Import on a file row (issue 24.7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts an import of the row’s file and opens the import', async () => {
    const api = stubApi({
      '/files': page([file('f1', 'crm.csv'), file('f2', 'empty.csv', false)]),
      '/imports/sheets': { format: 'csv', sheets: [] },
      '/imports': (init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse({ id: 'imp-1', status: 'queued', project_id: 'p1' }, 201)
          : jsonResponse(page([])),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderManager();
    const button = await screen.findByRole('button', { name: 'Import crm.csv' });
    // a file without a version has nothing to read
    expect((screen.getByRole('button', { name: 'Import empty.csv' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(button);
    expect(await screen.findByText('Import page')).toBeTruthy();
    const post = api.calls.find((c) => c.init?.method === 'POST');
    expect(post?.url).toMatch(/\/api\/imports$/);
    expect(JSON.parse(String(post?.init?.body))).toEqual({ file_id: 'f1', file_version_id: 'f1-v1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks which sheet of a workbook of several sheets to import, and imports that one', async () => {
    const api = stubApi({
      '/files': page([file('f1', 'orders.xlsx')]),
      '/imports/sheets': {
        format: 'xlsx',
        sheets: [
          { name: 'Cover', rows: 1 },
          { name: 'Orders', rows: 13 },
        ],
      },
      '/imports': (init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse({ id: 'imp-1', status: 'queued', project_id: 'p1' }, 201)
          : jsonResponse(page([])),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Import orders.xlsx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import orders.xlsx' });
    expect(within(dialog).getByText(/This workbook has 2 sheets/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));
    expect(await within(dialog).findByText('Pick one of the 2 sheets of this workbook')).toBeTruthy();
    expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByLabelText(/^Sheet/));
    fireEvent.click(await screen.findByText('Orders · 13 rows'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Import page')).toBeTruthy();
    const post = api.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      file_id: 'f1',
      file_version_id: 'f1-v1',
      options: { sheet: 'Orders' },
    });
  });

  it('stays on the files and says why when the import is refused', async () => {
    const api = stubApi({
      '/files': page([file('f1', 'notes.txt')]),
      '/imports/sheets': { format: null, sheets: [] },
      '/imports': () =>
        jsonResponse(
          {
            detail: [
              { loc: ['body', 'format'], msg: 'cannot tell the format of "notes.txt"', type: 'value_error' },
            ],
          },
          422,
        ),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Import notes.txt' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/The import was refused/));
    expect(screen.queryByText('Import page')).toBeNull();
  });
});
