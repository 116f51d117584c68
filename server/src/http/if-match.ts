import type { FastifyRequest } from 'fastify';

/** The If-Match header a write sends back (no lost updates); writes/etag.ts compares it with the row's ETag. */
export const ifMatch = (req: FastifyRequest) => req.headers['if-match'];
