import { EvaluateScreen } from '../evaluate-screen';

/** Placeholder until this screen is built. */
export function AssemblyCompatibilityBrowser() {
  return <EvaluateScreen page="assemblyCompatibilityBrowser" />;
}
