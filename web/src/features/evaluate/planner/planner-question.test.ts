import { describe, expect, it } from 'vitest';
import { onePerItem, parsePlannerQuestion, plannerLink, plannerRequestOf, plannerSearch } from './planner-question';

describe('the planner question in the address', () => {
  it('reads back what it wrote', () => {
    const question = { system: 3, from: 10, to: 11, assemblies: [5, 6], subassemblies: [9] };
    expect(parsePlannerQuestion(plannerSearch(question))).toEqual(question);
    expect(plannerSearch(question).toString()).toBe('system=3&from=10&to=11&a=5%2C6&u=9');
  });

  it('drops what is not an id, and repeated ids', () => {
    expect(parsePlannerQuestion(new URLSearchParams('system=x&from=-1&to=2&a=1,1,abc,2&u=0'))).toEqual({
      system: null,
      from: null,
      to: 2,
      assemblies: [1, 2],
      subassemblies: [],
    });
  });

  it('asks the API only once the installed version, the target and an assembly are chosen', () => {
    expect(plannerRequestOf({ system: 1, from: 2, to: 3, assemblies: [], subassemblies: [] })).toBeNull();
    expect(plannerRequestOf({ system: 1, from: 2, to: 3, assemblies: [4], subassemblies: [5] })).toEqual({
      system: '/api/systems/versions/2',
      target: '/api/systems/versions/3',
      assemblies: ['/api/assemblies/versions/4'],
      subassemblies: ['/api/subassemblies/versions/5'],
    });
  });

  it('links from the delta browser with the two versions filled in', () => {
    expect(plannerLink(7, 8, 9)).toBe('/evaluate/upgrade-planner?system=7&from=8&to=9');
  });

  it('keeps one installed version per part, the one picked last', () => {
    const itemOf = new Map([
      [1, 100],
      [2, 100],
      [3, 200],
    ]);
    expect(onePerItem([1, 3, 2], itemOf)).toEqual([3, 2]);
    expect(onePerItem([4, 1], itemOf)).toEqual([4, 1]);
  });
});
