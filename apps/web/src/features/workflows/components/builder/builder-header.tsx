import { Anchor, Breadcrumbs, Button, Group, Menu, Text, TextInput } from '@mantine/core';
import {
  IconChevronDown,
  IconDeviceFloppy,
  IconLayoutDistributeHorizontal,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { Link } from 'react-router';

/** The builder's top: where it is, the workflow's name (edited in place) and the actions. */
export function BuilderHeader({
  isNew,
  name,
  onName,
  dirty,
  saving,
  testing,
  testingAll,
  onLayout,
  onTest,
  onSave,
}: {
  isNew: boolean;
  name: string;
  onName: (name: string) => void;
  dirty: boolean;
  saving: boolean;
  testing: boolean;
  testingAll: boolean;
  onLayout: () => void;
  onTest: () => void;
  onSave: (draft: boolean) => void;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <div style={{ minWidth: 0, flex: 1 }}>
        <Breadcrumbs separator="/" mb={4} aria-label="Breadcrumb">
          <Anchor component={Link} to="/workflows/management" size="sm">
            Workflows
          </Anchor>
          <Text size="sm" c="dimmed">
            {isNew ? 'New workflow' : 'Builder'}
          </Text>
        </Breadcrumbs>
        <TextInput
          aria-label="Workflow name"
          variant="unstyled"
          value={name}
          placeholder="Name this workflow"
          onChange={(e) => onName(e.currentTarget.value)}
          styles={{ input: { fontSize: 24, fontWeight: 700, height: 36 } }}
          maw={560}
        />
      </div>
      <Group gap="xs">
        {dirty && (
          <Text size="sm" c="dimmed" role="status">
            Unsaved changes
          </Text>
        )}
        <Button
          variant="default"
          leftSection={<IconLayoutDistributeHorizontal size={16} aria-hidden />}
          onClick={onLayout}
        >
          Auto layout
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          loading={testingAll}
          disabled={testing}
          onClick={onTest}
        >
          Test run
        </Button>
        <Group gap={0} wrap="nowrap">
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={saving}
            onClick={() => onSave(false)}
            style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
          >
            Save
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button
                aria-label="More save options"
                px={8}
                style={{
                  borderTopLeftRadius: 0,
                  borderBottomLeftRadius: 0,
                  borderLeft: '1px solid rgb(255 255 255 / 40%)',
                }}
              >
                <IconChevronDown size={16} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onSave(true)}>Save as draft (not runnable yet)</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Group>
  );
}
