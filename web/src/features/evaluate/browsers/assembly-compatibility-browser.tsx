import { CompatibilityBrowser } from './compatibility-browser';

/** /evaluate/assembly-compatibility-browser: the assembly selector between its system and assembly compatibilities. */
export function AssemblyCompatibilityBrowser() {
  return (
    <CompatibilityBrowser
      page="assemblyCompatibilityBrowser"
      kind="assemblies"
      columns={['systems', 'selector', 'assemblies']}
    />
  );
}
