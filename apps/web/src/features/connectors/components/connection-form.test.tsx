import type { TConnectorSpec } from '@mapwright/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/render.tsx';
import { ConnectionFormModal } from './connection-form.tsx';

// the dataset source as the catalogue sends it: the organization's datasets filled in as choices
const spec = {
  type: 'dataset',
  title: 'Mapwright dataset',
  description: 'Reads a dataset of this organization',
  icon: 'table',
  roles: ['source'],
  settings: {
    type: 'object',
    required: ['dataset'],
    additionalProperties: false,
    properties: {
      dataset: {
        type: 'string',
        title: 'Dataset',
        minLength: 1,
        'x-choices': 'datasets',
        oneOf: [
          { const: '00000000-0000-4000-8000-000000000001', title: 'cities.csv (v1) (3 rows)' },
          { const: '00000000-0000-4000-8000-000000000002', title: 'people.csv (v1) (42 rows)' },
        ],
      },
    },
  },
  secretFields: [],
  writeModes: [],
} as unknown as TConnectorSpec;

describe('ConnectionFormModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a required pick starts empty with a placeholder; saving without one names the setting', async () => {
    const api = stubApi({});
    vi.stubGlobal('fetch', api.fetch);
    const role = 'source' as const;
    renderWithProviders(
      <ConnectionFormModal spec={spec} role={role} onClose={() => {}} onCreated={() => {}} />,
    );
    const select = (await screen.findByPlaceholderText('Choose a dataset…')) as HTMLInputElement;
    // not the first dataset chosen for the user
    expect(select.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    // under the select (rjsf's own copy of the list is hidden: Mantine inputs show their errors)
    expect(await screen.findByText('Dataset is required', { selector: 'p' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
