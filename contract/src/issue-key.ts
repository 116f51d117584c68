import type { MessageKey } from './messages.js';

/**
 * A catalog key as the error message of a contract schema's check, e.g. `.max(200, issueKey('zod.maxChars'))`:
 * the server answers with this key and takes its parameters from the zod issue (validation-messages.ts).
 * A module of its own: the schemas the web app's first screen uses would otherwise bring the whole catalog.
 */
export const issueKey = (key: MessageKey): string => key;
