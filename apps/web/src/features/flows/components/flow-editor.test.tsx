import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { FlowEditorScreen } from './flow-editor.tsx';

const FLOW = {
  id: 'f1',
  name: 'Customers to warehouse',
  description: '',
  active: false,
  schedule: null,
  timezone: 'UTC',
  schedule_text: null,
  next_run_at: null,
  retention_days: 30,
  version: 1,
  steps: [
    {
      id: 'source',
      kind: 'source',
      name: 'Source',
      config: { input: { kind: 'import', id: 'i1' } },
      position: { x: 0, y: 0 },
    },
    { id: 'map', kind: 'map', name: 'Map', config: { pipeline_id: 'p1' }, position: { x: 0, y: 160 } },
  ],
  edges: [{ from: 'source', from_port: 'out', to: 'map', to_port: 'in' }],
  last_run: null,
  created_at: '2026-11-25T05:00:00Z',
  updated_at: '2026-11-25T05:00:00Z',
};
const KINDS = {
  items: [
    { kind: 'source', label: 'Source', description: 'Reads rows', inputs: [], outputs: ['out'] },
    { kind: 'map', label: 'Map', description: "A pipeline's mapper", inputs: ['in'], outputs: ['out'] },
  ],
};

function renderEditor(refuse: Response) {
  const api = stubApi({
    '/flows/f1': (init?: RequestInit) => (init?.method === 'PUT' ? refuse : jsonResponse(FLOW)),
    '/flows/step-kinds': KINDS,
    '/flows/f1/versions': { items: [] },
    '/flows/f1/runs': { items: [], total: 0, page: 1, size: 10, pages: 0 },
  });
  vi.stubGlobal('fetch', api.fetch);
  renderWithProviders(
    <MemoryRouter initialEntries={['/flows/f1']}>
      <Routes>
        <Route path="/flows/:id" element={<FlowEditorScreen id="f1" />} />
      </Routes>
    </MemoryRouter>,
  );
  return api;
}

describe('the flow editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("outlines the step a refused save's loc names, with the server's reason, and sends the whole definition", async () => {
    const api = renderEditor(
      jsonResponse(
        {
          detail: [
            {
              loc: ['body', 'steps', 1, 'config', 'pipeline_id'],
              msg: 'step "map": the pipeline has no deployed mapper',
              type: 'value_error',
            },
          ],
        },
        422,
      ),
    );
    // the palette lists only what the server offers
    expect(await screen.findByRole('button', { name: /Add Source/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Join/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Customers nightly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // on the card, and in the step's panel (the refused step is selected)
    await waitFor(() =>
      expect(screen.getAllByText('step "map": the pipeline has no deployed mapper').length).toBe(2),
    );
    expect(screen.getByText('The server refused this step')).toBeTruthy();
    expect(screen.getByText(/A step was refused/)).toBeTruthy();
    const put = api.calls.find((c) => c.init?.method === 'PUT');
    const body = JSON.parse(String(put?.init?.body));
    expect(body.name).toBe('Customers nightly');
    expect(body.steps.map((s: { id: string }) => s.id)).toEqual(['source', 'map']);
    expect(body.edges).toEqual(FLOW.edges);
  });
});
