import { describe, expect, it } from 'vitest';
import { jsonSpecPlugin, type SpecSystem } from './json-spec';

/** Swagger UI's system as far as the parser sees it, recording what it is asked to do. */
function system(specStr = '') {
  const calls: string[] = [];
  const updated: object[] = [];
  const fake: SpecSystem = {
    specSelectors: { specStr: () => specStr },
    specActions: { updateJsonSpec: (spec) => updated.push(spec) },
    errActions: { clear: ({ source }) => calls.push(`clear ${source}`) },
  };
  return { fake, calls, updated };
}

const parseToJson = jsonSpecPlugin().statePlugins.spec.wrapActions.parseToJson;

describe("the API docs' spec parser", () => {
  it('reads a JSON document itself and hands Swagger UI the object, without its YAML parser', () => {
    const { fake, calls, updated } = system();
    const yaml: string[] = [];
    parseToJson((text) => yaml.push(text ?? ''), fake)('{"openapi":"3.0.3","paths":{"/api/x":{}}}');
    expect(updated).toEqual([{ openapi: '3.0.3', paths: { '/api/x': {} } }]);
    expect(calls).toEqual(['clear parser']);
    expect(yaml).toEqual([]);
  });

  it('reads the stored document when called without text', () => {
    const { fake, updated } = system('{"openapi":"3.0.3"}');
    parseToJson(() => undefined, fake)();
    expect(updated).toEqual([{ openapi: '3.0.3' }]);
  });

  it('leaves text that is not a JSON object to Swagger UI, which parses YAML and reports errors', () => {
    for (const text of ['openapi: 3.0.3', '"just a string"', 'null', '{broken']) {
      const { fake, updated } = system();
      const yaml: Array<string | undefined> = [];
      parseToJson((given) => yaml.push(given), fake)(text);
      expect(yaml).toEqual([text]);
      expect(updated).toEqual([]);
    }
  });
});
