import { apiError, datasetEntry, datasetEntryInput, idParam } from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { ifMatch } from '../../http/if-match.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import * as service from './dataset.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 412: apiError, 413: apiError };
const idParams = z.object({ id: idParam });

/** Data-state notes (SPEC 7 'Data state'): intern and admin read, admins write; rich text sanitised. */
export function datasetRoutes(app: ZodApp, { db }: AppContext) {
  const intern = requireRole('intern');
  const admin = requireRole('admin');

  app.get('/api/dataset', {
    schema: {
      tags: ['data state'],
      summary: 'All data-state entries, newest first',
      response: { 200: z.array(datasetEntry), ...errors },
    },
    onRequest: intern,
    handler: () => service.listEntries(db),
  });
  app.get('/api/dataset/:id', {
    schema: {
      tags: ['data state'],
      summary: 'One data-state entry',
      params: idParams,
      response: { 200: datasetEntry, ...errors },
    },
    onRequest: intern,
    handler: (req) => service.getEntry(db, req.params.id),
  });
  app.post('/api/dataset', {
    schema: {
      tags: ['data state'],
      summary: 'Add an entry (HTML is sanitised; the author is the signed-in user)',
      body: datasetEntryInput,
      response: { 201: datasetEntry, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => reply.code(201).send(await service.createEntry(db, req.user.username, req.body)),
  });
  app.put('/api/dataset/:id', {
    schema: {
      tags: ['data state'],
      summary: 'Change an entry (If-Match guards against lost updates)',
      params: idParams,
      body: datasetEntryInput,
      response: { 200: datasetEntry, ...errors },
    },
    onRequest: admin,
    handler: (req) => service.updateEntry(db, req.user.username, req.params.id, req.body, ifMatch(req)),
  });
  app.delete('/api/dataset/:id', {
    schema: {
      tags: ['data state'],
      summary: 'Delete an entry',
      params: idParams,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      await service.deleteEntry(db, req.user.username, req.params.id, ifMatch(req));
      return reply.code(204).send(null);
    },
  });
}
