import { EvaluateScreen } from '../evaluate-screen';

/** Placeholder until this screen is built. */
export function SystemSystemAssemblyMatrix() {
  return <EvaluateScreen page="systemSystemAssemblyMatrix" />;
}
