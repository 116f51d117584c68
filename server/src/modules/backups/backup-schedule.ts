import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupDeps } from './backups.service.js';
import { takeBackup } from './backups.service.js';

/**
 * Takes the scheduled backups. Every instance runs the schedule; the backup is named by its slot (the
 * minute it is due), and the backup lock plus the unique name make exactly one instance take it.
 * Returns a function that stops the schedule.
 */
export function startBackupSchedule(deps: BackupDeps, expression: string, log: FastifyBaseLogger): () => void {
  const job = new Cron(expression, { protect: true }, async (self: Cron) => {
    const due = self.currentRun() ?? new Date();
    const slot = new Date(Math.floor(due.getTime() / 60_000) * 60_000);
    try {
      const info = await takeBackup(deps, { actor: 'schedule', origin: 'scheduled', slot });
      if (info) {
        log.info({ backup: info.name }, 'scheduled backup taken');
      }
    } catch (err) {
      // Another instance holding the lock for this slot is the normal case with several instances.
      const busy = err instanceof Error && 'statusCode' in err && err.statusCode === 409;
      if (busy) log.debug('scheduled backup taken by another instance');
      else log.error({ err }, 'scheduled backup failed');
    }
  });
  return () => job.stop();
}
