import type { TPipeline } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';

export interface TCreatePipelineInput {
  name: string;
  description: string;
  /** an existing schema's id, or a JSON Schema the server saves as "<name> schema" */
  target_schema: string | Record<string, unknown>;
  project_id?: string;
}
/** Used inside the create flow (hooks/use-create-pipeline.ts), which invalidates the list at its end. */
export const createPipeline = async (input: TCreatePipelineInput) =>
  required(await http.post<TPipeline>('/pipelines', input));
