import { z } from 'zod';

export const APP_VERSION = '2.6.0';
export const PRODUCT_NAME = 'Digital Portfolio';

/** Every error the API sends: the HTTP status, its reason phrase and a sentence a person understands. */
export const apiError = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiError>;

export const MESSAGES = {
  unauthorized: `HTTP 401 Unauthorized: You dont have permissions to access the ${PRODUCT_NAME}, please contact the administrator for more information.`,
  refused: 'You dont have permissions to access the application, please contact the administrator for more information.',
} as const;

export const roles = ['extern', 'intern', 'admin'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** A positive database id in a path. */
export const idParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(2_147_483_647, 'is too large');

export const isoDateTime = z.iso.datetime({ offset: true });
