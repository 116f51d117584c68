import {
  apiError,
  batchResult,
  comment,
  commentInput,
  compatibilityBatch,
  compatibilityWrite,
  idParam,
  kindPath,
  referenceWrite,
  relatedItem,
  relationRowPage,
  relationRowPageQuery,
  relatedItemPage,
  relatedItemPageQuery,
  versionFlagOf,
} from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import { ifMatch } from '../../http/if-match.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { href, kindOf } from '../../db/kinds.js';
import { saveCompatibilities } from './batch.service.js';
import * as comments from './comments.service.js';
import { changeReference, writeCompatibility } from './compatibility-writes.service.js';
import * as links from './links.service.js';
import { listRelationRowPage } from './relation-rows.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 412: apiError };
const noContent = { 204: z.null().describe('Done') };
const versionParams = z.object({ from: kindPath, id: idParam, to: kindPath });
const pairParams = versionParams.extend({ toId: idParam });
const target = (p: z.infer<typeof pairParams>) => ({
  fromKind: kindOf(p.from),
  versionId: p.id,
  toKind: kindOf(p.to),
  toId: p.toId,
});

/** Relation writes of SPEC 7 'Relations' for admins; comment reads for intern and admin. */
export function relationRoutes(app: ZodApp, { db }: AppContext) {
  const admin = requireRole('admin');
  const intern = requireRole('intern');
  const tags = ['relations'];

  app.put('/api/:from/versions/:id/compatibilities/:to', {
    schema: {
      tags,
      summary: "Save many rows of a version's relation table in one transaction",
      params: versionParams,
      body: compatibilityBatch,
      response: { 200: batchResult, ...errors },
    },
    onRequest: admin,
    handler: (req) =>
      saveCompatibilities(
        db,
        req.user.username,
        kindOf(req.params.from),
        req.params.id,
        kindOf(req.params.to),
        req.body.rows,
      ),
  });

  app.post('/api/:from/versions/:id/compatibilities/:to/:toId', {
    schema: {
      tags,
      summary: 'Create a compatibility',
      params: pairParams,
      body: compatibilityWrite,
      response: { 201: batchResult, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(
          await writeCompatibility(
            db,
            req.user.username,
            target(req.params),
            'create',
            req.body.compatibility_info.href,
            undefined,
          ),
        ),
  });
  app.put('/api/:from/versions/:id/compatibilities/:to/:toId', {
    schema: {
      tags,
      summary: "Change a compatibility's obligation text",
      params: pairParams,
      body: compatibilityWrite,
      response: { 200: batchResult, ...errors },
    },
    onRequest: admin,
    handler: (req) =>
      writeCompatibility(
        db,
        req.user.username,
        target(req.params),
        'update',
        req.body.compatibility_info.href,
        ifMatch(req),
      ),
  });
  app.delete('/api/:from/versions/:id/compatibilities/:to/:toId', {
    schema: {
      tags,
      summary: 'Remove a compatibility with its references and comments',
      params: pairParams,
      response: { 200: batchResult, ...errors },
    },
    onRequest: admin,
    handler: (req) => writeCompatibility(db, req.user.username, target(req.params), 'delete', null, ifMatch(req)),
  });

  app.post('/api/:from/versions/:id/compatibilities/:to/:toId/references', {
    schema: {
      tags,
      summary: 'Add a reference to a compatibility',
      params: pairParams,
      body: referenceWrite,
      response: { ...noContent, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      await changeReference(
        db,
        req.user.username,
        target(req.params),
        req.body.reference_info.href,
        'add',
        ifMatch(req),
      );
      return reply.code(204).send(null);
    },
  });
  app.delete('/api/:from/versions/:id/compatibilities/:to/:toId/references/:referenceId', {
    schema: {
      tags,
      summary: 'Remove a reference from a compatibility',
      params: pairParams.extend({ referenceId: idParam }),
      response: { ...noContent, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      await changeReference(
        db,
        req.user.username,
        target(req.params),
        href.reference(req.params.referenceId),
        'remove',
        ifMatch(req),
      );
      return reply.code(204).send(null);
    },
  });

  app.get('/api/:from/versions/:id/compatibilities/:to/candidates', {
    schema: {
      tags,
      summary: "A version's relation table, a page at a time",
      description:
        'Every version of the other kind but this one, with its compatibility with this version (obligation ' +
        'text, status, references by name with their hrefs in `reference_hrefs`, ETag) and, for the assembly ' +
        'relations, the version flag: `limit` at a time ' +
        '(default 100, at most 200), by `sort` (item: the catalog order; version; name2; obligation: rows with ' +
        'a compatibility first, by status and text; flag; a leading `-` for descending), then by version id. ' +
        '`item`, `version`, `name2`, `obligation` and `references` keep the rows whose item name, version ' +
        'number, material number, obligation text or a reference contains them (folded like the search). ' +
        "Pass a page's `next` as `after` for the following page.",
      params: versionParams,
      querystring: relationRowPageQuery,
      response: { 200: relationRowPage, ...errors },
    },
    onRequest: intern,
    handler: (req) =>
      listRelationRowPage(
        db,
        { fromKind: kindOf(req.params.from), versionId: req.params.id, toKind: kindOf(req.params.to) },
        req.query,
      ),
  });

  app.get('/api/:from/versions/:id/compatibilities/:to/commentaries', {
    schema: {
      tags,
      summary: "Comments on a version's compatibilities to a kind",
      params: versionParams,
      response: { 200: z.array(comment), ...errors },
    },
    onRequest: intern,
    handler: (req) => comments.listComments(db, kindOf(req.params.from), req.params.id, kindOf(req.params.to)),
  });
  app.post('/api/:from/versions/:id/compatibilities/:to/:toId/commentaries', {
    schema: {
      tags,
      summary: 'Comment on a compatibility',
      params: pairParams,
      body: commentInput,
      response: { 201: comment, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) =>
      reply.code(201).send(await comments.addComment(db, req.user.username, target(req.params), req.body.comment)),
  });
  app.put('/api/commentaries/:id', {
    schema: {
      tags,
      summary: 'Change an own comment',
      params: z.object({ id: idParam }),
      body: commentInput,
      response: { 200: comment, ...errors },
    },
    onRequest: admin,
    handler: (req) => comments.updateComment(db, req.user.username, req.params.id, req.body.comment, ifMatch(req)),
  });
  app.delete('/api/commentaries/:id', {
    schema: {
      tags,
      summary: 'Delete an own comment',
      params: z.object({ id: idParam }),
      response: { ...noContent, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      await comments.deleteComment(db, req.user.username, req.params.id, ifMatch(req));
      return reply.code(204).send(null);
    },
  });

  // The paths of SPEC 7 for the same two calls: PUT and DELETE {itemsName}/compatibilities/{relationsName}/commentaries/{id}.
  const specCommentParams = z.object({ from: kindPath, to: kindPath, id: idParam });
  const pairOf = (p: z.infer<typeof specCommentParams>) => ({ fromKind: kindOf(p.from), toKind: kindOf(p.to) });
  app.put('/api/:from/compatibilities/:to/commentaries/:id', {
    schema: {
      tags,
      summary: 'Change an own comment (path of SPEC 7)',
      params: specCommentParams,
      body: commentInput,
      response: { 200: comment, ...errors },
    },
    onRequest: admin,
    handler: (req) =>
      comments.updateComment(db, req.user.username, req.params.id, req.body.comment, ifMatch(req), pairOf(req.params)),
  });
  app.delete('/api/:from/compatibilities/:to/commentaries/:id', {
    schema: {
      tags,
      summary: 'Delete an own comment (path of SPEC 7)',
      params: specCommentParams,
      response: { ...noContent, ...errors },
    },
    onRequest: admin,
    handler: async (req, reply) => {
      await comments.deleteComment(db, req.user.username, req.params.id, ifMatch(req), pairOf(req.params));
      return reply.code(204).send(null);
    },
  });

  for (const [parent, child] of [
    ['systems', 'assemblies'],
    ['assemblies', 'subassemblies'],
  ] as const) {
    const parentKind = kindOf(parent);
    const childKind = kindOf(child);
    app.get(`/api/${parent}/:id/${child}`, {
      schema: {
        tags,
        summary: `Every ${child.slice(0, -1)} item with whether this ${parent.slice(0, -1)} contains it`,
        params: z.object({ id: idParam }),
        response: { 200: z.array(relatedItem), ...errors },
      },
      onRequest: intern,
      handler: (req) => links.listRelatedItems(db, parentKind, req.params.id, childKind),
    });
    app.get(`/api/${parent}/:id/${child}/page`, {
      schema: {
        tags,
        summary: `The ${child} of the relation editor of one ${parent.slice(0, -1)}, a page at a time`,
        description:
          'The rows of GET /api/' +
          `${parent}/{id}/${child}` +
          ', `limit` at a time (default 100, at most 200), by `sort`: name (or -name), related (unrelated first) ' +
          'or -related (related first), each then by name. `name` keeps the items whose name contains it, ' +
          "ignoring case, accents and repeated spaces. Pass a page's `next` as `after` for the following page.",
        params: z.object({ id: idParam }),
        querystring: relatedItemPageQuery,
        response: { 200: relatedItemPage, ...errors },
      },
      onRequest: intern,
      handler: (req) => links.listRelatedItemPage(db, parentKind, req.params.id, childKind, req.query),
    });
    const linkParams = z.object({ id: idParam, childId: idParam });
    app.post(`/api/${parent}/:id/${child}/:childId`, {
      schema: { tags, summary: 'Relate the items', params: linkParams, response: { ...noContent, ...errors } },
      onRequest: admin,
      handler: async (req, reply) => {
        await links.setContainment(
          db,
          req.user.username,
          { kind: parentKind, id: req.params.id },
          { kind: childKind, id: req.params.childId },
          true,
        );
        return reply.code(204).send(null);
      },
    });
    app.delete(`/api/${parent}/:id/${child}/:childId`, {
      schema: { tags, summary: 'Unrelate the items', params: linkParams, response: { ...noContent, ...errors } },
      onRequest: admin,
      handler: async (req, reply) => {
        await links.setContainment(
          db,
          req.user.username,
          { kind: parentKind, id: req.params.id },
          { kind: childKind, id: req.params.childId },
          false,
        );
        return reply.code(204).send(null);
      },
    });
  }

  for (const other of ['assemblies', 'subassemblies'] as const) {
    const otherKind = kindOf(other);
    const flag = versionFlagOf('assemblies', other);
    app.get(`/api/assemblies/versions/:id/${other}`, {
      schema: {
        tags,
        summary: `Versions this assembly version has the ${flag} flag with`,
        params: z.object({ id: idParam }),
        response: { 200: z.array(z.string()), ...errors },
      },
      onRequest: intern,
      handler: (req) => links.listVersionRelations(db, req.params.id, otherKind),
    });
    const linkParams = z.object({ id: idParam, otherId: idParam });
    app.post(`/api/assemblies/versions/:id/${other}/:otherId`, {
      schema: { tags, summary: `Set the ${flag} flag`, params: linkParams, response: { ...noContent, ...errors } },
      onRequest: admin,
      handler: async (req, reply) => {
        await links.setVersionRelation(db, req.user.username, req.params.id, otherKind, req.params.otherId, true);
        return reply.code(204).send(null);
      },
    });
    app.delete(`/api/assemblies/versions/:id/${other}/:otherId`, {
      schema: { tags, summary: `Clear the ${flag} flag`, params: linkParams, response: { ...noContent, ...errors } },
      onRequest: admin,
      handler: async (req, reply) => {
        await links.setVersionRelation(db, req.user.username, req.params.id, otherKind, req.params.otherId, false);
        return reply.code(204).send(null);
      },
    });
  }
}
