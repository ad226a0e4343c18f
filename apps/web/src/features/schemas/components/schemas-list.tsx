import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronDown,
  IconDatabaseImport,
  IconFileImport,
  IconFilePlus,
  IconJson,
  IconPlus,
  IconSchema,
  IconSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import {
  schemasListStore,
  setIdFilter,
  setNameFilter,
  setSchemasPage,
  useSchemasList,
} from '../stores/schemas-list-store.ts';
import { CreateSchemaModal, type TCreateMode } from './create-schema-modal.tsx';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const fieldCount = (schema: Record<string, unknown>) =>
  schema.properties && typeof schema.properties === 'object' ? Object.keys(schema.properties).length : 0;

export function SchemasList() {
  const [nameInput, setNameInput] = useState(() => schemasListStore.get().nameFilter);
  const [idInput, setIdInput] = useState(() => schemasListStore.get().idFilter);
  const [debouncedName] = useDebouncedValue(nameInput, 250);
  const [debouncedId] = useDebouncedValue(idInput, 250);
  const { state, query, pages } = useSchemasList({ nameFilter: debouncedName, idFilter: debouncedId });
  const [mode, setMode] = useState<TCreateMode | null>(null);
  const filtered = Boolean(debouncedName.trim() || debouncedId.trim());

  const createMenu = (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          New schema
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFilePlus size={16} />} onClick={() => setMode('blank')}>
          Blank schema
        </Menu.Item>
        <Menu.Item leftSection={<IconDatabaseImport size={16} />} onClick={() => setMode('import')}>
          Infer from a dataset
        </Menu.Item>
        <Menu.Item leftSection={<IconJson size={16} />} onClick={() => setMode('records')}>
          Infer from sample JSON
        </Menu.Item>
        <Menu.Item leftSection={<IconFileImport size={16} />} onClick={() => setMode('file')}>
          Import JSON file
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Data' }]}
        title="Schemas"
        description="Target schemas your pipelines map into: their fields, types and required list."
        actions={createMenu}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
        <TextInput
          label="Name"
          placeholder="Filter by name"
          leftSection={<IconSearch size={16} />}
          value={nameInput}
          onChange={(e) => {
            setNameInput(e.currentTarget.value);
            setNameFilter(e.currentTarget.value);
          }}
        />
        <TextInput
          label="ID"
          placeholder="Starts with…"
          value={idInput}
          onChange={(e) => {
            setIdInput(e.currentTarget.value);
            setIdFilter(e.currentTarget.value);
          }}
        />
      </SimpleGrid>
      <Paper withBorder radius="md">
        {query.isPending ? (
          <LoadingBlock label="Loading schemas…" />
        ) : query.isError && !state.isDataLoaded ? (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        ) : state.schemas.length === 0 ? (
          filtered ? (
            <EmptyBlock icon={<IconSearch size={22} />} title="No schema matches">
              Nothing matches these filters. Clear them to see every schema.
            </EmptyBlock>
          ) : (
            <EmptyBlock icon={<IconSchema size={22} />} title="No schemas yet">
              A target schema describes the records your pipelines produce. Start blank, infer one from an
              import or sample JSON, or import a JSON Schema file.
              <Group justify="center" mt="sm">
                {createMenu}
              </Group>
            </EmptyBlock>
          )
        ) : (
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Schemas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>ID</Table.Th>
                  <Table.Th ta="right">Fields</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.schemas.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/schemas/${s.id}`} size="sm" fw={500}>
                        {s.name}
                      </Anchor>
                      {s.filename && (
                        <Text size="xs" c="dimmed">
                          {s.filename}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Code>{s.id.slice(0, 8)}</Code>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{fieldCount(s.schema)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        v{s.version}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatDate(s.updated_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/schema-map/${s.id}`} size="sm">
                        Schema map
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {state.isDataLoaded ? `${state.schemaCount.toLocaleString()} schemas` : ''}
        </Text>
        {pages > 1 && (
          <Pager total={pages} value={state.page} onChange={setSchemasPage} aria-label="Schema pages" />
        )}
      </Group>
      <CreateSchemaModal mode={mode} onClose={() => setMode(null)} />
    </Stack>
  );
}
