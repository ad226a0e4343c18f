import type { TMapping, TResult } from '@mapwright/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDraft } from '../api/draft.ts';
import { useJob } from '../api/job.ts';
import { JOB_DATA_PAGE, jobDataQueryOptions } from '../api/job-data.ts';
import { workshopDetailKey } from '../api/keys.ts';
import { MAPPINGS_PAGE, mappingsQueryOptions, useFailingSample } from '../api/mappings.ts';
import { usePipeline } from '../api/pipeline.ts';
import { isRunning, useResult } from '../api/result.ts';
import { useRunJob } from '../api/run-job.ts';
import { useWorkshop } from '../api/workshop.ts';
import { failureCounts } from '../lib/field-rows.ts';
import { resetEditWorkshop } from '../stores/edit-workshop-store.ts';
import {
  allowedEdits,
  markResultSettled,
  openWorkshopState,
  setInitialResult,
  type TWorkshopState,
  useWorkshopInputs,
  workshopStore,
} from '../stores/workshop-store.ts';

const settledOk = (r: TResult) => r.status === 'finished' || r.status === 'needs review';

/** Opens the store on this workshop once, before the first render reads it. */
function useOpenOnce(id: string) {
  useState(() => {
    if (workshopStore.get().workshopId !== id) {
      openWorkshopState(id);
      resetEditWorkshop();
    }
    return true;
  });
}

/**
 * The whole spec §3 workshop slice for one workshop: the store's inputs joined with the server's
 * objects, the result being followed while it runs, and the record on screen.
 */
