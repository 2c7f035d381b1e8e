/**
 * A drizzle select compiled to SQL once and run through `pg` without drizzle's per-row mapping, for
 * the hottest reads (bench/README.md: building and mapping a query per request cost more CPU than
 * the rest of the request). The query is still written with drizzle, from the schema; only the
 * per-request work is skipped. Columns come back in the select's order, under its keys, parsed as
 * drizzle would return them (a `date` stays a 'YYYY-MM-DD' string; timestamps become Dates).
 */
import { is, Placeholder } from 'drizzle-orm';
import pg from 'pg';

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.DATE
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface CompiledSelect<Row> {
  (pool: pg.Pool, values: Record<string, unknown>): Promise<Row[]>;
}

/** `name`: a server-side prepared statement name ('' for none, see `statementName`). */
export function compileSelect<Row>(
  query: { toSQL(): { sql: string; params: unknown[] } },
  keys: readonly string[],
  name: string,
): CompiledSelect<Row> {
  const { sql: text, params } = query.toSQL();
  // each parameter: a placeholder's name (filled per call) or a constant, sorted out once
  const slots = params.map((p): { placeholder: string } | { constant: unknown } =>
    is(p, Placeholder) ? { placeholder: p.name as string } : { constant: p },
  );
  return async (pool, values) => {
    const result = await pool.query<unknown[]>({
      ...(name ? { name } : {}),
      text,
      values: slots.map((slot) =>
        'placeholder' in slot ? values[slot.placeholder] : slot.constant,
      ),
      rowMode: 'array',
      types,
    });
    return result.rows.map((cells) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) row[keys[i]!] = cells[i];
      return row as Row;
    });
  };
}
