import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { NamePrompt } from './name-prompt.tsx';

describe('NamePrompt', () => {
  it('asks for a name and goes on only with one', async () => {
    const onName = vi.fn();
    renderWithProviders(<NamePrompt opened action="Save" onCancel={() => {}} onName={onName} />);
    const input = await screen.findByRole('textbox', { name: /Workflow name/ });
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onName).not.toHaveBeenCalled();
    expect(screen.getByText('Give the workflow a name')).toBeTruthy();
    fireEvent.change(input, { target: { value: '  Cards of primary entities ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onName).toHaveBeenCalledWith('Cards of primary entities');
  });
});
