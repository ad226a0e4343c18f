import { Modal, Tabs } from '@mantine/core';
import { IconEye, IconKey, IconShieldLock, IconUser } from '@tabler/icons-react';
import { ImpersonationHistory } from './impersonation-history.tsx';
import { LogoutEverywhere } from './logout-everywhere.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { TotpSettings } from './totp-settings.tsx';

export interface TAccountUser {
  name: string;
  email: string;
  totp_enabled: boolean;
}

export function AccountSettingsModal({
  opened,
  onClose,
  user,
  onUserChanged,
}: {
  opened: boolean;
  onClose: () => void;
  user: TAccountUser;
  onUserChanged: (patch: Partial<TAccountUser>) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Account settings" size="lg">
      <Tabs defaultValue="profile" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="password" leftSection={<IconKey size={16} />}>
            Password
          </Tabs.Tab>
          <Tabs.Tab value="totp" leftSection={<IconShieldLock size={16} />}>
            Two-factor
          </Tabs.Tab>
          <Tabs.Tab value="staff-access" leftSection={<IconEye size={16} />}>
            Staff access
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileForm name={user.name} email={user.email} onSaved={(name) => onUserChanged({ name })} />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordForm />
          <LogoutEverywhere />
        </Tabs.Panel>
        <Tabs.Panel value="totp">
          <TotpSettings
            enabled={user.totp_enabled}
            onChanged={(totp_enabled) => onUserChanged({ totp_enabled })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="staff-access">
          <ImpersonationHistory />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
