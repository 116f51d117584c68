import {
  apiError,
  compatibilityInfo,
  compatibilityInfoInput,
  copyVersionInput,
  deleteVersionQuery,
  idParam,
  item,
  itemInput,
  kindPath,
  reference,
  referenceInput,
  referenceName,
  referencePage,
  referencePageQuery,
  version,
  versionInput,
  versionUsage,
} from '@dp/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { ifMatch } from '../../http/if-match.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { kindOf } from '../../db/kinds.js';
import * as service from './base-data.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 412: apiError };
const kindIdParams = z.object({ kind: kindPath, id: idParam });
const idParams = z.object({ id: idParam });
const noContent = { 204: z.null().describe('Deleted') };

const actor = (req: FastifyRequest) => ({ username: req.user.username });

/** Base data writes (SPEC 7 'Base data'), admins only; reads of references for intern and admin. */
export function baseDataRoutes(app: ZodApp, { db }: AppContext) {
  const admin = requireRole('admin');
  const intern = requireRole('intern');

  // items
  app.post('/api/:kind', {
    schema: {
      tags: ['base data'],
      summary: 'Create an item',
      params: z.object({ kind: kindPath }),
      body: itemInput,
      response: { 201: item, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) =>
      reply.code(201).send(await service.createItem(db, actor(req), kindOf(req.params.kind), req.body)),
  });
  app.put('/api/:kind/:id', {
    schema: {
      tags: ['base data'],
      summary: 'Change an item (If-Match guards against lost updates)',
      params: kindIdParams,
      body: itemInput,
      response: { 200: item, ...errors },
    },
    onRequest: admin,
    handler: (req) =>
      service.updateItem(db, actor(req), kindOf(req.params.kind), req.params.id, req.body, ifMatch(req)),
  });
  app.delete('/api/:kind/:id', {
    schema: {
      tags: ['base data'],
      summary: 'Delete an item without versions',
      params: kindIdParams,
      response: { ...noContent, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      await service.deleteItem(db, actor(req), kindOf(req.params.kind), req.params.id, ifMatch(req));
      return reply.code(204).send(null);
    },
  });

  // versions
  app.post('/api/:kind/:id/versions', {
    schema: {
      tags: ['base data'],
      summary: 'Add a version to an item',
      params: kindIdParams,
      body: versionInput,
      response: { 201: version, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await service.createVersion(db, actor(req), kindOf(req.params.kind), req.params.id, req.body)),
  });
  app.put('/api/:kind/versions/:id', {
    schema: {
      tags: ['base data'],
      summary: 'Change a version',
      params: kindIdParams,
      body: versionInput,
      response: { 200: version, ...errors },
    },
    onRequest: admin,
    handler: (req) =>
      service.updateVersion(db, actor(req), kindOf(req.params.kind), req.params.id, req.body, ifMatch(req)),
  });
  app.delete('/api/:kind/versions/:id', {
    schema: {
      tags: ['base data'],
      summary: 'Delete a version; with compatibilities only when with_compatibilities=true (409 names their count)',
      params: kindIdParams,
      querystring: deleteVersionQuery,
      response: { ...noContent, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      const { kind, id } = req.params;
      await service.deleteVersion(db, actor(req), kindOf(kind), id, ifMatch(req), req.query.with_compatibilities);
      return reply.code(204).send(null);
    },
  });
  app.get('/api/:kind/versions/:id/usage', {
    schema: {
      tags: ['base data'],
      summary: 'How many compatibilities and version relations a copy takes along or a delete removes',
      params: kindIdParams,
      response: { 200: versionUsage, ...errors },
    },
    onRequest: admin,
    handler: (req) => service.versionUsage(db, kindOf(req.params.kind), req.params.id),
  });
  app.post('/api/:kind/versions/:id/copy', {
    schema: {
      tags: ['base data'],
      summary: 'Copy a version, by default with its compatibilities, references and version relations',
      params: kindIdParams,
      body: copyVersionInput,
      response: { 201: version.extend({ copied_compatibilities: z.number() }), ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) =>
      reply.code(201).send(await service.copyVersion(db, actor(req), kindOf(req.params.kind), req.params.id, req.body)),
  });

  // references
  app.get('/api/references', {
    schema: { tags: ['base data'], summary: 'All references', response: { 200: z.array(reference), ...errors } },
    onRequest: intern,
    handler: () => service.listReferences(db),
  });
  app.get('/api/references/names', {
    schema: {
      tags: ['base data'],
      summary: "Every reference's name",
      description:
        'The references of GET /api/references with their href and name only, in the same order (about a ' +
        'fifth of the bytes of the full list). A screen that offers references asks GET /api/references/page ' +
        'for the ones matching what the user types instead.',
      response: { 200: z.array(referenceName), ...errors },
    },
    onRequest: intern,
    handler: () => service.listReferenceNames(db),
  });
  app.get('/api/references/page', {
    schema: {
      tags: ['base data'],
      summary: 'One page of the references, sorted and filtered',
      description:
        'The references of GET /api/references, `limit` at a time (default 100, at most 200), ordered by `sort` ' +
        '(reference, description, creation_time, modification_time or updated_by; a leading `-` for descending; ' +
        'default reference), then by id. `reference`, `description` and `updated_by` keep the references whose ' +
        "column contains them, ignoring case, accents and repeated spaces. Pass a page's `next` as `after` to " +
        'get the following page; `next` is null on the last page.',
      querystring: referencePageQuery,
      response: { 200: referencePage, ...errors },
    },
    onRequest: intern,
    handler: (req) => service.listReferencePage(db, req.query),
  });
  app.post('/api/references', {
    schema: {
      tags: ['base data'],
      summary: 'Create a reference',
      body: referenceInput,
      response: { 201: reference, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => reply.code(201).send(await service.createReference(db, actor(req), req.body)),
  });
  app.put('/api/references/:id', {
    schema: {
      tags: ['base data'],
      summary: 'Change a reference',
      params: idParams,
      body: referenceInput,
      response: { 200: reference, ...errors },
    },
    onRequest: admin,
    handler: (req) => service.updateReference(db, actor(req), req.params.id, req.body, ifMatch(req)),
  });
  app.delete('/api/references/:id', {
    schema: {
      tags: ['base data'],
      summary: 'Delete an unused reference',
      params: idParams,
      response: { ...noContent, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      await service.deleteReference(db, actor(req), req.params.id, ifMatch(req));
      return reply.code(204).send(null);
    },
  });

  // obligation texts
  app.post('/api/compatibility_infos', {
    schema: {
      tags: ['base data'],
      summary: 'Create an obligation text',
      body: compatibilityInfoInput,
      response: { 201: compatibilityInfo, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => reply.code(201).send(await service.createInfo(db, actor(req), req.body)),
  });
  app.put('/api/compatibility_infos/:id', {
    schema: {
      tags: ['base data'],
      summary: 'Change an obligation text',
      params: idParams,
      body: compatibilityInfoInput,
      response: { 200: compatibilityInfo, ...errors },
    },
    onRequest: admin,
    handler: (req) => service.updateInfo(db, actor(req), req.params.id, req.body, ifMatch(req)),
  });
  app.delete('/api/compatibility_infos/:id', {
    schema: {
      tags: ['base data'],
      summary: 'Delete an unused obligation text',
      params: idParams,
      response: { ...noContent, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      await service.deleteInfo(db, actor(req), req.params.id, ifMatch(req));
      return reply.code(204).send(null);
    },
  });
}
