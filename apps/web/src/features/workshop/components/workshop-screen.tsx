import { Alert, Badge, Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconEye } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useFieldFailures } from '../api/result.ts';
import { useWorkshopActions } from '../hooks/use-workshop-actions.ts';
import { useWorkshopState } from '../hooks/use-workshop-state.ts';
import { buildFieldRows, otherErrors, recordErrors } from '../lib/field-rows.ts';
import { formatCount, plural } from '../lib/format.ts';
import { draftFromMapping } from '../lib/manual-edit.ts';
import { sourceFields } from '../lib/source-profile.ts';
import { recordLabel } from '../lib/source-tree.ts';
import {
  clearEditWorkshop,
  correctionCount,
  correctionOf,
  correctValue,
  dropSample,
  setImmediateReturn,
  setPromptField,
  uncorrectValue,
  useEditWorkshop,
} from '../stores/edit-workshop-store.ts';
import {
  beginManualEdit,
  dismissEditError,
  moveField,
  moveRecord,
  SPEC_TARGET_TABS,
  selectField,
  selectRecord,
  setEditTargetSchema,
  setFieldFilter,
  setPanel,
  setSpecTargetTab,
  setTargetTab,
  type TTargetTab,
  updateManualEdit,
} from '../stores/workshop-store.ts';
import { DeployModal } from './deploy-modal.tsx';
import { FieldList } from './field-list.tsx';
import type { TRowActions } from './field-row.tsx';
import { ManualEditPanel } from './manual-edit-panel.tsx';
import { PromptPanel } from './prompt-panel.tsx';
import { RecordNavigator, type TNavMode } from './record-navigator.tsx';
import { RunFailed, RunProgress } from './run-progress.tsx';
import { SampleBar } from './sample-bar.tsx';
import { SamplePreviewModal } from './sample-preview-modal.tsx';
import { SourceTree } from './source-tree.tsx';
import { TargetSchemaTab } from './target-schema-tab.tsx';
import { TransformationTab } from './transformation-tab.tsx';
import classes from './workshop.module.css';
import { WorkshopHeader } from './workshop-header.tsx';
import './styles.ts';

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    el.getAttribute('role') === 'tab');

