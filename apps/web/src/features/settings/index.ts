export { ApiKeysPanel } from './components/api-keys-panel.tsx';
export type { TRoleOption } from './components/invite-user-modal.tsx';
export { UsersPanel } from './components/users-panel.tsx';
