// pg's value conversion, which @types/pg does not declare (pg exports ./lib/* on purpose).
declare module 'pg/lib/utils.js' {
  /** The text pg binds for a parameter value: null, a string, or a Buffer for bytea. */
  export function prepareValue(value: unknown): unknown;
}
