import path from 'node:path';

/**
 * The server workspace's folder. This module sits one level below it both as source (server/src) and
 * compiled (server/dist, where the bundle's files lie flat), so one step up is right in either case.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** The repository's root, which holds the web app's build. */
export const REPO_ROOT = path.dirname(SERVER_ROOT);
