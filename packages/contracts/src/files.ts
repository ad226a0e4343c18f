import { z } from 'zod';
import { atLeastOne, zPage } from './common.ts';

/** Spec §3 files state: the list is paginated with size 10 by default. */
export const FILES_PAGE_SIZE = 10;

export const ZProject = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * What the project holds. Deleting it deletes its files (with every version and their bytes),
   * imports, and the target schemas no pipeline maps into; its pipelines, and the schemas they map
   * into (`schemas_in_use`), are kept and leave the project.
   */
  counts: z.object({
    files: z.number().int(),
    versions: z.number().int(),
    bytes: z.number().int(),
    imports: z.number().int(),
    schemas: z.number().int(),
    schemas_in_use: z.number().int(),
    pipelines: z.number().int(),
  }),
});
export type TProject = z.infer<typeof ZProject>;
export type TProjectCounts = TProject['counts'];
export const ZProjectPage = zPage(ZProject);
export const ZCreateProjectRequest = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(200),
  description: z.string().max(5000).default(''),
});
export const ZUpdateProjectRequest = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  description: z.string().max(5000).optional(),
});
export const ZProjectListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
  name: z.string().max(200).optional(),
});

export const ZFileVersion = z.object({
  id: z.uuid(),
  file_id: z.uuid(),
  number: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  label: z.string(),
  notes: z.string(),
  created_at: z.string(),
  is_current: z.boolean(),
});
export type TFileVersion = z.infer<typeof ZFileVersion>;

export const ZFile = z.object({
  id: z.uuid(),
  name: z.string(),
  project_id: z.uuid().nullable(),
  current_version: ZFileVersion.nullable(),
  versions_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFile = z.infer<typeof ZFile>;
export const ZFilePage = zPage(ZFile);
export const ZFileListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(FILES_PAGE_SIZE),
  project_id: z.uuid().optional(),
  name: z.string().max(200).optional(),
});
export const ZUpdateVersionRequest = atLeastOne(
  z.object({
    label: z.string().max(200).optional(),
    notes: z.string().max(5000).optional(),
  }),
);
export const ZSetCurrentVersionRequest = z.object({ version_id: z.uuid() });
export const ZUpdateFileRequest = z.object({ name: z.string().trim().min(1).max(255) });
