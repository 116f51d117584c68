/** What of Swagger UI's system the spec parser uses. */
export interface SpecSystem {
  specSelectors: { specStr(): string };
  specActions: { updateJsonSpec(spec: object): unknown };
  errActions: { clear(filter: { source: string }): unknown };
}

type ParseToJson = (text?: string) => unknown;

/**
 * A Swagger UI plugin: the document is read with JSON.parse. Swagger UI reads every document with its
 * YAML parser, even one handed over as an object (it stringifies it first); for our 0.3 MB of JSON that
 * took 60–100 ms of the API docs' first render. Text that is not JSON still goes to the YAML parser,
 * which also reports its errors.
 */
export function jsonSpecPlugin() {
  return {
    statePlugins: {
      spec: {
        wrapActions: {
          parseToJson:
            (parseYaml: ParseToJson, system: SpecSystem): ParseToJson =>
            (text) => {
              let spec: unknown;
              try {
                spec = JSON.parse(text || system.specSelectors.specStr());
              } catch {
                return parseYaml(text);
              }
              if (spec === null || typeof spec !== 'object') return parseYaml(text);
              system.errActions.clear({ source: 'parser' });
              return system.specActions.updateJsonSpec(spec);
            },
        },
      },
    },
  };
}
