// The floor of the customer-list bench: the same page and the same total as the product, in ONE
// statement. Built from the statements captured from the product (never copied by hand): the page
// query and the count query are found among them and folded into one SELECT, so the floor follows
// the product's SQL (indexes, sorts, the kept count) and differs only in the round trips.

const TRANSACTION_CONTROL = /^\s*(begin|start\s+transaction|commit|rollback|end|abort)\b/i;
const SCOPE = /^\s*select\s+set_config\(\s*'app\.tenant_id'/i;
const TOTAL_COLUMN = /\bas\s+"?total"?(\s|$)/i;

/** One captured statement, or each statement of a simple-protocol string of several. */
function split(statement) {
  if (statement.protocol !== 'simple') return [statement];
  return statement.text
    .split(/;\s*(?=(?:begin|select|with|insert|update|delete|commit|set)\b)/i)
    .map((text) => ({ protocol: 'simple', text: text.trim(), values: [] }))
    .filter((part) => part.text.length > 0);
}

/** The tenant the product scoped the request to (its set_config), or null. */
export function scopedTenant(units) {
  for (const statement of units.flatMap((unit) => unit.statements).flatMap(split)) {
    if (!SCOPE.test(statement.text)) continue;
    const literal = /set_config\(\s*'app\.tenant_id'\s*,\s*'([0-9a-f-]{36})'/i.exec(statement.text);
    if (literal) return literal[1];
    if (typeof statement.values[0] === 'string') return statement.values[0];
  }
  return null;
}

/**
 * { text, values }: `select p.*, t.total from (<count>) t left join lateral (<page>) p on true`, the
 * page's rows in the page's order with the total on each (one row of nulls and the total when the
 * page is empty). Throws when the capture holds no page or no count.
 */
export function floorStatement(units) {
  const reads = units
    .flatMap((unit) => unit.statements)
    .flatMap(split)
    .filter((s) => !TRANSACTION_CONTROL.test(s.text) && !SCOPE.test(s.text))
    .filter((s) => /^\s*(select|with)\b/i.test(s.text) && /\bcustomer/.test(s.text))
    .filter((s) => !/\bauth_sessions\b/.test(s.text));
  const count = reads.find((s) => TOTAL_COLUMN.test(s.text));
  const page = reads.find((s) => s !== count && /"c"\."id"|c\.id/.test(s.text));
  if (!count || !page) {
    throw new Error(
      `取り込んだ文に一覧と件数の文が見つかりません: ${JSON.stringify(reads.map((s) => s.text))}`,
    );
  }
  const shift = page.values.length;
  const countText = count.text.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + shift}`);
  return {
    text: `select p.*, t.total from (${countText}) t left join lateral (${page.text}) p on true`,
    values: [...page.values, ...count.values],
  };
}
