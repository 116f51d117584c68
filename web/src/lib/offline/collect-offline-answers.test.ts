import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api-failure';
import { answersSize, collectOfflineAnswers } from './collect-offline-answers';

const v = (kind: string, id: number, item: number) => ({
  href: `/api/${kind}/versions/${id}`,
  parent: { href: `/api/${kind}/${item}` },
});
const rec = (toKind: string, id: number, item?: number) => ({
  to: { href: `/api/${toKind}/versions/${id}`, ...(item !== undefined && { parent_href: `/api/${toKind}/${item}` }) },
});

/** A small catalog: system 1 → assembly 5 (named by parent_href) and 6 (found through its version) → sub-assembly 9. */
const server: Record<string, unknown> = {
  '/api/systems/1/versions': [v('systems', 10, 1)],
  '/api/systems/versions/10/compatibilities/systems': [],
  '/api/systems/versions/10/compatibilities/assemblies': [rec('assemblies', 50, 5), rec('assemblies', 60)],
  '/api/systems/versions/10/assembly-warnings': [],
  '/api/assemblies/versions/60': v('assemblies', 60, 6),
  '/api/assemblies/5/versions': [v('assemblies', 50, 5)],
  '/api/assemblies/6/versions': [v('assemblies', 60, 6), v('assemblies', 61, 6)],
  '/api/assemblies/versions/50/compatibilities/subassemblies': [rec('subassemblies', 90, 9)],
  '/api/subassemblies/9/versions': [v('subassemblies', 90, 9)],
};

const fakeGet = (asked: string[]) => async (path: string) => {
  asked.push(path);
  if (path.endsWith('/compatibilities/systems') && path.includes('/subassemblies/')) throw new Error('never asked');
  if (path in server) return server[path];
  if (/compatibilities|assembly-warnings/.test(path)) return [];
  throw new ApiFailure({ status: 404, statusText: 'Not Found', error: 'Not Found', message: 'gone' });
};

describe('collectOfflineAnswers', () => {
  it('saves the systems, their related assemblies and those assemblies’ sub-assemblies, with all their lists', async () => {
    const asked: string[] = [];
    const answers = await collectOfflineAnswers(['/api/systems/1'], fakeGet(asked));
    expect([...answers.keys()]).toEqual(
      expect.arrayContaining([
        '/api/systems/1/versions',
        '/api/systems/versions/10/compatibilities/assemblies',
        '/api/systems/versions/10/assembly-warnings',
        '/api/assemblies/5/versions',
        '/api/assemblies/6/versions',
        '/api/assemblies/versions/61/compatibilities/systems',
        '/api/assemblies/versions/61/compatibilities/assemblies',
        '/api/assemblies/versions/61/assembly-warnings',
        '/api/subassemblies/9/versions',
        '/api/subassemblies/versions/90/compatibilities/assemblies',
        '/api/subassemblies/versions/90/compatibilities/subassemblies',
      ]),
    );
    // Each path once, and a sub-assembly has no system list.
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.some((path) => path.startsWith('/api/subassemblies/versions/') && path.endsWith('/systems'))).toBe(
      false,
    );
  });

  it('leaves out what the role may not read, and stops on other failures', async () => {
    const refusing = async (path: string) => {
      if (path.endsWith('/assembly-warnings'))
        throw new ApiFailure({ status: 403, statusText: 'Forbidden', error: 'Forbidden', message: 'no' });
      return fakeGet([])(path);
    };
    const answers = await collectOfflineAnswers(['/api/systems/1'], refusing);
    expect([...answers.keys()].some((path) => path.endsWith('/assembly-warnings'))).toBe(false);

    const broken = async () => {
      throw new ApiFailure({ status: 500, statusText: 'Error', error: 'Error', message: 'broken' });
    };
    await expect(collectOfflineAnswers(['/api/systems/1'], broken)).rejects.toThrow('broken');
  });

  it('measures the size as UTF-8 JSON', () => {
    expect(answersSize(new Map([['/a', { n: 'ü' }]]))).toBe(2 + '{"n":"ü"}'.length + 1);
  });
});
