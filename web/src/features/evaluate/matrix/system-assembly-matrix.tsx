import { EvaluateScreen } from '../evaluate-screen';

/** Placeholder until this screen is built. */
export function SystemAssemblyMatrix() {
  return <EvaluateScreen page="systemAssemblyMatrix" />;
}
