import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { NewPipelineWizard } from './new-pipeline-wizard.tsx';

const PROJECT = {
  id: '0b7f6a52-3c8e-4e8e-9b43-8f1c2d3e4f50',
  name: 'CRM clean-up',
  description: '',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  counts: { files: 1, versions: 1, bytes: 100, imports: 1, schemas: 1, pipelines: 0 },
};
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, size: 100, pages: 1 });

const renderAt = (url: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <NewPipelineWizard />
    </MemoryRouter>,
  );

describe('NewPipelineWizard opened from a project (issue 24.7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the pipeline is made in the project and starts on its datasets', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        [`/projects/${PROJECT.id}`]: PROJECT,
        '/projects': page([PROJECT]),
        '/imports': page([]),
        '/target_schemas': page([]),
      }).fetch,
    );
    renderAt(`/pipeline?project=${PROJECT.id}`);
    expect((await screen.findByTestId('wizard-project')).textContent).toMatch(
      /Created in the project CRM clean-up/,
    );
    // the crumbs and the note both lead back to the project's pipelines
    for (const link of screen.getAllByRole('link', { name: 'CRM clean-up' }))
      expect(link.getAttribute('href')).toBe(`/projects/${PROJECT.id}?tab=pipelines`);
    expect((screen.getByRole('radio', { name: 'Project dataset' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says so when the project in the link is not found', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({
        [`/projects/${PROJECT.id}`]: () => jsonResponse({ detail: 'Project not found' }, 404),
        '/projects': page([]),
        '/imports': page([]),
        '/target_schemas': page([]),
      }).fetch,
    );
    renderAt(`/pipeline?project=${PROJECT.id}`);
    expect(await screen.findByText('Project not found')).toBeTruthy();
    expect(screen.queryByTestId('wizard-project')).toBeNull();
  });

  it('starts on pasted JSON outside a project', async () => {
    vi.stubGlobal('fetch', stubApi({ '/target_schemas': page([]) }).fetch);
    renderAt('/pipeline');
    expect((await screen.findByRole('radio', { name: 'Paste JSON' })) as HTMLInputElement).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Paste JSON' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('wizard-project')).toBeNull();
  });
});
