import type { TFlowRun, TFlowStep } from '@mapwright/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { toCanvas } from '../lib/graph.ts';
import { RunGantt } from './run-gantt.tsx';
import { WritePreviewPanel } from './run-panels.tsx';
import { StepNode } from './step-node.tsx';

describe('the write preview panel', () => {
  it('shows the counts per outcome and approves', () => {
    const onApprove = vi.fn();
    renderWithProviders(
      <WritePreviewPanel
        stepName="Warehouse"
        approving={false}
        onApprove={onApprove}
        preview={{
          key: ['id'],
          inserted: 5,
          updated: 2,
          unchanged: 1,
          rejected: 3,
          samples: { inserted: [{ id: 1, name: 'Ada' }], updated: [], rejected: [] },
        }}
      />,
    );
    expect(screen.getByTestId('preview-inserted').textContent).toBe('5');
    expect(screen.getByTestId('preview-rejected').textContent).toBe('3');
    expect(screen.getByText(/Rows are matched on id./)).toBeTruthy();
    expect(screen.getByText('Ada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve and write' }));
    expect(onApprove).toHaveBeenCalledOnce();
  });
});

describe('the run Gantt', () => {
  it('has a row per step naming its state, and selects a step on click', () => {
    const onSelect = vi.fn();
    const run = {
      started_at: '2026-11-25T05:00:00Z',
      finished_at: '2026-11-25T05:00:04Z',
      steps: [
        {
          step_id: 'source',
          status: 'succeeded',
          started_at: '2026-11-25T05:00:00Z',
          finished_at: '2026-11-25T05:00:01Z',
        },
        {
          step_id: 'map',
          status: 'failed',
          started_at: '2026-11-25T05:00:01Z',
          finished_at: '2026-11-25T05:00:04Z',
        },
      ],
    } as unknown as TFlowRun;
    renderWithProviders(
      <RunGantt
        run={run}
        now={0}
        names={new Map([['map', 'Map customers']])}
        selected={null}
        onSelect={onSelect}
      />,
    );
    expect(screen.getByRole('button', { name: /^source ?: succeeded 1\.0 s$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Map customers ?: failed 3\.0 s$/ }));
    expect(onSelect).toHaveBeenCalledWith('map');
  });
});

describe('a step card', () => {
  it('shows why the server refused it', () => {
    const step = {
      id: 'map1',
      kind: 'map',
      name: 'Map',
      config: { pipeline_id: '' },
      position: { x: 0, y: 0 },
    } as TFlowStep;
    const node = toCanvas([step], [], new Map([['map1', ['step "map1": pipeline_id is not a uuid']]]))
      .nodes[0]!;
    renderWithProviders(
      <ReactFlowProvider>
        <StepNode {...(node as unknown as Parameters<typeof StepNode>[0])} selected={false} />
      </ReactFlowProvider>,
    );
    expect(screen.getByText('step "map1": pipeline_id is not a uuid')).toBeTruthy();
  });
});

describe('the drift panel', () => {
  it('lists each changed column with the steps that use it, and links to the workshop', async () => {
    const { DriftPanel } = await import('./run-panels.tsx');
    const { MemoryRouter } = await import('react-router');
    renderWithProviders(
      <MemoryRouter>
        <DriftPanel
          stepName="Customers"
          diff={{
            removed: [{ column: 'email', used_by: ['map', 'filter'] }],
            type_changed: [{ column: 'amount', from: 'number', to: 'string', used_by: ['validate'] }],
            added: [{ column: 'phone', type: 'string' }],
            workshop_url: '/workshop?pipeline=p1',
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('row', { name: /email removed map, filter/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /amount number → string validate/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /phone added \(string\)/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Re-map in the workshop' }).getAttribute('href')).toBe(
      '/workshop?pipeline=p1',
    );
  });
});
