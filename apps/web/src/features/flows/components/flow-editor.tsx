import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFlow, TFlowEdge, TFlowStep, TFlowStepKind } from '@mapwright/contracts';
import {
  IconDeviceFloppy,
  IconEye,
  IconLayoutDistributeHorizontal,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  canvasClasses as classes,
  GraphCanvas,
  LabelledEdge,
  layeredLayout,
} from '../../../components/canvas/index.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock, NotFoundBlock } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useFlow, useFlowCheck, useSaveFlow, useStartRun } from '../api.ts';
import {
  canConnect,
  edgeId,
  inputPorts,
  issuesByStep,
  newStepId,
  type TStepNode,
  toCanvas,
} from '../lib/graph.ts';
import { defaultConfig, KIND_INFO } from '../lib/kinds.ts';
import { FlowSettings } from './flow-settings.tsx';
import { StepNode } from './step-node.tsx';
import { STEP_DRAG_TYPE, StepPalette } from './step-palette.tsx';
import { StepPanel } from './step-panel.tsx';

const NODE_TYPES = { step: StepNode };
const EDGE_TYPES = { labelled: LabelledEdge };

interface TDraft {
  name: string;
  description: string;
  steps: TFlowStep[];
  edges: TFlowEdge[];
}
const draftOf = (f: TFlow): TDraft => ({
  name: f.name,
  description: f.description,
  steps: f.steps,
  edges: f.edges,
});

/** `/flows/{id}`: the flow editor. */
export function FlowEditorScreen({ id }: { id: string }) {
  const flow = useFlow(id);
  if (flow.isPending) return <LoadingBlock label="Loading the flow…" />;
  // 422: an address whose id is malformed (not a UUID) is as missing as an unknown one
  if (flow.isError)
    return flow.error instanceof ApiError && (flow.error.status === 404 || flow.error.status === 422) ? (
      <NotFoundBlock />
    ) : (
      <ErrorBlock error={flow.error} onRetry={() => void flow.refetch()} />
    );
  return <Editor key={flow.data.version} flow={flow.data} />;
}

