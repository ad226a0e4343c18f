import { Badge, Divider, Group, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { TCatalogueEndpoint, TSourceApp } from '@mapwright/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { canvasClasses as classes } from '../../../../components/canvas/index.ts';
import { DRAG_TYPE } from './canvas.tsx';
import { CustomRequestForm } from './custom-request.tsx';

const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'yellow',
  DELETE: 'red',
};

/**
 * The source app's endpoints, read from its OpenAPI catalogue: click one to add it before the
 * final node, or drag it onto the canvas.
 */
export function Palette({
  apps,
  appId,
  onApp,
  onAdd,
}: {
  apps: TSourceApp[];
  appId: string;
  onApp: (id: string) => void;
  onAdd: (appId: string, ep: TCatalogueEndpoint) => void;
}) {
  const [q, setQ] = useState('');
  const app = apps.find((a) => a.id === appId) ?? apps[0];
  const catalogueError = app?.catalogueError ?? null;
  const endpoints = useMemo(() => {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    return (app?.endpoints ?? []).filter((ep) => {
      const text = `${ep.summary} ${ep.path} ${ep.operationId} ${ep.description}`.toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }, [app, q]);

  return (
    <Stack gap="xs" p="sm">
      <Text fw={600} size="sm">
        Endpoints
      </Text>
      <Select
        label="Source app"
        size="xs"
        data={apps.map((a) => ({ value: a.id, label: a.name }))}
        value={app?.id ?? null}
        onChange={(v) => v && onApp(v)}
        allowDeselect={false}
      />
      <TextInput
        size="xs"
        aria-label="Search endpoints"
        placeholder="Search endpoints"
        leftSection={<IconSearch size={14} aria-hidden />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        Click an endpoint to add it, or drag it onto the canvas.
      </Text>
      {app && app.endpoints.length === 0 && (
        <Text size="sm" c={catalogueError ? 'red.8' : 'dimmed'} role={catalogueError ? 'alert' : undefined}>
          {catalogueError
            ? `Its catalogue could not be read: ${catalogueError}`
            : 'This app has no catalogue of endpoints: add its requests by hand below.'}
        </Text>
      )}
      <Stack
        component="ul"
        gap={6}
        aria-label={`Endpoints of ${app?.name ?? 'the app'}`}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {endpoints.map((ep) => (
          <li key={`${ep.method} ${ep.path}`}>
            <button
              type="button"
              className={classes.paletteItem}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(
                  DRAG_TYPE,
                  JSON.stringify({ appId: app!.id, operationId: ep.operationId }),
                );
                e.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => onAdd(app!.id, ep)}
            >
              <VisuallyHidden>Add </VisuallyHidden>
              <Group gap={6} wrap="nowrap">
                <Badge
                  size="xs"
                  color={METHOD_COLORS[ep.method] ?? 'gray'}
                  variant="light"
                  style={{ flexShrink: 0 }}
                >
                  {ep.method}
                </Badge>
                <Text size="sm" fw={500} truncate>
                  {ep.summary || ep.operationId}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {ep.path}
              </Text>
            </button>
          </li>
        ))}
      </Stack>
      {app && app.endpoints.length > 0 && endpoints.length === 0 && (
        <Text size="sm" c="dimmed">
          No endpoint matches “{q}”.
        </Text>
      )}
      {app && (
        <>
          <Divider />
          <CustomRequestForm onAdd={(ep) => onAdd(app.id, ep)} />
        </>
      )}
    </Stack>
  );
}
