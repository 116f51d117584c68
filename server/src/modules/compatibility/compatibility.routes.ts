import {
  apiError,
  compatibilityInfo,
  compatibilityPairs,
  compatibilityRecord,
  idParam,
  kindPath,
  relationRecord,
} from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { badRequest, msg } from '../../http/errors.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { isCompatiblePair, kindOf, type ItemKind } from '../kinds.js';
import * as service from './compatibility.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** The five pairs of SPEC section 3, asked for from either side. */
function pairKinds(from: z.infer<typeof kindPath>, to: z.infer<typeof kindPath>): [ItemKind, ItemKind] {
  const a = kindOf(from);
  const b = kindOf(to);
  if (!isCompatiblePair(a, b)) {
    throw badRequest(msg('compatibility.noPair', { from, to }));
  }
  return [a, b];
}

/** Read access to compatibilities, obligation texts and relations, projected by role. */
export function compatibilityRoutes(app: ZodApp, { db }: AppContext) {
  const signedIn = requireRole('extern');

  app.get('/api/compatibility_infos', {
    schema: {
      tags: ['matrix data'],
      summary: 'Obligation texts with their status (status only for extern)',
      response: { 200: z.array(compatibilityInfo), ...errors },
    },
    onRequest: signedIn,
    handler: (req) => service.listCompatibilityInfos(db, req.user.role),
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
    for (const [from, to] of a === b
      ? [[a, b]]
      : [
          [a, b],
          [b, a],
        ]) {
      app.get(`/api/${from}/versions/compatibilities/${to}`, {
        schema: bulkSchema(`All ${from}–${to} compatibilities, oriented from the ${from}`),
        onRequest: signedIn,
        handler: (req) => service.listCompatibilities(db, kindOf(from!), kindOf(to!), req.user.role),
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
      response: { 200: z.array(compatibilityRecord), ...errors },
    },
    onRequest: signedIn,
    handler: async (req) => {
      const [from, to] = pairKinds(req.params.from, req.params.to);
      await service.assertVersionExists(db, from, req.params.id);
      return service.listCompatibilities(db, from, to, req.user.role, req.params.id);
    },
  });

  const relations = z.array(relationRecord);
  const relationRoute = (url: string, summary: string, read: () => Promise<z.infer<typeof relations>>) =>
    app.get(url, {
      schema: { tags: ['relations'], summary, response: { 200: relations, ...errors } },
      onRequest: signedIn,
      handler: read,
    });

  relationRoute('/api/systems/assemblies', 'Which assemblies each system contains', () =>
    service.listContainments(db, 'system', 'assembly'),
  );
  relationRoute('/api/assemblies/subassemblies', 'Which sub-assemblies each assembly contains', () =>
    service.listContainments(db, 'assembly', 'subassembly'),
  );
  relationRoute('/api/assemblies/versions/subassemblies', 'Sub-assembly versions each assembly version contains', () =>
    service.listVersionRelations(db, 'assembly', 'subassembly'),
  );
  relationRoute('/api/assemblies/versions/assemblies', 'Related assembly versions, from both sides', () =>
    service.listVersionRelations(db, 'assembly', 'assembly'),
  );
  relationRoute('/api/assemblies/assemblies', 'Assemblies related through their versions, from both sides', () =>
    service.listItemRelations(db, 'assembly'),
  );
}
