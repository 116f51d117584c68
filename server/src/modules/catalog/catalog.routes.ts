import { apiError, idParam, infos, item, itemWithVersions, kindPath, version } from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { kindOf } from '../kinds.js';
import * as service from './catalog.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const kindParams = z.object({ kind: kindPath });
const kindIdParams = z.object({ kind: kindPath, id: idParam });

/** Read access to items and versions for every signed-in role. */
export function catalogRoutes(app: ZodApp, { db }: AppContext) {
  const signedIn = requireRole('extern');

  app.get('/api/infos', {
    schema: {
      tags: ['matrix data'],
      summary: 'Time of the last change to the data',
      response: { 200: infos, ...errors },
    },
    onRequest: signedIn,
    handler: () => service.getInfos(db),
  });

  app.get('/api/:kind/versions', {
    schema: {
      tags: ['matrix data'],
      summary: 'All items of a kind with their versions',
      params: kindParams,
      response: { 200: z.array(itemWithVersions), ...errors },
    },
    onRequest: signedIn,
    handler: (req) => service.listItemsWithVersions(db, kindOf(req.params.kind), req.user.role),
  });

  app.get('/api/:kind', {
    schema: {
      tags: ['base data'],
      summary: 'All items of a kind',
      params: kindParams,
      response: { 200: z.array(item), ...errors },
    },
    onRequest: signedIn,
    handler: (req) => service.listItems(db, kindOf(req.params.kind)),
  });

  app.get('/api/:kind/:id', {
    schema: {
      tags: ['base data'],
      summary: 'One item with its versions',
      params: kindIdParams,
      response: { 200: itemWithVersions, ...errors },
    },
    onRequest: signedIn,
    handler: (req) => service.getItemWithVersions(db, kindOf(req.params.kind), req.params.id, req.user.role),
  });

  app.get('/api/:kind/:id/versions', {
    schema: {
      tags: ['base data'],
      summary: "An item's versions",
      params: kindIdParams,
      response: { 200: z.array(version), ...errors },
    },
    onRequest: signedIn,
    handler: (req) => service.listVersionsOfItem(db, kindOf(req.params.kind), req.params.id, req.user.role),
  });

  app.get('/api/:kind/versions/:id', {
    schema: {
      tags: ['base data'],
      summary: 'One version',
      params: kindIdParams,
      response: { 200: version, ...errors },
    },
    onRequest: signedIn,
    handler: (req) => service.getVersion(db, kindOf(req.params.kind), req.params.id, req.user.role),
  });
}
