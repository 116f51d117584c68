/** Query keys of the database tools. */
export const databaseKeys = {
  all: ['database'] as const,
  backups: ['database', 'backups'] as const,
  transferred: ['database', 'transferred'] as const,
  targets: ['database', 'targets'] as const,
  history: ['database', 'history'] as const,
  publishRequests: ['database', 'publish-requests'] as const,
};
