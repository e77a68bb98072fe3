/**
 * The screens' stories run on a fixed clock: "today" is the demo data's day (2026-11-20, 10:00 in
 * Tokyo, an hour after the newest demo record), so ages (生年月日の「（76歳）」), relative dates
 * (「3日前」) and countdowns show the same in every run and the visual baselines stay stable.
 * Time still passes from there (timers, countdowns and expiries work); only the starting point is
 * fixed. Started again before each story, before its session is stored.
 */
export const STORY_NOW = Date.parse('2026-11-20T10:00:00+09:00');

const RealDate = Date;
let offset = 0;
let stopped = false;

class StoryDate extends RealDate {
  constructor(...args: [] | ConstructorParameters<DateConstructor>) {
    if (args.length === 0) super(StoryDate.now());
    else super(...(args as ConstructorParameters<DateConstructor>));
  }

  static override now(): number {
    return stopped ? STORY_NOW : RealDate.now() + offset;
  }
}

/**
 * Before each story: every `new Date()` and `Date.now()` from here on counts from STORY_NOW, or
 * stays at STORY_NOW with `stop` (a countdown then holds still: the screen before it moves on).
 */
export function startFixedClock({ stop = false }: { stop?: boolean } = {}): void {
  offset = STORY_NOW - RealDate.now();
  stopped = stop;
  globalThis.Date = StoryDate as DateConstructor;
}
