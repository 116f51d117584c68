import { CompatibilityBrowser } from './compatibility-browser';

/** /evaluate/system-compatibility-browser: system versions, then their system and assembly compatibilities. */
export function SystemCompatibilityBrowser() {
  return (
    <CompatibilityBrowser
      page="systemCompatibilityBrowser"
      kind="systems"
      columns={['selector', 'systems', 'assemblies']}
    />
  );
}
