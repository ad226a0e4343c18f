import { describe, expect, it } from 'vitest';
import { grantableRoles, mayManage } from './users-panel.tsx';

const ROLES = ['owner', 'admin', 'member', 'viewer'].map((name) => ({ id: name, name }));

describe('the members screen offers only what the server allows', () => {
  it('lets an admin grant admin and below, never owner', () => {
    expect(grantableRoles(ROLES, 'admin').map((r) => r.name)).toEqual(['admin', 'member', 'viewer']);
    expect(grantableRoles(ROLES, 'owner').map((r) => r.name)).toEqual(['owner', 'admin', 'member', 'viewer']);
  });

  it('lets nobody change or remove a member ranked above them', () => {
    expect(mayManage('admin', 'owner')).toBe(false);
    expect(mayManage('admin', 'admin')).toBe(true);
    expect(mayManage('owner', 'owner')).toBe(true);
    expect(mayManage('admin', 'viewer')).toBe(true);
  });
});
