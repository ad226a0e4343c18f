import type { TTargetSchema } from '@mapwright/contracts';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/render.tsx';
import { EMPTY_SCHEMA_DRAFT, initialSchemaDraft, SchemaPicker, type TSchemaDraft } from './schema-picker.tsx';

const schema = (id: string, name: string, project_id: string | null) =>
  ({
    id,
    name,
    project_id,
    version: 1,
    schema: { type: 'object', properties: { email: { type: 'string' }, name: { type: 'string' } } },
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
  }) as unknown as TTargetSchema;

function Harness({ start }: { start: TSchemaDraft }) {
  const [draft, setDraft] = useState<TSchemaDraft>(start);
  return <SchemaPicker draft={draft} onChange={setDraft} source={null} projectId="p1" />;
}

describe('the wizard’s target step starts on existing schemas (issue 24.7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('infers from the source only when the organization has no schema', () => {
    expect(initialSchemaDraft([])).toEqual(EMPTY_SCHEMA_DRAFT);
    expect(initialSchemaDraft([schema('s1', 'Contact', null)])).toEqual({
      kind: 'existing',
      text: '',
      existing: null,
    });
  });

  it('picks the newest schema of the project the wizard came from', () => {
    const list = [
      schema('s1', 'Elsewhere', 'p2'),
      schema('s2', 'CRM contact', 'p1'),
      schema('s3', 'Old', 'p1'),
    ];
    expect(initialSchemaDraft(list, 'p1')).toEqual({
      kind: 'existing',
      text: '',
      existing: { id: 's2', name: 'CRM contact', fields: ['email', 'name'] },
    });
    // a project without schemas: the organization's are offered, none picked
    expect(initialSchemaDraft(list, 'p9').existing).toBeNull();
  });

  it('shows the picked schema with "Pick an existing schema" selected, infer still offered', async () => {
    const list = [schema('s1', 'Elsewhere', null), schema('s2', 'CRM contact', 'p1')];
    vi.stubGlobal(
      'fetch',
      stubApi({ '/target_schemas': { items: list, total: 2, page: 1, size: 100, pages: 1 } }).fetch,
    );
    renderWithProviders(<Harness start={initialSchemaDraft(list, 'p1')} />);
    expect((screen.getByRole('radio', { name: 'Pick an existing schema' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByRole('radio', { name: 'Infer from the source' })).toBeTruthy();
    expect(await screen.findByDisplayValue(/CRM contact · 2 fields · v1 · this project/)).toBeTruthy();
  });
});
