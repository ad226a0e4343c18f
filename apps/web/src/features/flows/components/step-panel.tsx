import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { FLOW_FILTER_OPS, FLOW_SOURCE_KINDS, type TFlowStep, WRITE_MODES } from '@mapwright/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import './styles.ts';
import { usePipelineOptions } from '../../../lib/pipeline-options.ts';
import { useConnections, useSourceInputs, useStreams, useTargetSchemas } from '../api.ts';
import { KIND_INFO } from '../lib/kinds.ts';

type Step<K extends TFlowStep['kind']> = Extract<TFlowStep, { kind: K }>;
type Config<K extends TFlowStep['kind']> = Step<K>['config'];

const SOURCE_LABELS: Record<(typeof FLOW_SOURCE_KINDS)[number], string> = {
  import: 'An import',
  dataset: 'A dataset',
  join_run: 'Joined data',
  result: 'A job result',
  connection: 'A connection stream',
  resolution_golden: 'Golden records',
  resolution_clusters: 'Records with cluster id',
};
const OP_LABELS: Record<(typeof FLOW_FILTER_OPS)[number], string> = {
  eq: 'equals',
  neq: 'is not',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  contains: 'contains',
  is_null: 'is empty',
  not_null: 'is not empty',
};

/** The selected step's form: its name and the settings of its kind. */
export function StepPanel({
  step,
  issues,
  columns,
  onChange,
  onDelete,
}: {
  step: TFlowStep;
  issues: string[];
  /** the columns reaching this step, by input port (from POST /flows/check), when known */
  columns: Record<string, string[]>;
  onChange: (step: TFlowStep) => void;
  onDelete: () => void;
}) {
  const set = (config: TFlowStep['config']) => onChange({ ...step, config } as TFlowStep);
  const inCols = columns.in ?? [];
  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {KIND_INFO[step.kind].label} step{' '}
          <Text span c="dimmed" ff="monospace" size="xs">
            {step.id}
          </Text>
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
        >
          Remove
        </Button>
      </Group>
      {issues.length > 0 && (
        <Alert color="red" p="xs" title="The server refused this step">
          {issues.map((m) => (
            <Text key={m} size="xs">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      <TextInput
        label="Name"
        size="xs"
        value={step.name}
        onChange={(e) => onChange({ ...step, name: e.currentTarget.value })}
      />
      {step.kind === 'source' && <SourceForm config={step.config} onChange={set} />}
      {step.kind === 'map' && <MapForm config={step.config} onChange={set} />}
      {step.kind === 'validate' && <ValidateForm config={step.config} onChange={set} />}
      {step.kind === 'filter' && <FilterForm config={step.config} columns={inCols} onChange={set} />}
      {step.kind === 'join' && (
        <JoinForm config={step.config} left={columns.left ?? []} right={columns.right ?? []} onChange={set} />
      )}
      {step.kind === 'resolve' && <ResolveForm config={step.config} columns={inCols} onChange={set} />}
      {step.kind === 'destination' && (
        <DestinationForm config={step.config} columns={inCols} onChange={set} />
      )}
    </Stack>
  );
}

function SourceForm({
  config,
  onChange,
}: {
  config: Config<'source'>;
  onChange: (c: Config<'source'>) => void;
}) {
  const kind = config.input.kind;
  const inputs = useSourceInputs();
  const connections = useConnections('source');
  const streams = useStreams(kind === 'connection' && config.input.id ? config.input.id : null);
  const data =
    kind === 'connection'
      ? (connections.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.type}` }))
      : (inputs.data ?? [])
          .filter((i) => i.kind === kind)
          .map((i) => ({ value: i.id, label: `${i.name} · ${i.row_count.toLocaleString()} rows` }));
  const pending = kind === 'connection' ? connections.isPending : inputs.isPending;
  return (
    <>
      <Select
        label="Read from"
        size="xs"
        data={FLOW_SOURCE_KINDS.filter((k) => k !== 'dataset').map((k) => ({
          value: k,
          label: SOURCE_LABELS[k],
        }))}
        value={kind}
        allowDeselect={false}
        onChange={(v) => v && onChange({ input: { kind: v as typeof kind, id: '' } })}
      />
      <Select
        label={
          kind === 'connection'
            ? 'Connection'
            : SOURCE_LABELS[kind].replace(/^An? /, '').replace(/^./, (c) => c.toUpperCase())
        }
        size="xs"
        searchable
        placeholder={pending ? 'Loading…' : data.length ? 'Pick one' : 'None yet'}
        data={data}
        value={config.input.id || null}
        onChange={(v) => onChange({ input: { kind, id: v ?? '' } })}
        nothingFoundMessage="Nothing matches"
      />
      {kind === 'connection' && (
        <Select
          label="Stream"
          size="xs"
          searchable
          disabled={!config.input.id}
          placeholder={streams.isFetching ? 'Discovering streams…' : 'Pick a stream'}
          data={(streams.data ?? []).map((s) => s.name)}
          value={config.input.stream ?? null}
          onChange={(v) => onChange({ input: { ...config.input, stream: v ?? undefined } })}
        />
      )}
    </>
  );
}

function MapForm({ config, onChange }: { config: Config<'map'>; onChange: (c: Config<'map'>) => void }) {
  const pipelines = usePipelineOptions();
  return (
    <Select
      label="Pipeline"
      description="Its deployed mapper maps every row"
      size="xs"
      searchable
      placeholder={pipelines.isPending ? 'Loading pipelines…' : 'Pick a pipeline'}
      data={(pipelines.data ?? []).map((p) => ({
        value: p.id,
        label: `${p.name} · ${p.deployed_mapper_version ? `mapper v${p.deployed_mapper_version}` : 'not deployed'}`,
        disabled: !p.deployed_mapper_version,
      }))}
      value={config.pipeline_id || null}
      onChange={(v) => onChange({ pipeline_id: v ?? '' })}
    />
  );
}

function ValidateForm({
  config,
  onChange,
}: {
  config: Config<'validate'>;
  onChange: (c: Config<'validate'>) => void;
}) {
  const schemas = useTargetSchemas();
  return (
    <Select
      label="Target schema"
      description="Rows that fail go out on the red “rejected” port with their errors"
      size="xs"
      searchable
      placeholder={schemas.isPending ? 'Loading schemas…' : 'Pick a schema'}
      data={(schemas.data ?? []).map((s) => ({ value: s.id, label: `${s.name} · v${s.version}` }))}
      value={config.target_schema_id || null}
      onChange={(v) => onChange({ target_schema_id: v ?? '' })}
    />
  );
}

function FilterForm({
  config,
  columns,
  onChange,
}: {
  config: Config<'filter'>;
  columns: string[];
  onChange: (c: Config<'filter'>) => void;
}) {
  const conds = config.conditions;
  const setCond = (i: number, patch: Partial<(typeof conds)[number]>) =>
    onChange({ ...config, conditions: conds.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <>
      <SegmentedControl
        size="xs"
        aria-label="Keep rows matching"
        data={[
          { value: 'all', label: 'All conditions' },
          { value: 'any', label: 'Any condition' },
        ]}
        value={config.match}
        onChange={(v) => onChange({ ...config, match: v as 'all' | 'any' })}
      />
      {conds.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their order is their identity
        <Group key={i} gap={4} wrap="nowrap" align="flex-end">
          <Autocomplete
            size="xs"
            label={i === 0 ? 'Column' : undefined}
            aria-label={`Condition ${i + 1} column`}
            data={columns}
            value={c.column}
            onChange={(v) => setCond(i, { column: v })}
            style={{ flex: 2 }}
          />
          <Select
            size="xs"
            label={i === 0 ? 'Is' : undefined}
            aria-label={`Condition ${i + 1} operator`}
            data={FLOW_FILTER_OPS.map((o) => ({ value: o, label: OP_LABELS[o] }))}
            value={c.op}
            allowDeselect={false}
            onChange={(v) => v && setCond(i, { op: v as typeof c.op })}
            style={{ flex: 1.3 }}
          />
          {c.op !== 'is_null' && c.op !== 'not_null' && (
            <TextInput
              size="xs"
              label={i === 0 ? 'Value' : undefined}
              aria-label={`Condition ${i + 1} value`}
              value={c.value == null ? '' : String(c.value)}
              onChange={(e) => {
                const t = e.currentTarget.value;
                // numbers compare as numbers for > and <; everything else as typed
                const n = Number(t);
                setCond(i, {
                  value: ['gt', 'gte', 'lt', 'lte'].includes(c.op) && t !== '' && Number.isFinite(n) ? n : t,
                });
              }}
              style={{ flex: 1.5 }}
            />
          )}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove condition ${i + 1}`}
            onClick={() => onChange({ ...config, conditions: conds.filter((_, j) => j !== i) })}
            mb={2}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() =>
          onChange({ ...config, conditions: [...conds, { column: columns[0] ?? '', op: 'eq', value: '' }] })
        }
        style={{ alignSelf: 'flex-start' }}
      >
        Add condition
      </Button>
    </>
  );
}

function JoinForm({
  config,
  left,
  right,
  onChange,
}: {
  config: Config<'join'>;
  left: string[];
  right: string[];
  onChange: (c: Config<'join'>) => void;
}) {
  const c = config.conditions?.[0] ?? { left: '', right: '', method: 'exact' as const };
  return (
    <>
      <Select
        label="Keep"
        size="xs"
        data={[
          { value: 'inner', label: 'Inner: matched rows only' },
          { value: 'left', label: 'Left: every left row' },
          { value: 'right', label: 'Right: every right row' },
          { value: 'full', label: 'Full: every row of both' },
          { value: 'anti', label: 'Anti: left rows without a match' },
        ]}
        value={config.kind ?? 'left'}
        allowDeselect={false}
        onChange={(v) => v && onChange({ ...config, kind: v as Config<'join'>['kind'] })}
      />
      <Group gap={4} grow>
        <Autocomplete
          size="xs"
          label="Left column"
          data={left}
          value={c.left}
          onChange={(v) => onChange({ ...config, conditions: [{ ...c, left: v }] })}
        />
        <Autocomplete
          size="xs"
          label="Right column"
          data={right}
          value={c.right}
          onChange={(v) => onChange({ ...config, conditions: [{ ...c, right: v }] })}
        />
      </Group>
      <Select
        label="Match"
        size="xs"
        data={[
          { value: 'exact', label: 'Exactly' },
          { value: 'jaro_winkler', label: 'Fuzzy: names (Jaro-Winkler)' },
          { value: 'levenshtein', label: 'Fuzzy: typos (Levenshtein)' },
          { value: 'token_jaccard', label: 'Fuzzy: shared words' },
          { value: 'tfidf_cosine', label: 'Fuzzy: rare words (TF-IDF)' },
        ]}
        value={c.method}
        allowDeselect={false}
        onChange={(v) => v && onChange({ ...config, conditions: [{ ...c, method: v as typeof c.method }] })}
      />
      {c.method !== 'exact' && (
        <NumberInput
          size="xs"
          label="Threshold"
          min={0.5}
          max={1}
          step={0.05}
          decimalScale={2}
          value={config.threshold ?? 0.85}
          onChange={(v) => onChange({ ...config, threshold: Number(v) })}
        />
      )}
    </>
  );
}

function ResolveForm({
  config,
  columns,
  onChange,
}: {
  config: Config<'resolve'>;
  columns: string[];
  onChange: (c: Config<'resolve'>) => void;
}) {
  return (
    <>
      <Text size="xs" c="dimmed">
        Groups rows that describe the same entity with the entity-resolution settings; each row gains a
        cluster_id.
      </Text>
      <Autocomplete
        size="xs"
        label="Record id column"
        description="Optional: the row number is used without one"
        data={columns}
        value={config.id_column ?? ''}
        onChange={(v) => onChange({ ...config, id_column: v || undefined })}
      />
      <TagsInput
        size="xs"
        label="Block on columns"
        description="Only rows sharing a value here are compared (optional: chosen from the data without)"
        data={columns}
        value={config.rules?.[0]?.columns ?? []}
        onChange={(v) =>
          onChange({ ...config, rules: v.length ? [{ kind: 'exact', columns: v.slice(0, 4) }] : undefined })
        }
      />
    </>
  );
}

function DestinationForm({
  config,
  columns,
  onChange,
}: {
  config: Config<'destination'>;
  columns: string[];
  onChange: (c: Config<'destination'>) => void;
}) {
  const connections = useConnections('destination');
  return (
    <>
      <Select
        label="Connection"
        size="xs"
        searchable
        placeholder={
          connections.isPending ? 'Loading…' : connections.data?.length ? 'Pick one' : 'No destination yet'
        }
        data={(connections.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.type}` }))}
        value={config.connection_id || null}
        onChange={(v) => onChange({ ...config, connection_id: v ?? '' })}
      />
      <TextInput
        label="Table"
        size="xs"
        description="Created when it does not exist"
        value={config.stream}
        onChange={(e) => onChange({ ...config, stream: e.currentTarget.value })}
      />
      <Select
        label="Write mode"
        size="xs"
        data={WRITE_MODES.map((m) => ({
          value: m,
          label: m === 'upsert' ? 'Upsert by key' : m === 'overwrite' ? 'Overwrite' : 'Append',
        }))}
        value={config.write_mode ?? 'append'}
        allowDeselect={false}
        onChange={(v) => v && onChange({ ...config, write_mode: v as Config<'destination'>['write_mode'] })}
      />
      <TagsInput
        size="xs"
        label="Key"
        description={
          config.write_mode === 'upsert'
            ? 'Required for upsert'
            : 'The preview counts inserts and updates by it'
        }
        data={columns}
        value={config.primary_key ?? []}
        onChange={(v) => onChange({ ...config, primary_key: v.length ? v : undefined })}
      />
      <Switch
        size="sm"
        label="Preview before writing"
        description="The run stops with what it would insert, update and reject until you approve"
        checked={config.preview ?? false}
        onChange={(e) => onChange({ ...config, preview: e.currentTarget.checked })}
      />
    </>
  );
}
