/**
 * `SELECT … FROM unnest($n::type[], …)` over rows given as value tuples: one statement (and one
 * parameter per column, whatever the number of rows) for a run of inserts. `first` is the number
 * of the first parameter; returns the SELECT and the column arrays to pass as its parameters.
 */
export function unnestRows(types: readonly string[], rows: readonly (readonly unknown[])[], first = 1): { select: string; values: unknown[][] } {
  const names = types.map((_, i) => `c${i}`);
  return {
    select: `SELECT ${names.join(', ')} FROM unnest(${types.map((type, i) => `$${first + i}::${type}[]`).join(', ')}) AS u(${names.join(', ')})`,
    values: types.map((_, i) => rows.map((row) => row[i] ?? null)),
  };
}
