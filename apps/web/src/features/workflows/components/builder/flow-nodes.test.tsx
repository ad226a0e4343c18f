import type { TNodeRun } from '@mapwright/contracts';
import { screen } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CanvasRunContext, FinalNodeCard } from './flow-nodes.tsx';

function card(finalSchema: Record<string, unknown>, outputValid: boolean) {
  const run = { nodeId: 'final', status: 'succeeded' } as TNodeRun;
  const props = {
    id: 'final',
    data: { name: 'Final output', finalSchema, mapping: null },
    selected: false,
  } as unknown as Parameters<typeof FinalNodeCard>[0];
  renderWithProviders(
    <ReactFlowProvider>
      <CanvasRunContext.Provider value={{ nodes: new Map([['final', run]]), outputValid, outputErrors: 0 }}>
        <FinalNodeCard {...props} />
      </CanvasRunContext.Provider>
    </ReactFlowProvider>,
  );
}

describe('the final node card', () => {
  it('says nothing about validity when there is no schema to check', () => {
    card({ type: 'object', properties: {} }, true);
    expect(screen.getByText(/No schema yet/)).toBeTruthy();
    expect(screen.queryByText('Output valid')).toBeNull();
  });

  it('says the output is valid against a schema with fields', () => {
    card({ type: 'object', properties: { id: { type: 'string' } } }, true);
    expect(screen.getByText('Output valid')).toBeTruthy();
  });
});
