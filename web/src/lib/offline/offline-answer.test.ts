import type { Version } from '@dp/contract';
import { describe, expect, it } from 'vitest';
import { metaAnswer, offlineAnswer, pathKey, savedVersions } from './offline-answer';
import type { OfflineData } from './offline-store';

function version(kind: string, id: number, item: { id: number; name: string }, name: string, name2: string | null) {
  return {
    href: `/api/${kind}/versions/${id}`,
    name,
    name2,
    description: '',
    image: null,
    parent_name: item.name,
    parent: { href: `/api/${kind}/${item.id}`, name: item.name, description: '' },
  } as unknown as Version;
}

const door = { id: 1, name: 'Door Control' };
const brake = { id: 2, name: 'Brake Control' };
const lock = { id: 7, name: 'Türverriegelung' };
const door10 = version('systems', 11, door, '1.10.0', null);
const door9 = version('systems', 10, door, '1.9.0', null);
const brake1 = version('systems', 20, brake, '1.0.0', null);
const lock1 = version('assemblies', 70, lock, 'TV-1', 'MAT-77');

const data: OfflineData = {
  meta: {
    sub: 'u-1',
    me: { username: 'intern', role: 'intern' },
    config: {} as OfflineData['meta']['config'],
    modificationTime: '2026-11-01T10:00:00.000Z',
    savedAt: '2026-11-01T10:05:00.000Z',
    systems: [{ href: '/api/systems/1', name: 'Door Control' }],
    bytes: 1,
  },
  versionLists: new Map([
    ['/api/systems/1/versions', [door9, door10]],
    ['/api/systems/2/versions', [brake1]],
    ['/api/assemblies/7/versions', [lock1]],
  ]),
};

/** The call answered with nothing stored under its path, or with `stored`. */
const ask = (method: string, url: string, body?: unknown, stored?: unknown) =>
  offlineAnswer(data, stored, method, url, body);

const bodyOf = (answer: ReturnType<typeof offlineAnswer>) => {
  if (answer.kind !== 'body') throw new Error(`expected a body, got ${answer.kind}`);
  return answer.body;
};

describe('offlineAnswer', () => {
  it('lists saved versions by item name, each item in the order the server sent', () => {
    expect(savedVersions(data).systems.map((v) => v.href)).toEqual([brake1.href, door9.href, door10.href]);
  });

  it('answers stored reads as the server answered them', () => {
    const stored = [{ href: 'c1' }];
    expect(bodyOf(ask('GET', '/api/systems/versions/10/compatibilities/assemblies', undefined, stored))).toBe(stored);
    expect(pathKey('http://localhost/api/x/page?q=a%20b&after=1')).toBe('/api/x/page?q=a%20b&after=1');
    expect(bodyOf(ask('GET', '/api/infos'))).toEqual({ modification_time: data.meta.modificationTime });
    expect(bodyOf(ask('GET', '/api/me'))).toEqual({ username: 'intern', role: 'intern' });
  });

  it('filters the version page like the server, folded', () => {
    const page = bodyOf(ask('GET', '/api/systems/versions/page?q=DOOR%20control%201.9')) as {
      versions: Version[];
      next: null;
    };
    expect(page.versions.map((v) => v.href)).toEqual([door9.href]);
    expect(page.next).toBeNull();
  });

  it('resolves a label and a version href, and tells an unknown label from an unsaved version', () => {
    expect(bodyOf(ask('GET', '/api/systems/versions/by-label?label=door%20control%201.10.0'))).toBe(door10);
    expect(ask('GET', '/api/systems/versions/by-label?label=nothing').kind).toBe('notFound');
    expect(bodyOf(ask('GET', lock1.href))).toBe(lock1);
    expect(ask('GET', '/api/systems/versions/999').kind).toBe('notSaved');
  });

  it('searches item names and version numbers, accents folded, in the results order', () => {
    const page = bodyOf(ask('POST', '/api/search/full/page', { word: 'control' })) as {
      results: Array<{ href: string; type: string }>;
    };
    expect(page.results.map((r) => r.href)).toEqual([brake1.href, door9.href, door10.href]);
    const byNumber = bodyOf(ask('POST', '/api/search/full/page', { word: 'mat-77' })) as {
      results: Array<{ href: string; type: string }>;
    };
    expect(byNumber.results).toEqual([
      { parent: 'Türverriegelung', href: lock1.href, name: 'TV-1', name2: 'MAT-77', type: 'Assembly' },
    ]);
    const accent = bodyOf(ask('POST', '/api/search/full/page', { word: 'turver' })) as {
      results: unknown[];
    };
    expect(accent.results).toHaveLength(1);
  });

  it('gives hints and resolves them by id', () => {
    const hints = bodyOf(ask('POST', '/api/search/hint', { word: 'door' })) as Array<{
      id: number;
      id_version: number | null;
    }>;
    expect(hints).toEqual([expect.objectContaining({ id: 1, id_version: null, name: 'Door Control' })]);
    const results = bodyOf(ask('POST', '/api/search/searchById', { id: 1, id_version: null, type: 'System' })) as {
      systems: Array<{ href: string }>;
    };
    expect(results.systems.map((r) => r.href)).toEqual([door9.href, door10.href]);
  });

  it('answers nothing for writes and for what was not saved', () => {
    expect(ask('PUT', '/api/systems/versions/10').kind).toBe('notSaved');
    expect(ask('POST', '/api/matrix', {}).kind).toBe('notSaved');
    expect(ask('GET', '/api/db/backups').kind).toBe('notSaved');
  });
});

describe('metaAnswer', () => {
  it('answers the start’s calls from the description alone, and nothing else', () => {
    expect(metaAnswer(data.meta, 'GET', '/api/me')).toEqual({ username: 'intern', role: 'intern' });
    expect(metaAnswer(data.meta, 'GET', 'http://localhost/api/infos')).toEqual({
      modification_time: '2026-11-01T10:00:00.000Z',
    });
    expect(metaAnswer(data.meta, 'GET', '/api/config')).toBe(data.meta.config);
    expect(metaAnswer(data.meta, 'GET', '/api/systems/1/versions')).toBeUndefined();
    expect(metaAnswer(data.meta, 'POST', '/api/me')).toBeUndefined();
  });
});
