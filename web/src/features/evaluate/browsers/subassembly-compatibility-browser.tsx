import { CompatibilityBrowser } from './compatibility-browser';

/** /evaluate/subassembly-compatibility-browser: the sub-assembly selector between its assembly and sub-assembly compatibilities. */
export function SubassemblyCompatibilityBrowser() {
  return (
    <CompatibilityBrowser
      page="subassemblyCompatibilityBrowser"
      kind="subassemblies"
      columns={['assemblies', 'selector', 'subassemblies']}
    />
  );
}
