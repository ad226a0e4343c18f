import {
  DEFAULT_ERROR_HANDLING,
  DEFAULT_SYNC_FREQUENCY,
  DEFAULT_TIMEZONE,
  SAMPLE_SOURCE_APP,
  type TMappingSpec,
  type TWorkflowEdge,
  type TWorkflowNode,
} from '@mapwright/contracts';

/** One GET of the sample finance API; `page.next` is always followed. */
export interface TSampleCall {
  id: string;
  label: string;
  path: string;
  operationId: string;
  params: Record<string, string | number | boolean | null>;
}

/**
 * The shape both seeded workflows share (the sample cards workflow and the financial demo's):
 * a first call, a second call made once per id the first returned (fan-out), and a final node
 * that maps what they gathered. One builder so the two cannot drift apart in the fields a
 * complete workflow needs.
 */
export function fanOutWorkflow(opts: {
  name: string;
  prompt: string;
  first: TSampleCall;
  second: TSampleCall;
  final: { name: string; schema: Record<string, unknown>; sample: unknown; mapping: TMappingSpec };
}) {
  const call = (c: TSampleCall, y: number, isFirstNode: boolean): TWorkflowNode => ({
    id: c.id,
    type: 'custom',
    position: { x: 0, y },
    data: {
      label: c.label,
      endpoint: { app: SAMPLE_SOURCE_APP, method: 'GET', path: c.path, operationId: c.operationId },
      params: c.params,
      errorHandling: { ...DEFAULT_ERROR_HANDLING },
      isFirstNode,
      pagination: { follow: 'page.next' },
    },
  });
  const nodes: TWorkflowNode[] = [
    call(opts.first, 0, true),
    call(opts.second, 160, false),
    {
      id: 'final',
      type: 'final',
      position: { x: 0, y: 320 },
      data: {
        name: opts.final.name,
        initialUrl: '',
        isSubmitted: false,
        errorHandling: { ...DEFAULT_ERROR_HANDLING },
        finalSchema: opts.final.schema,
        finalSampleData: opts.final.sample,
        mapping: opts.final.mapping,
      },
    },
  ];
  const edges: TWorkflowEdge[] = [
    {
      id: `${opts.first.id}-${opts.second.id}`,
      source: opts.first.id,
      target: opts.second.id,
      animated: true,
    },
    { id: `${opts.second.id}-final`, source: opts.second.id, target: 'final', animated: true },
  ];
  return {
    name: opts.name,
    nodes,
    edges,
    isActive: false,
    isComplete: true,
    syncFrequency: DEFAULT_SYNC_FREQUENCY,
    timezone: DEFAULT_TIMEZONE,
    groupId: null,
    sourceApp: SAMPLE_SOURCE_APP,
    prompt: opts.prompt,
    urlString: '',
    jsonSchema: opts.final.schema,
  };
}
