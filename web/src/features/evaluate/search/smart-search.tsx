/** Placeholder until the smart search is built. */
export function SmartSearch() {
  return null;
}
