import {
  ZCreateProjectRequest,
  ZProject,
  ZProjectListQuery,
  ZProjectPage,
  ZUpdateProjectRequest,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as projects from './projects.service.ts';

const ZId = z.object({ id: z.uuid() });

export async function projectsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Projects, newest first; `name` filters',
        querystring: ZProjectListQuery,
        response: { 200: ZProjectPage },
      },
    },
    (req) => projects.listProjects(app.ctx, principalOf(req), req.query),
  );
  r.post(
    '/projects',
    {
      schema: { tags, summary: 'Create a project', body: ZCreateProjectRequest, response: { 201: ZProject } },
    },
    async (req, reply) =>
      reply.code(201).send(await projects.createProject(app.ctx, principalOf(req), req.body)),
  );
  r.get(
    '/projects/:id',
    { schema: { tags, summary: 'A project with what it holds', params: ZId, response: { 200: ZProject } } },
    (req) => projects.getProject(app.ctx, principalOf(req), req.params.id),
  );
  r.patch(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Rename or describe a project',
        params: ZId,
        body: ZUpdateProjectRequest,
        response: { 200: ZProject },
      },
    },
    (req) => projects.updateProject(app.ctx, principalOf(req), req.params.id, req.body),
  );
  r.delete(
    '/projects/:id',
    { schema: { tags, summary: 'Delete a project and everything in it', params: ZId } },
    async (req, reply) => {
      await projects.deleteProject(app.ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