export function useWorkshopState(id: string, canWrite: boolean) {
  useOpenOnce(id);
  const qc = useQueryClient();
  const inputs = useWorkshopInputs();
  const workshopQ = useWorkshop(id);
  const draftQ = useDraft(id);
  const workshop = workshopQ.data ?? null;
  const pipelineQ = usePipeline(workshop?.pipeline_id);
  const jobQ = useJob(workshop?.job_id);
  const job = jobQ.data ?? null;
  const runJob = useRunJob();

  // the result to open with: the workshop's latest run, else the job's; a job never run is run once
  const autoRun = useRef(false);
  useEffect(() => {
    if (!workshop || !job || inputs.initialResultId) return;
    const known = workshop.latest_result_id ?? job.latest_result_id;
    if (known) setInitialResult(known);
    else if (canWrite && !autoRun.current) {
      autoRun.current = true;
      runJob.mutate(job.id, { onSuccess: (r) => setInitialResult(r.id) });
    }
  }, [workshop, job, inputs.initialResultId, canWrite, runJob]);

  const shownQ = useResult(inputs.shownResultId);
  const pendingId =
    inputs.editResultId && inputs.editResultId !== inputs.shownResultId ? inputs.editResultId : null;
  const pendingQ = useResult(pendingId);
  const initialQ = useResult(inputs.initialResultId);
  const editQ = useResult(inputs.editResultId);

  // a run that ends puts its values on screen, and the workshop's status changes with it
  useEffect(() => {
    const r = pendingQ.data;
    if (!r || isRunning(r.status)) return;
    markResultSettled(r.id, settledOk(r), r.error);
    void qc.invalidateQueries({ queryKey: workshopDetailKey(id), exact: true });
  }, [pendingQ.data, id, qc]);
  useEffect(() => {
    const r = shownQ.data;
    if (r && !isRunning(r.status) && r.id === inputs.editResultId && inputs.editStatus === 'running')
      markResultSettled(r.id, settledOk(r), r.error);
  }, [shownQ.data, inputs.editResultId, inputs.editStatus]);

  const shown = shownQ.data ?? null;
  const shownReady = Boolean(shown && !isRunning(shown.status));
  const running = Boolean(
    runJob.isPending ||
      (pendingQ.data && isRunning(pendingQ.data.status)) ||
      (shown && isRunning(shown.status)) ||
      inputs.editStatus === 'running',
  );
  const progress = [pendingQ.data, shown].find((r) => r && isRunning(r.status)) ?? null;

  // the record on screen: from the shown result's mappings, or the job's data before any run
  const total = job?.record_count ?? 0;
  const index = Math.min(inputs.selectedSourceIndex, Math.max(total - 1, 0));
  const page = Math.floor(index / MAPPINGS_PAGE) + 1;
  const mappingsQ = useQuery({
    ...mappingsQueryOptions(inputs.shownResultId ?? '', page),
    enabled: shownReady,
    placeholderData: keepPreviousData,
  });
  const dataPage = Math.floor(index / JOB_DATA_PAGE) + 1;
  const dataQ = useQuery({
    ...jobDataQueryOptions(job?.id ?? '', dataPage),
    enabled: Boolean(job) && !shownReady,
    placeholderData: keepPreviousData,
  });
  // holding j/k: the next page is already there at the boundary
  useEffect(() => {
    if (!shownReady || !inputs.shownResultId) return;
    const within = index % MAPPINGS_PAGE;
    const next = within > MAPPINGS_PAGE - 25 ? page + 1 : within < 25 && page > 1 ? page - 1 : null;
    if (next && (next - 1) * MAPPINGS_PAGE < total)
      void qc.prefetchQuery(mappingsQueryOptions(inputs.shownResultId, next));
  }, [index, page, shownReady, inputs.shownResultId, total, qc]);

  const mappingsPage: TMapping[] = mappingsQ.data?.items ?? [];
  const mapping = mappingsPage.find((m) => m.index === index) ?? null;
  // the previous page stays while the next loads (no flash), but its records are not this one
  const sourceFromData = dataQ.isPlaceholderData
    ? undefined
    : dataQ.data?.items[index - (dataPage - 1) * JOB_DATA_PAGE];
  const selectedSourceRecord = mapping ? mapping.source_record : shownReady ? undefined : sourceFromData;

  const failingQ = useFailingSample(shownReady ? inputs.shownResultId : null);
  const failures = useMemo(() => failureCounts(failingQ.data?.items ?? []), [failingQ.data]);

  const flags = allowedEdits({
    canWrite,
    running,
    hasDraft: Boolean(draftQ.data),
    hasMapped: Boolean(mapping),
  });
  const shownIsInitial = inputs.shownResultId !== null && inputs.shownResultId === inputs.initialResultId;
  const state: TWorkshopState = {
    workshop,
    pipeline: pipelineQ.data ?? null,
    job,
    initialResult: initialQ.data ?? null,
    initialMappings: shownIsInitial ? mappingsPage : [],
    selectedSourceRecord,
    selectedSourceIndex: index,
    editResult: editQ.data ?? null,
    editMappings: shownIsInitial ? [] : mappingsPage,
    editTargetSchema: inputs.editTargetSchema,
    editTransformation: inputs.editTransformation,
    editStatus: inputs.editStatus,
    undeployedEdits: workshop?.undeployed_edits ?? 0,
    spec: draftQ.data?.spec ?? null,
    specTargetTabIndex: inputs.specTargetTabIndex,
    targetTab: inputs.targetTab,
    ...flags,
    sampleEditTrigger: inputs.sampleEditTrigger,
    manualEditTrigger: inputs.manualEditTrigger,
    targetSchemaEditTrigger: inputs.targetSchemaEditTrigger,
  };
  return {
    state,
    inputs,
    total,
    draft: draftQ.data ?? null,
    shownResult: shown,
    shownReady,
    running,
    progress,
    mapping,
    recordLoading: shownReady
      ? mappingsQ.isPending || (mappingsQ.isPlaceholderData && !mapping)
      : dataQ.isPending,
    failures,
    failingTotal: failingQ.data?.total ?? shown?.failed ?? 0,
    failingCounted: failingQ.data?.items.length ?? 0,
    autoRunError: runJob.error,
    queries: { workshopQ, draftQ, pipelineQ, jobQ },
  };
}
export type TWorkshopData = ReturnType<typeof useWorkshopState>;
