/**
 * The row a statement that always yields one (insert … returning, count(*), update of a locked row)
 * returned; a missing row is a broken invariant, not a user error, so it throws.
 */
export function onlyRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('The statement returned no row where one was certain');
  return row;
}
