// The Japanese table the bench prints. Column widths count East Asian wide characters as two.

export function displayWidth(text) {
  let width = 0;
  for (const char of String(text)) {
    const code = char.codePointAt(0);
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      code >= 0x20000;
    width += wide ? 2 : 1;
  }
  return width;
}

const pad = (text, width, right = false) => {
  const gap = Math.max(0, width - displayWidth(text));
  return right ? ' '.repeat(gap) + text : text + ' '.repeat(gap);
};

/** rows: arrays of cells; align: 'l' | 'r' per column. */
export function table(header, rows, align) {
  const widths = header.map((cell, column) =>
    Math.max(displayWidth(cell), ...rows.map((row) => displayWidth(row[column] ?? ''))),
  );
  const line = (row) =>
    row
      .map((cell, column) => pad(cell ?? '', widths[column], align[column] === 'r'))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export const integer = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('ja-JP') : '—');
export const ms = (value) =>
  Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms` : '—';
export const percent = (value) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '—');
export const mark = (met) => (met === null || met === undefined ? '' : met ? '✓' : '✗');
