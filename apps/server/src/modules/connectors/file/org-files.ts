import type { AppContext, Principal } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { getFile, listFiles, openVersion } from '../../files/files.service.ts';
import type { OrgFiles } from '../contract.ts';

/*
 * The organization's uploaded files (their current versions) as the file source sees them
 * (ConnectorContext.files), bound to one organization by context.ts; another organization's
 * file id is not found.
 */

const LIST_LIMIT = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function orgFiles(ctx: AppContext, orgId: string): OrgFiles {
  const principal = { orgId } as Principal;
  return {
    async list() {
      const page = await listFiles(ctx, principal, { page: 1, size: LIST_LIMIT });
      return page.items
        .filter((f) => f.current_version)
        .map((f) => ({ id: f.id, name: f.name, filename: f.current_version!.filename }));
    },
    async open(id) {
      if (!UUID.test(id)) return undefined;
      const file = await getFile(ctx, principal, id).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) return undefined;
        throw err;
      });
      const version = file?.current_version;
      if (!file || !version) return undefined;
      return {
        id: file.id,
        name: file.name,
        filename: version.filename,
        contentType: version.content_type,
        // this version's bytes, even if another version becomes current meanwhile
        open: async () => (await openVersion(ctx, principal, file.id, version.id)).stream,
      };
    },
  };
}
