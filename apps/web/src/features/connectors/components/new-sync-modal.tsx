import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { TConnection, TSync } from '@mapwright/contracts';
import { useState } from 'react';
import { usePipelineOptions } from '../../../lib/pipeline-options.ts';
import { type TNewSync, useCatalogue, useConnections, useCreateSync, useStreams } from '../api.ts';

const WRITE_LABELS = {
  append: 'Append',
  upsert: 'Upsert by key',
  overwrite: 'Overwrite (atomic swap)',
} as const;

const tableOf = (stream: string) => (stream.split('.').pop() ?? stream).replace(/[^A-Za-z0-9_]/g, '_');

/** A new sync from this source: a stream, a destination, an optional pipeline, a write mode. */
export function NewSyncModal({
  source,
  onClose,
  onCreated,
}: {
  source: TConnection;
  onClose: () => void;
  onCreated: (s: TSync) => void;
}) {
  const streams = useStreams(source.id);
  const dests = useConnections('destination');
  const pipelines = usePipelineOptions();
  const create = useCreateSync();
  const [stream, setStream] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const [table, setTable] = useState('');
  const [mode, setMode] = useState<'full_refresh' | 'incremental'>('full_refresh');
  const [cursor, setCursor] = useState<string | null>(null);
  const [writeMode, setWriteMode] = useState<TNewSync['writeMode']>('append');
  const [pipelineId, setPipelineId] = useState<string | null>(null);
  const [schedule, setSchedule] = useState('');
  const chosen = streams.data?.find((s) => s.name === stream);
  const catalogue = useCatalogue();
  // the write modes the chosen destination offers (a Mapwright dataset has no upsert)
  const destType = dests.data?.find((d) => d.id === destination)?.type;
  const offered = catalogue.data?.find((c) => c.type === destType)?.writeModes;
  const writeModes = (offered?.length ? offered : Object.keys(WRITE_LABELS)) as TNewSync['writeMode'][];
  // a mode the newly picked destination does not offer falls back to its first
  const write = writeModes.includes(writeMode) ? writeMode : writeModes[0]!;
  const issues =
    create.error && 'detail' in create.error && Array.isArray(create.error.detail) ? create.error.detail : [];
  const errorAt = (field: string) => issues.find((d: { loc?: unknown[] }) => d.loc?.includes(field))?.msg;

  const submit = () => {
    if (!stream || !destination) return;
    create.mutate(
      {
        name: `${stream} → ${table || tableOf(stream)}`,
        sourceConnectionId: source.id,
        destinationConnectionId: destination,
        streams: [
          {
            name: stream,
            destination: table || tableOf(stream),
            syncMode: mode,
            ...(mode === 'incremental' && cursor ? { cursorField: [cursor] } : {}),
          },
        ],
        writeMode: write,
        pipelineId,
        schedule: schedule.trim() || null,
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <Modal opened onClose={onClose} title="New sync" size="lg">
      <Stack gap="sm">
        <Select
          label="Stream"
          placeholder={streams.isPending ? 'Discovering…' : 'Pick a table'}
          data={(streams.data ?? []).map((s) => s.name)}
          value={stream}
          onChange={(v) => {
            setStream(v);
            setCursor(null);
            setMode('full_refresh');
          }}
          searchable
          error={streams.error?.message ?? errorAt('name')}
        />
        <Select
          label="Destination"
          placeholder={
            dests.data?.length === 0
              ? 'Connect a destination first (Destinations page)'
              : 'Pick a destination'
          }
          data={(dests.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={destination}
          onChange={setDestination}
          error={errorAt('destinationConnectionId')}
        />
        <TextInput
          label="Destination table"
          description="Created from the records' schema when it does not exist"
          placeholder={stream ? tableOf(stream) : 'customers'}
          value={table}
          onChange={(e) => setTable(e.currentTarget.value)}
          error={errorAt('destination')}
        />
        <Group grow>
          <Select
            label="Read"
            data={(chosen?.syncModes ?? ['full_refresh']).map((m) => ({
              value: m,
              label: m === 'incremental' ? 'Incremental' : 'Full refresh',
            }))}
            value={mode}
            onChange={(v) => setMode((v as typeof mode) ?? 'full_refresh')}
            allowDeselect={false}
          />
          <Select
            label="Write"
            data={writeModes.map((m) => ({ value: m, label: WRITE_LABELS[m] }))}
            value={write}
            onChange={(v) => setWriteMode((v as typeof writeMode) ?? 'append')}
            allowDeselect={false}
            error={errorAt('writeMode')}
          />
        </Group>
        {mode === 'incremental' && (
          <Select
            label="Cursor field"
            data={(chosen?.cursorFields ?? []).map((c) => c.join('.'))}
            value={cursor}
            onChange={setCursor}
            error={errorAt('cursorField')}
          />
        )}
        <Select
          label="Pipeline (optional)"
          placeholder="None: records are written as read"
          description="Records go through its deployed mapper; rejected ones are counted, not written"
          clearable
          data={(pipelines.data ?? [])
            .filter((p) => p.deployed_mapper_version)
            .map((p) => ({ value: p.id, label: p.name }))}
          value={pipelineId}
          onChange={setPipelineId}
          error={errorAt('pipelineId')}
        />
        <TextInput
          label="Schedule (optional)"
          description="A cron expression in UTC, e.g. 0 * * * * for every hour; empty = run by hand"
          value={schedule}
          onChange={(e) => setSchedule(e.currentTarget.value)}
          error={errorAt('schedule')}
        />
        {create.error && issues.length === 0 && <Alert color="red">{create.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!stream || !destination} loading={create.isPending}>
            Create sync
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
