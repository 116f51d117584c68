import { apiError, labelRequest } from '@dp/contract';
import { z } from 'zod';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { renderLabels } from './labels.pdf.js';
import * as service from './labels.service.js';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** QR label sheets (issue 44): every role reads versions, so every role may print their labels. */
export function labelRoutes(app: ZodApp, { db }: AppContext) {
  app.post('/api/labels', {
    schema: {
      tags: ['labels'],
      summary: 'A PDF of QR labels for versions, on A4 sheets (3 × 8, 2 × 7) or single 62 mm labels',
      description:
        'Each label carries a vector QR code whose second line is a key that the QR lookup (full search, ' +
        'first result) resolves to exactly that version, and the item name, the version numbers and the ' +
        'product. `skip` leaves the first places of the first sheet empty. At most 2,000 labels.',
      body: labelRequest,
      response: { 200: z.any().describe('The PDF (attachment)'), ...errors },
    },
    config: { writesData: false },
    onRequest: requireRole('extern'),
    handler: async (req, reply) => {
      const labels = await service.labelsOf(db, req.body.versions);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'attachment; filename="labels.pdf"')
        .header('Cache-Control', 'no-store')
        .send(await renderLabels(labels, req.body.layout, req.body.skip));
    },
  });
}
