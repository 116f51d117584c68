import {
  apiError,
  asOfQuery,
  idParam,
  infos,
  item,
  itemPage,
  itemPageQuery,
  itemWithVersions,
  kindPath,
  version,
  versionPage,
  versionByLabelQuery,
  versionPageQuery,
} from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { FastifyRequest } from 'fastify';
import { readAsOf } from '../../db/as-of.js';
import { readerFor } from '../../http/read-routing.js';
import { sendJsonArray } from '../../http/json-stream.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { kindOf } from '../../db/kinds.js';
import * as service from './catalog.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const kindParams = z.object({ kind: kindPath });
const kindIdParams = z.object({ kind: kindPath, id: idParam });

/** Read access to items and versions for every signed-in role. */
export function catalogRoutes(app: ZodApp, { reads }: AppContext) {
  const signedIn = requireRole('extern');
  // Evaluation reads: from the read replica when there is one and it has this user's last write.
  const db = (req: FastifyRequest) => readerFor(reads, req);

  app.get('/api/infos', {
    schema: {
      tags: ['matrix data'],
      summary: 'Time of the last change to the data',
      response: { 200: infos, ...errors },
    },
    onRequest: signedIn,
    handler: async (req) => service.getInfos(await db(req)),
  });

  app.get('/api/:kind/versions', {
    schema: {
      tags: ['matrix data'],
      summary: 'All items of a kind with their versions',
      params: kindParams,
      response: { 200: z.array(itemWithVersions), ...errors },
    },
    onRequest: signedIn,
    handler: async (req, reply) =>
      sendJsonArray(reply, service.streamItemsWithVersions(await db(req), kindOf(req.params.kind), req.user.role)),
  });

  app.get('/api/:kind/versions/page', {
    schema: {
      tags: ['matrix data'],
      summary: "One page of a kind's versions, optionally filtered",
      description:
        'The versions of GET /api/{kind}/versions, flat and in the same order (items by name, then their ' +
        'versions in natural order), `limit` at a time (default 100, at most 200). `q` keeps the versions ' +
        'whose label (item name, name, name2) contains it, ignoring case, accents and repeated spaces. ' +
        "Pass a page's `next` as `after` to get the following page; `next` is null on the last page. " +
        'Pages are read from an index (keyset), so a version added meanwhile appears in a later page if it ' +
        'sorts after the cursor.',
      params: kindParams,
      querystring: versionPageQuery,
      response: { 200: versionPage, ...errors },
    },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.query.at, (reader) =>
        service.listVersionPage(reader, kindOf(req.params.kind), req.user.role, req.query),
      ),
  });

  app.get('/api/:kind/versions/by-label', {
    schema: {
      tags: ['matrix data'],
      summary: 'The version a label names',
      description:
        'Where a compatibility browser link `?data=<label>` leads: the first version (in the order of ' +
        'GET /api/{kind}/versions) whose label (item name, name, name2) equals `label`, ignoring case, accents ' +
        'and repeated spaces; else the first whose label contains it; 404 when none does.',
      params: kindParams,
      querystring: versionByLabelQuery,
      response: { 200: version, ...errors },
    },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.query.at, (reader) =>
        service.findVersionByLabel(reader, kindOf(req.params.kind), req.user.role, req.query),
      ),
  });

  app.get('/api/:kind/page', {
    schema: {
      tags: ['base data'],
      summary: "One page of a kind's items, sorted and filtered",
      description:
        'The items of GET /api/{kind}, `limit` at a time (default 100, at most 200), ordered by `sort` ' +
        '(name, creation_time, modification_time or updated_by; a leading `-` for descending; default name), ' +
        'then by id. `name` and `updated_by` keep the items whose name or last editor contains them, ignoring ' +
        "case, accents and repeated spaces. Pass a page's `next` as `after` to get the following page; `next` " +
        'is null on the last page. Pages are read by key (keyset), so an item added meanwhile appears in a ' +
        'later page if it sorts after the cursor.',
      params: kindParams,
      querystring: itemPageQuery,
      response: { 200: itemPage, ...errors },
    },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.query.at, (reader) =>
        service.listItemPage(reader, kindOf(req.params.kind), req.query),
      ),
  });

  app.get('/api/:kind', {
    schema: {
      tags: ['base data'],
      summary: 'All items of a kind',
      params: kindParams,
      querystring: asOfQuery,
      response: { 200: z.array(item), ...errors },
    },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.query.at, (reader) => service.listItems(reader, kindOf(req.params.kind))),
  });

  app.get('/api/:kind/:id', {
    schema: {
      tags: ['base data'],
      summary: 'One item with its versions',
      params: kindIdParams,
      querystring: asOfQuery,
      response: { 200: itemWithVersions, ...errors },
    },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.query.at, (reader) =>
        service.getItemWithVersions(reader, kindOf(req.params.kind), req.params.id, req.user.role),
      ),
  });

  app.get('/api/:kind/:id/versions', {
    schema: {
      tags: ['base data'],
      summary: "An item's versions",
      params: kindIdParams,
      querystring: asOfQuery,
      response: { 200: z.array(version), ...errors },
    },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.query.at, (reader) =>
        service.listVersionsOfItem(reader, kindOf(req.params.kind), req.params.id, req.user.role),
      ),
  });

  app.get('/api/:kind/versions/:id', {
    schema: {
      tags: ['base data'],
      summary: 'One version',
      params: kindIdParams,
      querystring: asOfQuery,
      response: { 200: version, ...errors },
    },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.query.at, (reader) =>
        service.getVersion(reader, kindOf(req.params.kind), req.params.id, req.user.role),
      ),
  });
}
