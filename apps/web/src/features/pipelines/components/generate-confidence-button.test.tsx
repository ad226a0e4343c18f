import type { TResult } from '@mapwright/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { resetPipelinesList } from '../stores/pipelines-list-store.ts';
import { GenerateConfidenceButton } from './generate-confidence-button.tsx';

const result = (id: string, status: TResult['status']) => ({ id, status }) as TResult;

describe('GenerateConfidenceButton', () => {
  beforeEach(() => resetPipelinesList());
  afterEach(() => vi.unstubAllGlobals());

  it('scores the finished latest runs once, then waits out the cool-down', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ score: 0.9, bucket: 'High', fields: {} }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <GenerateConfidenceButton
        results={[result('r1', 'finished'), result('r2', 'running'), result('r3', 'needs review')]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Generate confidence/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const urls = fetchMock.mock.calls.map((c) => String((c as unknown[])[0]));
    expect(urls.every((u) => /\/api\/results\/r[13]\/confidence$/.test(u))).toBe(true);
    expect(localStorage.getItem('lastTriggeredConfidenceGeneration')).not.toBeNull();
    // the count-down shows, and a second press sends nothing
    expect(await screen.findByText(/available again in/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Generate confidence/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not start the cool-down when nothing has finished', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<GenerateConfidenceButton results={[result('r1', 'queued')]} />);
    fireEvent.click(screen.getByRole('button', { name: /Generate confidence/ }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('lastTriggeredConfidenceGeneration')).toBeNull();
  });
});
