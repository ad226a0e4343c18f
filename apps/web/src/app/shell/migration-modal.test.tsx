import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { MigrationModal, shouldShowMigrationModal } from './migration-modal.tsx';

const config = {
  productName: 'Mapwright',
  oldHost: 'localhost',
  newHost: 'app.mapwright.dev',
  migrationOrgIds: ['org-1', 'org-2'],
};

describe('migration modal', () => {
  it('shows only with an org id in the list on the old host', () => {
    expect(shouldShowMigrationModal('org-1', config, 'localhost')).toBe(true);
    expect(shouldShowMigrationModal(null, config, 'localhost')).toBe(false);
    expect(shouldShowMigrationModal('org-3', config, 'localhost')).toBe(false);
    expect(shouldShowMigrationModal('org-1', config, 'app.mapwright.dev')).toBe(false);
    expect(shouldShowMigrationModal('org-1', { ...config, oldHost: null }, 'localhost')).toBe(false);
    expect(shouldShowMigrationModal('org-1', undefined, 'localhost')).toBe(false);
  });

  it('renders the exact texts, blocking, 480 wide', async () => {
    // happy-dom's default location is localhost; Mantine writes 480 as 30rem
    expect(window.location.hostname).toBe('localhost');
    renderWithProviders(<MigrationModal orgId="org-2" config={config} />);
    expect(await screen.findByText('Welcome to the New Mapwright!')).toBeTruthy();
    expect(
      screen.getByText(
        "We've upgraded your experience with a new and improved platform. Your account has been successfully migrated to our new domain.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to New Platform' })).toBeTruthy();
    const note = screen.getByText(/If the button doesn't work/);
    expect(note.textContent).toBe("If the button doesn't work, please visit app.mapwright.dev directly.");
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    const dialog = screen.getByRole('dialog');
    expect(dialog.closest('[style*="--modal-size"]')?.getAttribute('style')).toContain(
      '--modal-size: calc(30rem',
    );
  });

  it('renders nothing for an organization that is not migrating', () => {
    renderWithProviders(<MigrationModal orgId="org-9" config={config} />);
    expect(screen.queryByText('Welcome to the New Mapwright!')).toBeNull();
  });
});
