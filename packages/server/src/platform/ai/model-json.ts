/**
 * Reading what a model wrote as JSON. Every module that asks for JSON reads the answer here, so a
 * fence or a sentence around the object is handled the same way everywhere.
 */

export type JsonObject = Record<string, unknown>;

/** The value of a JSON text, or `{ ok: false }` when it is not JSON (a tool call's arguments). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON object in a model's answer, or null. By default the object may sit inside a code
 * fence or words (the text from the first `{` to the last `}` is read); `embedded: false` takes
 * only an answer that is the object and nothing else.
 */
export function readJsonObject(text: string, options: { embedded?: boolean } = {}): JsonObject | null {
  let json = text;
  if (options.embedded !== false) {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start === -1 || end <= start) return null;
    json = text.slice(start, end + 1);
  }
  const parsed = parseJson(json);
  return parsed.ok && isJsonObject(parsed.value) ? parsed.value : null;
}
