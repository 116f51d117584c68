/**
 * Issue 43's figures: the upgrade planner for a system with 30 installed assemblies and 100 sub-assemblies
 * (the question picked from the data), the reverse question for the same parts, and the consistency check
 * with the p99 of reads beside it.
 */
import type pg from 'pg';
import { percentile } from './percentile.js';

export interface PlannerQuestion {
  system: string;
  target: string;
  assemblies: string[];
  subassemblies: string[];
}

/**
 * A big question from the data: the system version with the most assemblies, another version of its
 * system as the target, 30 assemblies (one version per item) and 100 sub-assemblies (one per item).
 */
export async function plannerQuestion(pool: pg.Pool): Promise<PlannerQuestion> {
  const { rows: systems } = await pool.query<{ installed: number; target: number }>(`
    select c.from_version_id as installed,
           (select t.id from versions t where t.item_id = v.item_id and t.id <> v.id order by t.id desc limit 1) as target
      from compatibilities c join versions v on v.id = c.from_version_id
     where c.from_kind = 'system' and c.to_kind = 'assembly'
       and exists (select 1 from versions t where t.item_id = v.item_id and t.id <> v.id)
     group by c.from_version_id, v.id, v.item_id
     order by count(*) desc limit 1`);
  const system = systems[0];
  if (!system) throw new Error('bench: no system version with assemblies and a second version');
  // The parts related to the installed version first; where the data has fewer, other items' first
  // versions fill up to 30 and 100 (they are mostly blockers: the planner's hardest case).
  const { rows: assemblies } = await pool.query<{ id: number }>(
    `select id from (
       select distinct on (a.item_id) a.id, a.item_id, not exists (
                select 1 from compatibilities c where c.from_version_id = $1 and c.to_version_id = a.id) as other
         from versions a where a.kind = 'assembly'
        order by a.item_id, 3, a.id) p
      order by other, item_id limit 30`,
    [system.installed],
  );
  const { rows: subassemblies } = await pool.query<{ id: number }>(
    `select id from (
       select distinct on (u.item_id) u.id, u.item_id, not exists (
                select 1 from compatibilities c where c.from_version_id = any($1) and c.to_version_id = u.id) as other
         from versions u where u.kind = 'subassembly'
        order by u.item_id, 3, u.id) p
      order by other, item_id limit 100`,
    [assemblies.map((a) => a.id)],
  );
  return {
    system: `/api/systems/versions/${system.installed}`,
    target: `/api/systems/versions/${system.target}`,
    assemblies: assemblies.map((a) => `/api/assemblies/versions/${a.id}`),
    subassemblies: subassemblies.map((u) => `/api/subassemblies/versions/${u.id}`),
  };
}

export interface ConsistencyFigures {
  /** The whole check (all six rules), seconds, the mean of `runs`. */
  seconds: number;
  runs: number;
  findings: Record<string, number>;
  /** One version's list read back to back: p99 idle, and p99 while the checks ran. */
  readsIdleP99: number;
  readsDuringP99: number;
  reads: { idle: number; during: number };
}

/** Times GET /api/consistency as an admin while `read` loops beside it, against the same reads idle. */
export async function benchConsistency(
  check: () => Promise<{ counts: Record<string, number> }>,
  read: () => Promise<unknown>,
  runs = 3,
): Promise<ConsistencyFigures> {
  const timedReads = async (until: () => boolean, minimum: number) => {
    const times: number[] = [];
    while (until() || times.length < minimum) {
      const start = performance.now();
      await read();
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b);
  };
  const idle = await timedReads(() => false, 1000);
  let running = true;
  const during = timedReads(() => running, 100);
  let findings: Record<string, number> = {};
  const start = performance.now();
  for (let i = 0; i < runs; i++) findings = (await check()).counts;
  const seconds = (performance.now() - start) / 1000 / runs;
  running = false;
  const beside = await during;
  return {
    seconds,
    runs,
    findings,
    readsIdleP99: percentile(idle, 99),
    readsDuringP99: percentile(beside, 99),
    reads: { idle: idle.length, during: beside.length },
  };
}
