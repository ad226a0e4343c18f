export { AccountSettingsModal } from './components/account-settings-modal.tsx';
