/** A UUID in its canonical text form (any version, either case): the shape of every record id. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can name a record. Ids from paths and bodies are checked before a query, so a
 * malformed one is a 404 or a field error, never a database cast error.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
