import { syncRunTask } from '../modules/connectors/sync.task.ts';
import { flowRunTask, flowStepTask } from '../modules/flows/flows.task.ts';
import { importTask } from '../modules/imports/imports.task.ts';
import { joinTask } from '../modules/joins/join.task.ts';
import { partTask, runTask } from '../modules/pipelines/run.task.ts';
import { addRecordsTask } from '../modules/resolution/add-records.task.ts';
import { resolutionTask } from '../modules/resolution/resolution.task.ts';
import { sampleDataTask } from '../modules/sample-data/sample-data.task.ts';
import { blobSweepTask } from '../modules/storage/blob-sweep.task.ts';
import { workflowRunTask } from '../modules/workflows/run.task.ts';
import type { TaskDefinition } from './worker.ts';

/** Every kind of background task the worker runs. Features add their definitions here. */
export const taskDefinitions: TaskDefinition[] = [
  importTask,
  runTask,
  partTask,
  workflowRunTask,
  joinTask,
  sampleDataTask,
  syncRunTask,
  resolutionTask,
  flowRunTask,
  flowStepTask,
  addRecordsTask,
  blobSweepTask,
];
