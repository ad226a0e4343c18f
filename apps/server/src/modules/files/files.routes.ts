import {
  ZFile,
  ZFileListQuery,
  ZFilePage,
  ZFileVersion,
  ZSetCurrentVersionRequest,
  ZUpdateFileRequest,
  ZUpdateVersionRequest,
} from '@mapwright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FieldError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/auth.ts';
import * as filesService from './files.service.ts';

const ZId = z.object({ id: z.uuid() });
const ZVersionParams = z.object({ id: z.uuid(), versionId: z.uuid() });
const ZUploadQuery = z.object({
  project_id: z.uuid().optional(),
  name: z.string().trim().max(255).optional(),
});

/** The single file part of a multipart request, as a stream (never buffered). */
async function uploadOf(req: FastifyRequest): Promise<filesService.Upload> {
  if (!req.isMultipart())
    throw new FieldError(['body', 'file'], 'send the file as multipart/form-data in a part named "file"');
  const part = await req.file();
  if (!part) throw new FieldError(['body', 'file'], 'Field required', 'missing');
  return { filename: part.filename, mimetype: part.mimetype, stream: part.file };
}

/** RFC 6266 attachment header that survives any filename. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export async function filesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/files',
    {
      schema: {
        tags,
        summary: 'Files, paginated (size 10 by default)',
        querystring: ZFileListQuery,
        response: { 200: ZFilePage },
      },
    },
    (req) => filesService.listFiles(app.ctx, principalOf(req), req.query),
  );
  r.post(
    '/files',
    {
      schema: {
        tags,
        summary: 'Upload a new file (multipart, part "file"); streamed to storage',
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 201: ZFile },
      },
    },
    async (req, reply) => {
      const upload = await uploadOf(req);
      const file = await filesService.createFile(app.ctx, principalOf(req), {
        upload,
        projectId: req.query.project_id,
        name: req.query.name,
      });
      return reply.code(201).send(file);
    },
  );
  r.get(
    '/files/:id',
    { schema: { tags, summary: 'A file with its current version', params: ZId, response: { 200: ZFile } } },
    (req) => filesService.getFile(app.ctx, principalOf(req), req.params.id),
  );
  r.patch(
    '/files/:id',
    {
      schema: {
        tags,
        summary: 'Rename a file',
        params: ZId,
        body: ZUpdateFileRequest,
        response: { 200: ZFile },
      },
    },
    (req) => filesService.renameFile(app.ctx, principalOf(req), req.params.id, req.body.name),
  );
  r.delete(
    '/files/:id',
    { schema: { tags, summary: 'Delete a file and all its versions', params: ZId } },
    async (req, reply) => {
      await filesService.deleteFile(app.ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/files/:id/versions',
    {
      schema: {
        tags,
        summary: 'Versions, newest first',
        params: ZId,
        response: { 200: z.object({ items: z.array(ZFileVersion) }) },
      },
    },
    (req) => filesService.listVersions(app.ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/files/:id/versions',
    {
      schema: {
        tags,
        summary: 'Upload a new version (becomes current)',
        consumes: ['multipart/form-data'],
        params: ZId,
        response: { 201: ZFileVersion },
      },
    },
    async (req, reply) => {
      const upload = await uploadOf(req);
      return reply
        .code(201)
        .send(await filesService.addVersion(app.ctx, principalOf(req), req.params.id, upload));
    },
  );
  r.put(
    '/files/:id/current-version',
    {
      schema: {
        tags,
        summary: 'Pick the current version',
        params: ZId,
        body: ZSetCurrentVersionRequest,
        response: { 200: ZFile },
      },
    },
    (req) => filesService.setCurrentVersion(app.ctx, principalOf(req), req.params.id, req.body.version_id),
  );
  r.patch(
    '/files/:id/versions/:versionId',
    {
      schema: {
        tags,
        summary: "Edit a version's label and notes",
        params: ZVersionParams,
        body: ZUpdateVersionRequest,
        response: { 200: ZFileVersion },
      },
    },
    (req) =>
      filesService.updateVersion(app.ctx, principalOf(req), req.params.id, req.params.versionId, req.body),
  );
  for (const url of ['/files/:id/download', '/files/:id/versions/:versionId/download']) {
    r.get(
      url,
      {
        schema: {
          tags,
          summary: 'Download a version (the current one without versionId)',
          params: ZVersionParams.partial({ versionId: true }),
        },
      },
      async (req, reply) => {
        const { version, stream } = await filesService.openVersion(
          app.ctx,
          principalOf(req),
          req.params.id,
          req.params.versionId,
        );
        return reply
          .header('content-type', version.contentType)
          .header('content-length', String(version.size))
          .header('content-disposition', disposition(version.filename))
          .send(stream);
      },
    );
  }
}
