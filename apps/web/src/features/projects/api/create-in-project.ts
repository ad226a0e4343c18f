import type { TFile, TImport, TPage, TTargetSchema } from '@mapwright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { projectKey, projectsKey } from './keys.ts';

/**
 * What a project's tabs create in place. Each object is sent with the project (or, for an
 * import, made from one of the project's files, whose project it takes on the server), so it
 * lands in this project rather than loose in the organization.
 */

/** The project's files to import from (the newest 100). */
export const getProjectFileChoices = async (projectId: string) =>
  required(await http.get<TPage<TFile>>('/files', { query: { project_id: projectId, page: 1, size: 100 } }));
export const useProjectFileChoices = (projectId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...projectKey(projectId), 'file-choices'],
    queryFn: () => getProjectFileChoices(projectId),
    enabled,
    staleTime: 0,
  });

/** The project's finished imports, to infer a schema from (the newest 100). */
export const getProjectDatasetChoices = async (projectId: string) =>
  required(
    await http.get<TPage<TImport>>('/imports', { query: { project_id: projectId, page: 1, size: 100 } }),
  ).items.filter((i) => i.status === 'succeeded');
export const useProjectDatasetChoices = (projectId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...projectKey(projectId), 'dataset-choices'],
    queryFn: () => getProjectDatasetChoices(projectId),
    enabled,
    staleTime: 0,
  });

// other areas cache these lists; named rather than imported because features do not import each other
const IMPORTS_KEY = ['imports'] as const;
const SCHEMAS_KEY = ['target-schemas'] as const;

export interface TProjectImportInput {
  file_id: string;
  /** the version whose sheets were offered, so a newer upload cannot change what is read */
  file_version_id?: string;
  name?: string;
  /** a workbook's sheet, by name */
  sheet?: string;
}
export const createProjectImport = async ({ sheet, ...input }: TProjectImportInput) =>
  required(
    await http.post<TImport>('/imports', sheet === undefined ? input : { ...input, options: { sheet } }),
  );
export const useCreateProjectImport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProjectImport,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: IMPORTS_KEY });
      await qc.invalidateQueries({ queryKey: projectsKey });
    },
  });
};

export type TProjectSchemaInput =
  | { project_id: string; name: string; from: 'blank' }
  | { project_id: string; name: string; from: 'import'; import_id: string };

/** A blank schema, or one inferred from an import's rows and saved; either way in the project. */
export const createProjectSchema = async (
  input: TProjectSchemaInput,
): Promise<{ id: string; name: string }> => {
  if (input.from === 'blank')
    return required(
      await http.post<TTargetSchema>('/target_schemas', {
        name: input.name,
        project_id: input.project_id,
        schema: { type: 'object', properties: {} },
      }),
    );
  const saved = required(
    await http.post<{ id: string | null; name: string }>('/target_schemas/infer', {
      name: input.name,
      import_id: input.import_id,
      project_id: input.project_id,
      save: true,
    }),
  );
  return { id: saved.id ?? '', name: saved.name };
};
export const useCreateProjectSchema = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProjectSchema,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: SCHEMAS_KEY });
      await qc.invalidateQueries({ queryKey: projectsKey });
    },
  });
};
