import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { ProjectDetail } from './project-detail.tsx';

const PROJECT = {
  id: 'p1',
  name: 'CRM',
  description: '',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  counts: { files: 1, versions: 1, bytes: 100, imports: 1, schemas: 0, pipelines: 0 },
};
const empty = { items: [], total: 0, page: 1, size: 10, pages: 0 };
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, size: 100, pages: 1 });
const IMPORT = {
  id: 'imp-1',
  name: 'crm.csv (v1)',
  status: 'succeeded',
  format: 'csv',
  row_count: 200,
  problem_count: 0,
  project_id: 'p1',
  created_at: '2026-11-01T10:00:00Z',
};
const FILE = {
  id: 'f1',
  name: 'crm.csv',
  project_id: 'p1',
  current_version: { id: 'v1', number: 1, filename: 'crm.csv' },
};

function renderProject(tab: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/projects/p1?tab=${tab}`]}>
      <Routes>
        <Route path="/projects/:id" element={<ProjectDetail id="p1" files={<p>Files of the project</p>} />} />
        <Route path="/imports/:id" element={<p>Import page</p>} />
        <Route path="/pipeline" element={<p>Wizard</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ProjectDetail: create on every tab, in the project (issue 24.7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('New schema creates the schema in the project from one of its datasets, and stays on the tab', async () => {
    const api = stubApi({
      '/projects/p1': PROJECT,
      '/target_schemas': empty,
      '/imports': page([IMPORT]),
      '/target_schemas/infer': () => jsonResponse({ id: 's1', name: 'Contacts', schema: {} }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderProject('schemas');
    // the empty state offers the same action as the tab's button, not a trip to the global page
    expect(await screen.findByText('No schemas yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Go to schemas/ })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'New schema' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New schema in this project' });
    // the project's only dataset is picked, and names the schema
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('crm.csv (v1)'),
    );
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Contacts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Infer and save' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/target_schemas/infer'))).toBe(true));
    const call = api.calls.find((c) => c.url.endsWith('/target_schemas/infer'));
    expect(JSON.parse(String(call?.init?.body))).toEqual({
      name: 'Contacts',
      import_id: 'imp-1',
      project_id: 'p1',
      save: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('tab', { name: /Schemas/, selected: true })).toBeTruthy();
  });

  it('New schema without a dataset creates a blank schema in the project', async () => {
    const api = stubApi({
      '/projects/p1': PROJECT,
      '/target_schemas': (init?: RequestInit) =>
        init?.method === 'POST' ? jsonResponse({ id: 's2', name: 'Blank' }, 201) : jsonResponse(empty),
      '/imports': empty,
    });
    vi.stubGlobal('fetch', api.fetch);
    renderProject('schemas');
    fireEvent.click((await screen.findAllByRole('button', { name: 'New schema' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New schema in this project' });
    await within(dialog).findByText(/no finished import/);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Blank' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create schema' }));
    await waitFor(() => expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(true));
    const call = api.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(call?.init?.body))).toMatchObject({ name: 'Blank', project_id: 'p1' });
  });

  it('New import reads one of the project’s files and opens the import', async () => {
    const api = stubApi({
      '/projects/p1': PROJECT,
      '/imports': (init?: RequestInit) =>
        init?.method === 'POST' ? jsonResponse({ ...IMPORT, status: 'queued' }, 201) : jsonResponse(empty),
      '/files': page([FILE]),
      '/imports/sheets': { format: 'csv', sheets: [] },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderProject('imports');
    expect(await screen.findByText('No imports yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Go to imports/ })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'New import' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New import in this project' });
    await waitFor(() => expect(api.calls.some((c) => /\/files\?project_id=p1/.test(c.url))).toBe(true));
    // the project's only file is picked
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/^File/) as HTMLInputElement).value).toBe('crm.csv · v1'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Import page')).toBeTruthy();
    const post = api.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ file_id: 'f1', file_version_id: 'v1' });
    expect(screen.queryByLabelText(/^Sheet/)).toBeNull();
  });

  it('New import of a workbook of several sheets asks which one and imports it', async () => {
    const api = stubApi({
      '/projects/p1': PROJECT,
      '/imports': (init?: RequestInit) =>
        init?.method === 'POST' ? jsonResponse({ ...IMPORT, status: 'queued' }, 201) : jsonResponse(empty),
      '/files': page([{ ...FILE, name: 'orders.xlsx' }]),
      '/imports/sheets': {
        format: 'xlsx',
        sheets: [
          { name: 'Cover', rows: 1 },
          { name: 'Orders', rows: 13 },
        ],
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderProject('imports');
    fireEvent.click((await screen.findAllByRole('button', { name: 'New import' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New import in this project' });
    await within(dialog).findByText(/This workbook has 2 sheets/);
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
      file_version_id: 'v1',
      options: { sheet: 'Orders' },
    });
  });

  it('New pipeline opens the wizard with the project preset', async () => {
    vi.stubGlobal('fetch', stubApi({ '/projects/p1': PROJECT, '/pipelines': empty }).fetch);
    renderProject('pipelines');
    expect(await screen.findByText('No pipelines yet')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'New pipeline' });
    expect(links.every((l) => l.getAttribute('href') === '/pipeline?project=p1')).toBe(true);
    fireEvent.click(links[0]!);
    expect(await screen.findByText('Wizard')).toBeTruthy();
  });
});
