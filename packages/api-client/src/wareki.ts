/**
 * Dates in 和暦 (the Japanese era calendar) for birth dates: read what a receptionist types
 * (「S55.4.1」「昭和55年4月1日」「1980/4/1」「1980-04-01」, full-width digits too) into ISO
 * `YYYY-MM-DD`, and show an ISO date as 「昭和55年4月1日」 with the age. The app's inputs and the
 * server's CSV import read dates with the same rules from here.
 */

export interface Era {
  /** 昭和 */
  name: string;
  /** S, the letter forms use. */
  letter: string;
  /** The first day of the era (ISO); it lasts until the day before the next era's first day. */
  start: string;
}

/**
 * The eras since Japan took the Gregorian calendar (明治6年 = 1873); the first days as proclaimed:
 * 大正 1912-07-30, 昭和 1926-12-25, 平成 1989-01-08, 令和 2019-05-01.
 */
export const ERAS: readonly Era[] = [
  { name: '明治', letter: 'M', start: '1868-10-23' },
  { name: '大正', letter: 'T', start: '1912-07-30' },
  { name: '昭和', letter: 'S', start: '1926-12-25' },
  { name: '平成', letter: 'H', start: '1989-01-08' },
  { name: '令和', letter: 'R', start: '2019-05-01' },
];

/** The earliest date read or shown: the first day of the Gregorian calendar in Japan. */
export const EARLIEST_DATE = '1873-01-01';

export type DateReading = { ok: true; date: string } | { ok: false; reason: string };

const WESTERN = /^(\d{4})\s*[/\-.年]\s*(\d{1,2})\s*[/\-.月]\s*(\d{1,2})\s*日?$/u;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/u;
const JAPANESE =
  /^(明治|大正|昭和|平成|令和|[明大昭平令]|[MTSHR])\s*(\d{1,2}|元)\s*[/\-.年]\s*(\d{1,2})\s*[/\-.月]\s*(\d{1,2})\s*日?$/iu;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function eraOf(token: string): Era | undefined {
  const upper = token.toUpperCase();
  return ERAS.find((era) => era.name === token || era.name[0] === token || era.letter === upper);
}

/** The era a date (ISO) falls in, or undefined before 明治. */
export function eraOfDate(iso: string): Era | undefined {
  let found: Era | undefined;
  for (const era of ERAS) if (iso >= era.start) found = era;
  return found;
}

function nextEraStart(era: Era): string | undefined {
  return ERAS[ERAS.indexOf(era) + 1]?.start;
}

/**
 * An ISO date from what a person typed, in 西暦 or 和暦: full-width digits and letters are folded
 * (NFKC), 元年 is year 1, and a 和暦 date must lie in its era (H31.4.30 is 平成's last day; H31.5.1
 * is not a date, it is R1.5.1). `today` (ISO) refuses dates in the future.
 */
export function readDate(input: string, today?: string): DateReading {
  const text = input.normalize('NFKC').trim();
  if (text === '') return { ok: false, reason: '日付を入力してください' };
  let date: string | null = null;
  const western = WESTERN.exec(text) ?? COMPACT.exec(text);
  const japanese = western ? null : JAPANESE.exec(text);
  if (western) {
    date = isoDate(Number(western[1]), Number(western[2]), Number(western[3]));
  } else if (japanese) {
    const era = eraOf(japanese[1] as string);
    const eraYear = japanese[2] === '元' ? 1 : Number(japanese[2]);
    if (!era || eraYear < 1) return { ok: false, reason: '年号と年を確かめてください（例 S55.4.1）' };
    const year = Number(era.start.slice(0, 4)) + eraYear - 1;
    date = isoDate(year, Number(japanese[3]), Number(japanese[4]));
    const end = nextEraStart(era);
    if (date && (date < era.start || (end !== undefined && date >= end))) {
      const typed = `${era.name}${eraYear === 1 ? '元' : eraYear}年${Number(japanese[3])}月${Number(japanese[4])}日`;
      return { ok: false, reason: outsideEra(typed, era, date, end) };
    }
  } else {
    return { ok: false, reason: '日付は「S55.4.1」「昭和55年4月1日」「1980/4/1」のように入力してください' };
  }
  if (!date) return { ok: false, reason: 'その日付はありません' };
  if (date < EARLIEST_DATE) return { ok: false, reason: '1873年（明治6年）より前の日付は扱えません' };
  if (today !== undefined && date > today) return { ok: false, reason: '未来の日付は入力できません' };
  return { ok: true, date };
}

/**
 * Why a 和暦 date is not one, with the boundary it crossed and, where the day exists, its right
 * name: 「平成31年5月1日はありません（平成は平成31年4月30日まで。この日は令和元年5月1日です）」.
 */
function outsideEra(typed: string, era: Era, date: string, end: string | undefined): string {
  const bound =
    end !== undefined && date >= end
      ? `${era.name}は${formatWareki(dayBefore(end))}まで`
      : `${era.name}は${formatWareki(era.start)}から`;
  const named = date >= EARLIEST_DATE ? `。この日は${formatWareki(date)}です` : '';
  return `${typed}はありません（${bound}${named}）`;
}

function dayBefore(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** 「昭和55年4月1日」 for 1980-04-01 (元年 for an era's first year); the ISO text itself before 明治. */
export function formatWareki(iso: string): string {
  const era = eraOfDate(iso);
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  if (!era) return `${year}年${month}月${day}日`;
  const eraYear = year - Number(era.start.slice(0, 4)) + 1;
  return `${era.name}${eraYear === 1 ? '元' : eraYear}年${month}月${day}日`;
}

/** Full years from `birth` to `today` (both ISO): a birthday counts on its day (29 Feb on 1 Mar). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** Today's date (ISO) on the wall clock of `timeZone` (the tenant's zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 「昭和55年4月1日（46歳）」: a birth date as a receptionist says it, with the age on `today`. */
export function formatBirthDate(birth: string, today: string): string {
  return `${formatWareki(birth)}（${ageOn(birth, today)}歳）`;
}
