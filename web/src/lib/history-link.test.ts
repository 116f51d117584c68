import { describe, expect, it } from 'vitest';
import { historyPath, historyTargetOf } from './history-link';

describe('historyTargetOf', () => {
  it('names entities and ids as the audit entries do: single rows by id, pairs by href', () => {
    expect(historyTargetOf('/api/assemblies/3')).toEqual({ entity: 'assembly', entity_id: '3' });
    expect(historyTargetOf('/api/subassemblies/versions/9')).toEqual({ entity: 'subassembly_version', entity_id: '9' });
    expect(historyTargetOf('/api/compatibility_infos/4')).toEqual({ entity: 'compatibility_info', entity_id: '4' });
    expect(historyTargetOf('/api/references/5')).toEqual({ entity: 'reference', entity_id: '5' });
    expect(historyTargetOf('/api/dataset/6')).toEqual({ entity: 'dataset_entry', entity_id: '6' });
    const pairs = {
      '/api/systems/versions/1/compatibilities/assemblies/2': 'compatibility',
      '/api/assemblies/versions/1/subassemblies/2': 'version_relation',
      '/api/systems/1/assemblies/2': 'containment',
    };
    for (const [href, entity] of Object.entries(pairs))
      expect(historyTargetOf(href)).toEqual({ entity, entity_id: href });
    expect(historyTargetOf('/api/images/systems/a.jpg')).toBeNull();
  });

  it('builds the filtered history URL the history screen reads', () => {
    expect(
      historyPath({ entity: 'compatibility', entity_id: '/api/systems/versions/1/compatibilities/systems/2' }),
    ).toBe(
      '/database/history?entity=compatibility&entity_id=%2Fapi%2Fsystems%2Fversions%2F1%2Fcompatibilities%2Fsystems%2F2',
    );
  });
});
