import type { TMapperEdit } from '@mapwright/contracts';
import { useNavigate } from 'react-router';
import { useApproveFields } from '../api/approve.ts';
import { useDeployWorkshop } from '../api/deploy.ts';
import { useMapperRun } from '../api/mapper-run.ts';
import { useOpenWorkshop } from '../api/open-workshop.ts';
import { usePromptRun } from '../api/prompt-run.ts';
import { useRejectFields } from '../api/reject.ts';
import { useSampleInfer } from '../api/sample-infer.ts';
import { useSampleRun } from '../api/sample-run.ts';
import { useTargetSchemaRun } from '../api/target-schema-run.ts';
import { formatCount, plural } from '../lib/format.ts';
import { notify } from '../lib/notify.ts';
import {
  dropSample,
  editWorkshopStore,
  sampleRunBody,
  setPromptField,
  setTargetSchema,
  targetSchemaRunBody,
} from '../stores/edit-workshop-store.ts';
import { markEditFailed, markEditQueued, markEditStarted, setPanel } from '../stores/workshop-store.ts';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');
const queuedNote = (immediate: boolean) =>
  immediate
    ? 'The draft is saved; the records are being mapped again.'
    : 'The draft is saved and the records mapped again.';

/** Every edit of the workshop: each one saves the draft on the server and follows the run it starts. */
export function useWorkshopActions(workshopId: string, pipelineId: string | undefined) {
  const navigate = useNavigate();
  const approve = useApproveFields();
  const mapperRun = useMapperRun();
  const rejectRun = useRejectFields();
  const sampleInfer = useSampleInfer();
  const sampleRun = useSampleRun();
  const promptRun = usePromptRun();
  const schemaRun = useTargetSchemaRun();
  const deploy = useDeployWorkshop();
  const open = useOpenWorkshop();
  const immediate = () => editWorkshopStore.get().immediate_return;

  return {
    busy: {
      approve: approve.isPending,
      manual: mapperRun.isPending,
      reject: rejectRun.isPending,
      infer: sampleInfer.isPending,
      sample: sampleRun.isPending,
      prompt: promptRun.isPending,
      schema: schemaRun.isPending,
      deploy: deploy.isPending,
      open: open.isPending,
    },
    inference: sampleInfer.data,
    inferError: sampleInfer.error ? messageOf(sampleInfer.error) : null,

    approve(fields: string[], approved: boolean) {
      approve.mutate(
        { workshopId, fields, approved },
        {
          onSuccess: (res) => {
            if (fields.length > 1)
              notify({
                color: 'green',
                message: `${plural(res.fields.length, 'field')} ${approved ? 'approved' : 'no longer approved'}.`,
              });
          },
          onError: (err) => notify({ color: 'red', title: 'Approval not saved', message: messageOf(err) }),
        },
      );
    },

    manual(edit: TMapperEdit) {
      markEditStarted();
      mapperRun.mutate(
        { workshopId, body: { mapper: [edit], immediate_return: immediate() } },
        {
          onSuccess: (r) => {
            markEditQueued('manual', r.id);
            notify({
              color: 'green',
              title: `Mapping of ${edit.targetField} changed`,
              message: queuedNote(immediate()),
            });
          },
          onError: (err) => markEditFailed(messageOf(err)),
        },
      );
    },

    /** Reject a suggestion: the field gets no source, then the records are mapped again. */
    reject(target: string) {
      markEditStarted();
      rejectRun.mutate(
        { workshopId, body: { fields: [target], immediate_return: immediate() } },
        {
          onSuccess: (r) => {
            markEditQueued('manual', r.id);
            notify({
              color: 'green',
              title: `Suggestion for ${target} rejected`,
              message: `${target} is no longer mapped. ${queuedNote(immediate())}`,
            });
          },
          onError: (err) => markEditFailed(messageOf(err)),
        },
      );
    },

    previewSample(index: number) {
      const body = sampleRunBody(editWorkshopStore.get(), index);
      if (!body) return;
      setPanel('sample');
      sampleInfer.mutate({ workshopId, sample: body.sample });
    },

    applySample(index: number) {
      const body = sampleRunBody(editWorkshopStore.get(), index);
      if (!body) return;
      markEditStarted();
      sampleRun.mutate(
        { workshopId, body },
        {
          onSuccess: (r) => {
            dropSample(index);
            markEditQueued('sample', r.id);
            const n = r.inferred.changes.length;
            notify({
              color: 'green',
              title: `${plural(n, 'mapping')} changed from your correction`,
              message: queuedNote(immediate()),
            });
          },
          onError: (err) => {
            markEditFailed(messageOf(err));
            setPanel(null);
          },
        },
      );
    },

    prompt(body: Parameters<typeof promptRun.mutate>[0]['body']) {
      markEditStarted();
      promptRun.mutate(
        { workshopId, body },
        {
          onSuccess: (r) => {
            markEditQueued('prompt', r.id);
            for (const t of Object.keys(body.target_fields_to_prompt)) setPromptField(t, false);
            for (const rep of r.prompt)
              notify({
                color: rep.understood ? 'green' : 'yellow',
                title: rep.understood ? `${rep.target}: done` : `${rep.target}: not understood`,
                message: rep.message,
              });
          },
          onError: (err) => markEditFailed(messageOf(err)),
        },
      );
    },

    targetSchema(schema: Record<string, unknown>) {
      setTargetSchema(schema);
      const body = targetSchemaRunBody(editWorkshopStore.get());
      if (!body) return;
      markEditStarted();
      schemaRun.mutate(
        { workshopId, body },
        {
          onSuccess: (r) => {
            setTargetSchema(null);
            markEditQueued('targetSchema', r.id);
            notify({ color: 'green', title: 'Target schema changed', message: queuedNote(immediate()) });
          },
          onError: (err) => markEditFailed(messageOf(err)),
        },
      );
    },

    deploy(onDone: () => void) {
      if (!pipelineId) return;
      deploy.mutate(
        { workshopId, pipelineId },
        {
          onSuccess: (res) => {
            onDone();
            notify({
              color: 'green',
              title: `Deployed as version ${formatCount(res.version)}`,
              message: 'New jobs of this pipeline use this mapping.',
            });
          },
          onError: (err) => notify({ color: 'red', title: 'Not deployed', message: messageOf(err) }),
        },
      );
    },

    newSession() {
      if (!pipelineId) return;
      open.mutate(
        { pipelineId, fresh: true },
        {
          onSuccess: (w) => navigate(`/workshop?id=${w.id}`),
          onError: (err) => notify({ color: 'red', title: 'No new session', message: messageOf(err) }),
        },
      );
    },
  };
}
