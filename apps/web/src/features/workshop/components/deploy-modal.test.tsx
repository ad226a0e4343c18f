import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/render.tsx';
import { DeployModal } from './deploy-modal.tsx';

const schema = { schema: { type: 'object', properties: { email: { type: 'string' } } } };
const draft = [{ target: 'email', sources: ['Email'], transform: { kind: 'copy' } }] as never;

function open(deployedVersion: number | null) {
  renderWithProviders(
    <DeployModal
      opened
      pipelineId="p1"
      deployedVersion={deployedVersion}
      draft={draft}
      draftSchema={schema.schema}
      failing={0}
      busy={false}
      onClose={() => {}}
      onDeploy={() => {}}
    />,
  );
}

describe('DeployModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does not ask for a deployed mapper before the first deploy (no 404 in the console)', async () => {
    const api = stubApi({ '/pipelines/p1/target_schema': schema });
    vi.stubGlobal('fetch', api.fetch);
    open(null);
    expect(await screen.findByText(/This is the first deploy/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deploy version 1' })).toBeTruthy();
    expect(api.calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/pipelines/p1/target_schema']);
  });

  it('compares with the deployed mapper once there is one', async () => {
    const api = stubApi({
      '/pipelines/p1/target_schema': schema,
      '/pipelines/p1/mapper': { version: 3, spec: {} },
    });
    vi.stubGlobal('fetch', api.fetch);
    open(3);
    expect(await screen.findByText(/Compared with version 3, now deployed/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deploy version 4' })).toBeTruthy();
    expect(api.calls.some((c) => new URL(c.url).pathname === '/api/pipelines/p1/mapper')).toBe(true);
  });
});
