/**
 * A person's name as every screen, answer, report and mail writes it: family name, a half-width
 * space, given name (「佐藤 彩」), without the space when one part is empty.
 */
export function personName(lastName: string, firstName: string): string {
  return `${lastName.trim()} ${firstName.trim()}`.trim();
}

/** The same, for a row with the tables' column names. */
export function rowName(row: { last_name: string; first_name: string }): string {
  return personName(row.last_name, row.first_name);
}
