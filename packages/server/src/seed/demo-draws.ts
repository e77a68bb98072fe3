// The demo seed's random draws: one seedable generator, digits, and the customers' birth dates.
/** Japan's offset from UTC (no daylight saving). */
export const JST_OFFSET = 9 * 60 * 60 * 1000;

/** mulberry32: tiny, seedable, and the same sequence on every machine. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const chance = (probability: number) => next() < probability;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16));
    hex[12] = '4';
    hex[16] = (8 + int(0, 3)).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, chance, uuid };
}

export function digits(rng: ReturnType<typeof random>, count: number): string {
  return Array.from({ length: count }, () => rng.int(0, 9)).join('');
}

/**
 * Birth dates, from a random stream of their own so that the main sequence, and so every other
 * record, stays as it was: adults of 20 to 88 (the demo customers have jobs and e-mail), every
 * ninth customer's birthday in the current month (JST) and another's in the next, so that the
 * patient card, the 生年月日 sort and the assistant's 「今月誕生日の患者さんは？」 show real rows
 * on the first start. Days up to the 28th: no date is impossible, and none is in the future.
 */
export function giveBirthDates(customers: { birth_date?: string | null }[], seed: number, now: Date): void {
  const births = random(seed ^ 0x0b1e7d);
  const japan = new Date(now.getTime() + JST_OFFSET);
  const year = japan.getUTCFullYear();
  const thisMonth = japan.getUTCMonth() + 1;
  customers.forEach((customer, index) => {
    const age = births.int(20, 88);
    const drawn = births.int(1, 12);
    const day = births.int(1, 28);
    const month = index % 9 === 4 ? thisMonth : index % 9 === 7 ? (thisMonth % 12) + 1 : drawn;
    customer.birth_date = `${year - age}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  });
}
