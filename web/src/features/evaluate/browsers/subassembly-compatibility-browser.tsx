import { EvaluateScreen } from '../evaluate-screen';

/** Placeholder until this screen is built. */
export function SubassemblyCompatibilityBrowser() {
  return <EvaluateScreen page="subassemblyCompatibilityBrowser" />;
}