function Editor({ flow }: { flow: TFlow }) {
  const [draft, setDraft] = useState<TDraft>(() => draftOf(flow));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [fitKey, setFitKey] = useState(0);
  const [refused, setRefused] = useState<{ steps: Map<string, string[]>; general: string[] } | null>(null);
  const save = useSaveFlow(flow.id);
  const start = useStartRun(flow.id);
  const navigate = useNavigate();
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(flow));
  const selected = draft.steps.find((s) => s.id === selectedId) ?? null;
  const check = useFlowCheck({ steps: draft.steps, edges: draft.edges }, Boolean(selected));

  const canvas = useMemo(() => {
    const c = toCanvas(draft.steps, draft.edges, refused?.steps);
    return {
      nodes: c.nodes.map((n) => ({
        ...n,
        selected: n.id === selectedId,
        ariaLabel: `${KIND_INFO[n.data.step.kind].label} step ${n.data.step.name}`,
      })),
      edges: c.edges,
    };
  }, [draft.steps, draft.edges, refused, selectedId]);

  const setSteps = (f: (s: TFlowStep[]) => TFlowStep[]) => setDraft((d) => ({ ...d, steps: f(d.steps) }));

  function add(kind: TFlowStepKind, position?: { x: number; y: number }) {
    setDraft((d) => {
      const sid = newStepId(d.steps, kind);
      const step = {
        id: sid,
        kind,
        name: `${KIND_INFO[kind].label}${sid === kind ? '' : ` ${sid.slice(kind.length)}`}`,
        config: defaultConfig(kind),
        position: position ?? { x: 0, y: 0 },
      } as TFlowStep;
      // a clicked step follows the selected one (or the last one) when it takes an input
      const after = d.steps.find((s) => s.id === selectedId) ?? d.steps[d.steps.length - 1];
      const edges =
        !position &&
        after &&
        inputPorts(kind).length &&
        canConnect([...d.steps, step], d.edges, { source: after.id, target: sid })
          ? [
              ...d.edges,
              { from: after.id, from_port: 'out' as const, to: sid, to_port: inputPorts(kind)[0]! },
            ]
          : d.edges;
      const steps = [...d.steps, step];
      setSelectedId(sid);
      return { ...d, steps: position ? steps : layout(steps, edges), edges };
    });
    if (!position) setFitKey((k) => k + 1);
  }

  function onNodesChange(changes: NodeChange<TStepNode>[]) {
    for (const c of changes) {
      if (c.type === 'select' && c.selected) setSelectedId(c.id);
      if (c.type === 'remove') remove(c.id);
    }
    const moves = changes.filter((c) => c.type === 'position');
    if (moves.length)
      setSteps((steps) => {
        const moved = applyNodeChanges(moves, toCanvas(steps, []).nodes);
        return steps.map((s, i) => ({ ...s, position: moved[i]?.position ?? s.position }));
      });
  }
  function onEdgesChange(changes: EdgeChange[]) {
    const gone = new Set(changes.filter((c) => c.type === 'remove').map((c) => c.id));
    if (gone.size) setDraft((d) => ({ ...d, edges: d.edges.filter((e) => !gone.has(edgeId(e))) }));
  }
  function onConnect(c: Connection) {
    setDraft((d) => {
      if (!canConnect(d.steps, d.edges, c)) return d;
      const to = d.steps.find((s) => s.id === c.target)!;
      const edge: TFlowEdge = {
        from: c.source,
        from_port: (c.sourceHandle ?? 'out') as TFlowEdge['from_port'],
        to: c.target,
        to_port: (c.targetHandle ?? inputPorts(to.kind)[0]) as TFlowEdge['to_port'],
      };
      return { ...d, edges: [...d.edges, edge] };
    });
  }
  function remove(sid: string) {
    setDraft((d) => ({
      ...d,
      steps: d.steps.filter((s) => s.id !== sid),
      edges: d.edges.filter((e) => e.from !== sid && e.to !== sid),
    }));
    if (selectedId === sid) setSelectedId(null);
  }

  async function onSave() {
    setRefused(null);
    const body = {
      ...draft,
      schedule: flow.schedule,
      timezone: flow.timezone,
      active: flow.active,
      retention_days: flow.retention_days,
    };
    try {
      await save.mutateAsync(body);
      notifications.show({ color: 'green', message: `Saved as version ${flow.version + 1}` });
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && Array.isArray(e.detail)) {
        const r = issuesByStep(e.detail, draft);
        setRefused(r);
        const first = [...r.steps.keys()][0];
        if (first) setSelectedId(first);
      } else setRefused({ steps: new Map(), general: [(e as Error).message] });
    }
  }

  async function run(preview: boolean) {
    try {
      const r = await start.mutateAsync({ preview });
      navigate(`/flows/${flow.id}/run/${r.id}`);
    } catch (e) {
      notifications.show({ color: 'red', title: 'The run did not start', message: (e as Error).message });
    }
  }

  // the columns reaching the selected step, per input port (when the check accepts the draft)
  const columns: Record<string, string[]> = {};
  for (const e of check.data?.edges ?? [])
    if (e.to === selectedId) columns[e.to_port] = e.columns.map((c) => c.name);

  return (
    <Stack gap="sm">
      <PageHeader
        crumbs={[{ label: 'Flows', to: '/flows' }, { label: flow.name }]}
        title={draft.name || 'Untitled flow'}
        badge={
          <Group gap={6}>
            <Badge variant="light" color="gray">
              v{flow.version}
            </Badge>
            {dirty && (
              <Badge variant="light" color="yellow">
                Unsaved changes
              </Badge>
            )}
          </Group>
        }
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconLayoutDistributeHorizontal size={16} />}
              onClick={() => {
                setSteps((s) => layout(s, draft.edges));
                setFitKey((k) => k + 1);
              }}
            >
              Tidy up
            </Button>
            <Button
              variant="default"
              leftSection={<IconEye size={16} />}
              disabled={dirty || !flow.steps.length}
              loading={start.isPending && start.variables?.preview}
              onClick={() => void run(true)}
              title={dirty ? 'Save first: a run runs the saved version' : undefined}
            >
              Run with preview
            </Button>
            <Button
              variant="light"
              leftSection={<IconPlayerPlay size={16} />}
              disabled={dirty || !flow.steps.length}
              loading={start.isPending && !start.variables?.preview}
              onClick={() => void run(false)}
              title={dirty ? 'Save first: a run runs the saved version' : undefined}
            >
              Run
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={!dirty}
              loading={save.isPending}
              onClick={() => void onSave()}
            >
              Save
            </Button>
          </Group>
        }
      />
      {refused && (
        <Alert color="red" title="Not saved" withCloseButton onClose={() => setRefused(null)} role="alert">
          {refused.steps.size > 0 && (
            <Text size="sm">
              {refused.steps.size === 1
                ? 'A step was refused: it is outlined in red, with the reason.'
                : `${refused.steps.size} steps were refused: they are outlined in red, with the reasons.`}
            </Text>
          )}
          {refused.general.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      <div className={classes.layout}>
        <aside className={classes.column} aria-label="Step palette">
          <StepPalette onAdd={(k) => add(k)} />
        </aside>
        <GraphCanvas
          testId="flow-canvas"
          nodes={canvas.nodes}
          edges={canvas.edges}
          nodeTypes={NODE_TYPES}
          edgeTypes={EDGE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          isValidConnection={(c) =>
            canConnect(draft.steps, draft.edges, c as Parameters<typeof canConnect>[2])
          }
          onPaneClick={() => setSelectedId(null)}
          dragType={STEP_DRAG_TYPE}
          onDropItem={(p, pos) => add((p as { kind: TFlowStepKind }).kind, pos)}
          fitKey={fitKey}
          minimap={draft.steps.length > 6}
          hint={
            draft.steps.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" maw={320} mt="xl">
                Start with a source from the palette, then add the steps its rows go through, down to a
                destination.
              </Text>
            )
          }
        />
        <aside className={classes.column} aria-label={selected ? 'Step settings' : 'Flow settings'}>
          {selected ? (
            <StepPanel
              key={selected.id}
              step={selected}
              issues={refused?.steps.get(selected.id) ?? []}
              columns={columns}
              onChange={(s) => setSteps((all) => all.map((x) => (x.id === s.id ? s : x)))}
              onDelete={() => remove(selected.id)}
            />
          ) : (
            <FlowSettings
              flow={flow}
              name={draft.name}
              description={draft.description}
              onName={(name) => setDraft((d) => ({ ...d, name }))}
              onDescription={(description) => setDraft((d) => ({ ...d, description }))}
              onOpenVersion={(v) => {
                setDraft((d) => ({ ...d, steps: v.steps, edges: v.edges }));
                setFitKey((k) => k + 1);
                notifications.show({
                  message: `Version ${v.version} is on the canvas: save to make it current.`,
                });
              }}
            />
          )}
        </aside>
      </div>
    </Stack>
  );
}

function layout(steps: TFlowStep[], edges: TFlowEdge[]): TFlowStep[] {
  return layeredLayout(
    steps,
    edges.map((e) => ({ source: e.from, target: e.to })),
    'TB',
  );
}
