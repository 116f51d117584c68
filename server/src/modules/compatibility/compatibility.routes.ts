import {
  asOfQuery,
  assemblyWarnings,
  isCompatiblePair,
  apiError,
  compatibilityInfo,
  compatibilityPairs,
  compatibilityRecord,
  idParam,
  kindPath,
  type KindPath,
  relationRecord,
} from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { badRequest, msg } from '../../http/errors.js';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.js';
import { readAsOf } from '../../db/as-of.js';
import { sendJsonArray } from '../../http/json-stream.js';
import { readerFor } from '../../http/read-routing.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { kindOf, type ItemKind } from '../../db/kinds.js';
import * as service from './compatibility.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** The five pairs of SPEC section 3, asked for from either side. */
function pairKinds(from: z.infer<typeof kindPath>, to: z.infer<typeof kindPath>): [ItemKind, ItemKind] {
  if (!isCompatiblePair(from, to)) throw badRequest(msg('compatibility.noPair', { from, to }));
  return [kindOf(from), kindOf(to)];
}

/** Read access to compatibilities, obligation texts and relations, projected by role. */
export function compatibilityRoutes(app: ZodApp, { reads, readCache }: AppContext) {
  // Evaluation reads: from the read replica when there is one and it has this user's last write.
  const db = (req: FastifyRequest) => readerFor(reads, req);
  const signedIn = requireRole('extern');

  app.get('/api/compatibility_infos', {
    schema: {
      tags: ['matrix data'],
      summary: 'Obligation texts with their status (status only for extern)',
      querystring: asOfQuery,
      response: { 200: z.array(compatibilityInfo), ...errors },
    },
    onRequest: signedIn,
    handler: async (req) =>
      readAsOf(await db(req), req.query.at, (reader) => service.listCompatibilityInfos(reader, req.user.role)),
  });

  // One static route per pair (either direction), so that no other static route such as
  // /api/assemblies/versions/:id/assemblies can capture the path; the parametric route below only
  // remains to explain pairs that do not exist.
  const bulkSchema = (summary: string) => ({
    tags: ['matrix data'],
    summary,
    response: { 200: z.array(compatibilityRecord), ...errors },
  });
  for (const [a, b] of compatibilityPairs) {
    const directions: [KindPath, KindPath][] =
      a === b
        ? [[a, b]]
        : [
            [a, b],
            [b, a],
          ];
    for (const [from, to] of directions) {
      app.get(`/api/${from}/versions/compatibilities/${to}`, {
        schema: bulkSchema(`All ${from}–${to} compatibilities, oriented from the ${from}`),
        onRequest: signedIn,
        handler: async (req, reply) =>
          sendJsonArray(reply, service.streamCompatibilities(await db(req), kindOf(from), kindOf(to), req.user.role)),
      });
    }
  }
  app.get('/api/:from/versions/compatibilities/:to', {
    schema: {
      ...bulkSchema('All compatibilities between two kinds'),
      params: z.object({ from: kindPath, to: kindPath }),
    },
    onRequest: signedIn,
    handler: (req) => {
      pairKinds(req.params.from, req.params.to);
      throw badRequest(msg('compatibility.unknownPair', { pair: `${req.params.from}/${req.params.to}` }));
    },
  });

  app.get('/api/:from/versions/:id/compatibilities/:to', {
    schema: {
      tags: ['matrix data'],
      summary: "One version's compatibilities to a kind",
      params: z.object({ from: kindPath, id: idParam, to: kindPath }),
      querystring: asOfQuery,
      response: { 200: z.array(compatibilityRecord), ...errors },
    },
    onRequest: signedIn,
    handler: async (req, reply) => {
      const [from, to] = pairKinds(req.params.from, req.params.to);
      const { id } = req.params;
      const { at } = req.query;
      return readCache.send(req, reply, ['compatibilities', req.user.role, from, id, to, at], (current) =>
        readAsOf(current, at, async (reader) => {
          const records = await service.listCompatibilitiesOfVersion(reader, from, to, req.user.role, id);
          // Only an empty list may be a wrong id: one round trip less for every version that has partners.
          if (records.length === 0) await service.assertVersionExists(reader, from, id);
          return records;
        }),
      );
    },
  });

  app.get('/api/:kind/versions/:id/assembly-warnings', {
    schema: {
      tags: ['matrix data'],
      summary:
        'The assembly versions compatible with a version that have a conditional or forbidden assembly compatibility',
      params: z.object({ kind: kindPath, id: idParam }),
      querystring: asOfQuery,
      response: { 200: assemblyWarnings, ...errors },
    },
    onRequest: signedIn,
    handler: async (req) => {
      const kind = kindOf(req.params.kind);
      return readAsOf(await db(req), req.query.at, async (reader) => {
        await service.assertVersionExists(reader, kind, req.params.id);
        return service.listAssemblyWarnings(reader, kind, req.params.id);
      });
    },
  });

  const relations = z.array(relationRecord);
  const relationRoute = (url: string, summary: string, read: (reader: Db) => Promise<z.infer<typeof relations>>) =>
    app.get(url, {
      schema: { tags: ['relations'], summary, response: { 200: relations, ...errors } },
      onRequest: signedIn,
      handler: async (req) => read(await db(req)),
    });

  relationRoute('/api/systems/assemblies', 'Which assemblies each system contains', (reader) =>
    service.listContainments(reader, 'system', 'assembly'),
  );
  relationRoute('/api/assemblies/subassemblies', 'Which sub-assemblies each assembly contains', (reader) =>
    service.listContainments(reader, 'assembly', 'subassembly'),
  );
  relationRoute(
    '/api/assemblies/versions/subassemblies',
    'Sub-assembly versions each assembly version contains',
    (reader) => service.listVersionRelations(reader, 'assembly', 'subassembly'),
  );
  relationRoute('/api/assemblies/versions/assemblies', 'Related assembly versions, from both sides', (reader) =>
    service.listVersionRelations(reader, 'assembly', 'assembly'),
  );
  relationRoute('/api/assemblies/assemblies', 'Assemblies related through their versions, from both sides', (reader) =>
    service.listItemRelations(reader, 'assembly'),
  );
}
