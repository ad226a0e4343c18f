import type { TPage } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';

/** Imports, schemas and pipelines are listed on the project page 10 at a time. */
export const CONTENTS_PAGE_SIZE = 10;

/** One page of a list endpoint filtered to a project (imports, target schemas and pipelines all take project_id). */
export const getProjectPage = async <T>(path: string, projectId: string, page: number) =>
  required(
    await http.get<TPage<T>>(path, { query: { project_id: projectId, page, size: CONTENTS_PAGE_SIZE } }),
  );
