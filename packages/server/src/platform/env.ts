/**
 * Reading settings from the environment: blank counts as unset, and a bad value is reported (in
 * Japanese, naming the variable) into `problems` and replaced by the default, so that start-up can
 * list every problem at once. config.ts, the AI settings and the job timings read through it.
 */
export interface EnvironmentReader {
  /** The trimmed value, or undefined when unset or blank. */
  read(name: string): string | undefined;
  /** An integer in [min, max]. */
  integer(name: string, fallback: number, min: number, max: number): number;
  /** A number (fractions allowed) in [min, max]. */
  number(name: string, fallback: number, min: number, max: number): number;
}

export function environmentReader(
  env: Record<string, string | undefined>,
  problems: string[],
): EnvironmentReader {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const bounded = (name: string, fallback: number, min: number, max: number, whole: boolean): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    const valid = whole ? /^\d+$/.test(raw) : raw !== '' && Number.isFinite(value);
    if (!valid || value < min || value > max) {
      problems.push(
        `${name} は ${min}〜${max} の${whole ? '整数' : '数'}で指定してください（現在: "${raw}"）`,
      );
      return fallback;
    }
    return value;
  };
  return {
    read,
    integer: (name, fallback, min, max) => bounded(name, fallback, min, max, true),
    number: (name, fallback, min, max) => bounded(name, fallback, min, max, false),
  };
}
