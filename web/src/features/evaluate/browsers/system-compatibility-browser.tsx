import { EvaluateScreen } from '../evaluate-screen';

/** Placeholder until this screen is built. */
export function SystemCompatibilityBrowser() {
  return <EvaluateScreen page="systemCompatibilityBrowser" />;
}
