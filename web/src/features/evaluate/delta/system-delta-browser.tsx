import { EvaluateScreen } from '../evaluate-screen';

/** Placeholder until this screen is built. */
export function SystemDeltaBrowser() {
  return <EvaluateScreen page="systemDeltaBrowser" />;
}
