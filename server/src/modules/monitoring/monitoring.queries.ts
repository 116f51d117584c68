import type pg from 'pg';

/** Notes that a target answered now, and returns when it last did (now, or the time noted before). */
export async function noteActive(pool: pg.Pool, target: string, active: boolean): Promise<Date | null> {
  const result = active
    ? await pool.query<{ last_active: Date }>(
        `insert into monitored_targets (target, last_active) values ($1, now())
         on conflict (target) do update set last_active = excluded.last_active returning last_active`,
        [target],
      )
    : await pool.query<{ last_active: Date | null }>('select last_active from monitored_targets where target = $1', [
        target,
      ]);
  return result.rows[0]?.last_active ?? null;
}
