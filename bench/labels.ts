/**
 * Issue 44's label figure: one POST /api/labels of 2,000 different versions (the most one request may
 * print) on A4 3 × 8 sheets, timed from the request until the PDF's last byte, with the PDF's size. Each
 * label's lookup key is checked against the real search, so different versions (not one repeated) are
 * the hard case.
 */
import { LABELS_MAX } from '@dp/contract';
import type pg from 'pg';

export interface LabelFigures {
  labels: number;
  /** Each round, s. */
  seconds: number[];
  /** One version 2,000 times (one lookup): what drawing the PDF itself takes, each round, s. */
  oneVersionSeconds: number[];
  /** The PDF, MB. */
  pdfMb: number;
  /** The trivial route's p95 of the same run, ms. */
  baselineP95: number;
}

const ROUNDS = 3;
const PATHS = { system: 'systems', assembly: 'assemblies', subassembly: 'subassemblies' } as const;

/** 2,000 versions spread over the data and its kinds, the same each run on the same data. */
async function labelVersions(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: number; kind: keyof typeof PATHS }>(
    `select id, kind from versions order by md5(id::text) limit $1`,
    [LABELS_MAX],
  );
  if (rows.length < LABELS_MAX) throw new Error(`bench: the data holds only ${rows.length} versions`);
  return rows.map((row) => `/api/${PATHS[row.kind]}/versions/${row.id}`);
}

/** Prints the labels `ROUNDS` times against the server at `address` as the user of `token`. */
export async function benchLabels(
  address: string,
  token: string,
  pool: pg.Pool,
  baselineP95: number,
): Promise<LabelFigures> {
  const versions = await labelVersions(pool);
  let bytes = 0;
  const print = async (hrefs: string[]) => {
    const start = performance.now();
    const res = await fetch(`${address}/api/labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ versions: hrefs, layout: 'a4-3x8', skip: 0 }),
    });
    if (!res.ok) throw new Error(`POST /api/labels → ${res.status} ${await res.text()}`);
    bytes = Math.max(bytes, (await res.arrayBuffer()).byteLength);
    return (performance.now() - start) / 1000;
  };
  const seconds: number[] = [];
  const oneVersionSeconds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    seconds.push(await print(versions));
    oneVersionSeconds.push(await print(versions.map(() => versions[0]!)));
  }
  return { labels: versions.length, seconds, oneVersionSeconds, pdfMb: bytes / 1e6, baselineP95 };
}