/** The workshop: review and edit a pipeline's mapping against one job's records, then deploy it. */
export function WorkshopScreen({ workshopId, canWrite }: { workshopId: string; canWrite: boolean }) {
  const data = useWorkshopState(workshopId, canWrite);
  const { state, inputs, draft } = data;
  const edit = useEditWorkshop();
  const actions = useWorkshopActions(workshopId, state.workshop?.pipeline_id);
  const [navMode, setNavMode] = useState<TNavMode>('all');
  const [search, setSearch] = useState('');
  const [editingField, setEditingField] = useState<string | null>(null);
  const [deployOpen, setDeployOpen] = useState(false);
  const searchRef = useRef<HTMLDivElement>(null);
  const index = state.selectedSourceIndex;

  const fieldFailures = useFieldFailures(data.shownResult);
  const rows = useMemo(
    () =>
      buildFieldRows({
        fields: draft?.fields ?? [],
        mappings: draft?.spec.fields ?? [],
        mapped: data.mapping?.mapped_record,
        message: data.mapping?.message,
        failures: data.failures,
        droppedByField: data.shownResult?.dropped_by_field,
        droppedHere: data.mapping?.dropped,
        run: data.shownResult
          ? { processed: data.shownResult.processed, failuresByField: fieldFailures.data ?? {} }
          : undefined,
      }),
    [draft, data.mapping, data.failures, data.shownResult, fieldFailures.data],
  );
  const selectedRow = rows.find((r) => r.field.path === inputs.selectedField) ?? null;
  const sources = useMemo(() => sourceFields(state.pipeline?.source_schema), [state.pipeline]);

  // j/k and ←/→ step through records anywhere on the mapping tab; / jumps to the search
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (
        inputs.specTargetTabIndex !== 0 ||
        inputs.panel === 'sample' ||
        inputs.panel === 'prompt' ||
        deployOpen
      )
        return;
      if (e.key === 'j' || e.key === 'ArrowRight') moveRecord(1, data.total);
      else if (e.key === 'k' || e.key === 'ArrowLeft') moveRecord(-1, data.total);
      else if (e.key === '/')
        searchRef.current?.querySelector<HTMLInputElement>('input[aria-label="Search records"]')?.focus();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [inputs.specTargetTabIndex, inputs.panel, deployOpen, data.total]);

  // a new record: any half-typed value edit belongs to the old one
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on record change only
  useEffect(() => setEditingField(null), [index]);

  const { workshopQ, draftQ } = data.queries;
  if (workshopQ.isPending || draftQ.isPending) return <LoadingBlock label="Opening the workshop…" />;
  if (workshopQ.isError)
    return <ErrorBlock error={workshopQ.error} onRetry={() => void workshopQ.refetch()} />;
  if (draftQ.isError) return <ErrorBlock error={draftQ.error} onRetry={() => void draftQ.refetch()} />;
  const workshop = workshopQ.data;
  const draftData = draftQ.data;

  const can = {
    approve: canWrite && !actions.busy.approve,
    sample: state.sampleEditAllowed,
    manual: state.manualEditAllowed,
  };
  const rowActions: TRowActions = {
    onSelect: (t) => selectField(t),
    onApprove: (t, approved) => actions.approve([t], approved),
    onReject: (t) => actions.reject(t),
    onManual: (t) => {
      const row = rows.find((r) => r.field.path === t);
      beginManualEdit(draftFromMapping(t, row?.mapping ?? null));
    },
    onPrompt: (t) => {
      if (!(t in edit.target_fields_to_prompt)) setPromptField(t, true);
      setPanel('prompt');
    },
    onEditing: (t) => {
      if (t) selectField(t);
      setEditingField(t);
    },
    onCorrect: (t, v) => correctValue(index, t, v),
    onUncorrect: (t) => uncorrectValue(index, t),
  };
  const corrections = correctionCount(edit, index);
  const otherCorrected = edit.sample.map((s) => s.index).filter((i) => i !== index);
  const message = data.mapping?.message;
  const errorCount = recordErrors(message).size;
  const shown = data.shownResult;
  const mappedKnown = Boolean(data.mapping);
  const usedPaths = new Set(selectedRow?.mapping?.sources ?? []);
  const pendingEdits = edit.sample.length + Object.keys(edit.target_fields_to_prompt).length;

  return (
    <Stack gap="md">
      <WorkshopHeader
        workshop={workshop}
        pipeline={state.pipeline}
        job={state.job}
        lastRun={data.shownReady ? shown : null}
        canWrite={canWrite}
        running={data.running}
        immediateReturn={edit.immediate_return}
        pendingEdits={pendingEdits}
        onPrompt={() => setPanel('prompt')}
        onDeploy={() => setDeployOpen(true)}
        onNewSession={actions.newSession}
        onToggleImmediate={() => setImmediateReturn(!edit.immediate_return)}
        onClearPending={() => clearEditWorkshop()}
      />
      {!canWrite && (
        <Alert color="blue" variant="light" icon={<IconEye size={16} />}>
          You can review this mapping; your role cannot edit, approve or deploy it.
        </Alert>
      )}
      {data.progress && <RunProgress result={data.progress} hasValues={data.shownReady} />}
      {inputs.editStatus === 'error' && inputs.editError && inputs.panel === null && (
        <RunFailed message={inputs.editError} onClose={() => dismissEditError()} />
      )}
      {data.autoRunError && !shown && <ErrorBlock error={data.autoRunError} />}
      <Tabs
        value={SPEC_TARGET_TABS[inputs.specTargetTabIndex]}
        onChange={(v) =>
          setSpecTargetTab(Math.max(0, SPEC_TARGET_TABS.indexOf(v as (typeof SPEC_TARGET_TABS)[number])))
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="mapping">Mapping · {formatCount(rows.length)} fields</Tabs.Tab>
          <Tabs.Tab value="target-schema">Target schema</Tabs.Tab>
          <Tabs.Tab value="transformation">Transformation</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mapping" pt="md">
          <div className={classes.layout}>
            <div className={classes.side}>
              <div ref={searchRef} className={classes.nav}>
                <RecordNavigator
                  total={data.total}
                  selected={index}
                  resultId={data.shownReady ? inputs.shownResultId : null}
                  jobId={state.job?.id ?? ''}
                  failingTotal={data.shownReady ? (shown?.failed ?? 0) : 0}
                  mode={navMode}
                  onMode={setNavMode}
                  search={search}
                  onSearch={setSearch}
                  onSelect={(i) => selectRecord(i, data.total)}
                  onStep={(d) => moveRecord(d, data.total)}
                />
              </div>
              <div className={classes.tree}>
                <SourceTree
                  record={state.selectedSourceRecord}
                  loading={data.recordLoading && state.selectedSourceRecord === undefined}
                  usedPaths={usedPaths}
                  pickFor={state.manualEditAllowed ? inputs.selectedField : null}
                  onPick={(path) => {
                    if (inputs.panel === 'manual' && inputs.editTransformation)
                      updateManualEdit({ extract: path });
                    else if (selectedRow)
                      beginManualEdit({
                        ...draftFromMapping(selectedRow.field.path, selectedRow.mapping),
                        extract: path,
                      });
                  }}
                />
              </div>
            </div>
            <Stack gap="sm" className={classes.main}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="sm" wrap="wrap">
                  <Title order={2} fz="md">
                    Record {formatCount(index + 1)}
                  </Title>
                  {/* the number the import's problems and the downloads use too */}
                  {data.mapping?.line !== undefined && (
                    <Text size="sm" c="dimmed" ml={-6} data-testid="record-line">
                      · line {formatCount(data.mapping.line)}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed" truncate maw={260}>
                    {recordLabel(state.selectedSourceRecord)}
                  </Text>
                  {mappedKnown &&
                    (errorCount > 0 ? (
                      <Badge
                        color="red"
                        variant="light"
                        tt="none"
                        leftSection={<IconAlertTriangle size={12} />}
                      >
                        {plural(errorCount, 'field')} failing
                      </Badge>
                    ) : (
                      <Badge
                        color="green"
                        variant="light"
                        tt="none"
                        leftSection={<IconCircleCheck size={12} />}
                      >
                        Valid
                      </Badge>
                    ))}
                </Group>
                <SegmentedControl
                  size="xs"
                  value={inputs.targetTab}
                  onChange={(v) => setTargetTab(v as TTargetTab)}
                  data={[
                    { value: 'fields', label: 'Fields' },
                    { value: 'record', label: 'Mapped record' },
                  ]}
                  aria-label="Show the record as"
                />
              </Group>
              {otherErrors(draftData.fields, message).map(([target, e]) => (
                <Text key={target} size="sm" c="red.9">
                  {e.message}
                </Text>
              ))}
              <FieldList
                rows={rows}
                loading={!draftData || (data.recordLoading && !data.mapping)}
                filter={inputs.fieldFilter}
                onFilter={setFieldFilter}
                selectedField={inputs.selectedField}
                onStepField={(visible, d) => moveField(visible, d)}
                editingField={editingField}
                correctionOf={(t) => correctionOf(edit, index, t)}
                mappedKnown={mappedKnown}
                can={can}
                failing={{ counted: data.failingCounted, total: data.failingTotal }}
                actions={rowActions}
                targetTab={inputs.targetTab}
                mapped={data.mapping?.mapped_record}
                message={message}
                onApproveAll={(targets) => actions.approve(targets, true)}
                approving={actions.busy.approve}
              />
            </Stack>
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="target-schema" pt="md">
          <TargetSchemaTab
            draftSchema={draftData.target_schema}
            text={inputs.editTargetSchema}
            allowed={state.targetSchemaEditAllowed}
            busy={actions.busy.schema}
            error={inputs.editStatus === 'error' ? inputs.editError : null}
            onText={setEditTargetSchema}
            onApply={(schema) => actions.targetSchema(schema)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="transformation" pt="md">
          <TransformationTab workshopId={workshopId} />
        </Tabs.Panel>
      </Tabs>

      <ManualEditPanel
        draft={inputs.panel === 'manual' ? inputs.editTransformation : null}
        row={rows.find((r) => r.field.path === inputs.editTransformation?.targetField) ?? null}
        sources={sources}
        record={state.selectedSourceRecord}
        busy={actions.busy.manual}
        error={inputs.editStatus === 'error' ? inputs.editError : null}
        onChange={updateManualEdit}
        onClose={() => setPanel(null)}
        onApply={actions.manual}
      />
      <PromptPanel
        opened={inputs.panel === 'prompt'}
        fields={draftData.fields}
        busy={actions.busy.prompt}
        error={inputs.editStatus === 'error' ? inputs.editError : null}
        onClose={() => setPanel(null)}
        onRun={actions.prompt}
      />
      <SamplePreviewModal
        opened={inputs.panel === 'sample'}
        recordNumber={index + 1}
        inference={actions.inference}
        loading={actions.busy.infer}
        error={actions.inferError}
        applying={actions.busy.sample}
        onClose={() => setPanel(null)}
        onDiscard={() => {
          dropSample(index);
          setPanel(null);
        }}
        onApply={() => actions.applySample(index)}
      />
      {state.workshop && (
        <DeployModal
          opened={deployOpen}
          pipelineId={state.workshop.pipeline_id}
          deployedVersion={state.pipeline?.deployed_mapper_version}
          draft={draftData.spec.fields}
          draftSchema={draftData.target_schema}
          failing={data.shownReady ? (shown?.failed ?? 0) : 0}
          busy={actions.busy.deploy}
          onClose={() => setDeployOpen(false)}
          onDeploy={() => actions.deploy(() => setDeployOpen(false))}
        />
      )}
      {inputs.specTargetTabIndex === 0 && inputs.panel !== 'sample' && (
        <SampleBar
          count={corrections}
          recordNumber={index + 1}
          others={otherCorrected}
          disabled={!state.sampleEditAllowed}
          onPreview={() => actions.previewSample(index)}
          onDiscard={() => dropSample(index)}
          onJump={(i) => selectRecord(i, data.total)}
        />
      )}
    </Stack>
  );
}
