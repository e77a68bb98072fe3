import holidayJp from '@holiday-jp/holiday_jp';
import { MARKETING_CHANNEL_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import type { InTenant } from '../../platform/ai/tenant-ai';
import { withEntryFindings } from './advertising/draft-findings';
import { addDays, type MarketingServices, userInput } from './marketing.common';
import { askModel, groundedText, hashtags } from './marketing.model';

type Schemas = components['schemas'];
type Channel = Schemas['MarketingChannel'];

interface Season {
  name: string;
  /** Inclusive month-day ranges ("MM-DD"); a range may wrap the year end. */
  from: string;
  to: string;
  title: string;
  outline: string;
  hashtags: string[];
}

export const SEASONS: readonly Season[] = [
  {
    name: '花粉症の時期',
    from: '02-01',
    to: '04-30',
    title: '花粉症の早めの対策',
    outline: '症状が出る前の受診と、日常でできる対策をまとめます。',
    hashtags: ['#花粉症', '#花粉対策'],
  },
  {
    name: '健康診断の時期',
    from: '05-01',
    to: '06-30',
    title: '健康診断のご予約について',
    outline: '健診のコースと予約の取り方、当日の注意（絶食など）を案内します。',
    hashtags: ['#健康診断', '#健診'],
  },
  {
    name: '健康診断の時期',
    from: '09-15',
    to: '11-30',
    title: '秋の健康診断のご案内',
    outline: '年内に健診を受けたい方へ、空いている日と予約方法を案内します。',
    hashtags: ['#健康診断', '#健診'],
  },
  {
    name: '熱中症の時期',
    from: '07-01',
    to: '08-31',
    title: '熱中症を防ぐために',
    outline: '水分と塩分のとり方、受診の目安になる症状を案内します。',
    hashtags: ['#熱中症', '#熱中症対策'],
  },
  {
    name: 'インフルエンザ予防接種の時期',
    from: '10-01',
    to: '12-31',
    title: 'インフルエンザ予防接種の受付',
    outline: '接種の時期・予約方法・助成の対象を案内します。',
    hashtags: ['#インフルエンザ', '#予防接種'],
  },
  {
    name: '年末年始の休診',
    from: '12-10',
    to: '01-05',
    title: '年末年始の休診のお知らせ',
    outline: '年末年始の休診日と、急な体調不良のときの相談先を案内します。',
    hashtags: ['#年末年始', '#休診のお知らせ'],
  },
];

function inSeason(season: Season, date: string): boolean {
  const md = date.slice(5);
  return season.from <= season.to
    ? md >= season.from && md <= season.to
    : md >= season.from || md <= season.to;
}

const HOLIDAYS = holidayJp.holidays as Record<string, { name: string }>;

/** Offline: holidays from the package, clinic seasons and the user's themes, per week and channel. */
export function planContentCalendarOffline(
  body: Schemas['ContentCalendarRequest'],
): Schemas['ContentCalendar'] {
  const weeks = body.weeks ?? 4;
  const perWeek = body.posts_per_week ?? 2;
  const channels: Channel[] =
    body.channels && body.channels.length > 0 ? [...(body.channels as Channel[])] : ['sns', 'website'];
  const themes = body.themes ?? [];
  const entries: Omit<Schemas['ContentCalendarEntry'], 'advertising_findings'>[] = [];
  let themeTurn = 0;
  for (let week = 0; week < weeks; week += 1) {
    const weekStart = addDays(body.start_date, week * 7);
    const days = Array.from({ length: 7 }, (_, offset) => addDays(weekStart, offset));
    const holidays = days
      .filter((day) => HOLIDAYS[day])
      .map((day) => ({ day, name: HOLIDAYS[day]?.name ?? '' }));
    const seasons = SEASONS.filter((season) => days.some((day) => inSeason(season, day)));
    for (const channel of channels) {
      for (let slot = 0; slot < perWeek; slot += 1) {
        let date = days[Math.floor((slot * 7) / perWeek)] as string;
        const holiday = holidays[slot];
        const season = seasons.length > 0 ? seasons[(week + slot) % seasons.length] : undefined;
        const theme = themes.length > 0 ? themes[themeTurn % themes.length] : undefined;
        let entry: Omit<Schemas['ContentCalendarEntry'], 'date' | 'channel' | 'advertising_findings'>;
        if (holiday) {
          // Announce the opening hours the day before the holiday when that day is in the week.
          const before = addDays(holiday.day, -1);
          date = before >= weekStart ? before : holiday.day;
          entry = {
            title: `${holiday.name}の診療時間のお知らせ`,
            outline: `${holiday.day}（${holiday.name}）の診療時間と、前後の混みやすい時間帯をお知らせします。`,
            hashtags: [`#${holiday.name}`, '#診療時間', '#クリニック'],
            occasion: holiday.name,
          };
        } else if (theme && (slot % 2 === 1 || !season)) {
          themeTurn += 1;
          entry = {
            title: theme,
            outline: `「${theme}」について、院内でよくある質問と答えを紹介します。`,
            hashtags: [`#${theme.replace(/\s+/g, '')}`, '#クリニック'],
            occasion: null,
          };
        } else if (season) {
          entry = {
            title: season.title,
            outline: season.outline,
            hashtags: [...season.hashtags, '#クリニック'],
            occasion: season.name,
          };
        } else {
          entry = {
            title: 'クリニックからのお知らせ',
            outline: '診療時間・予約方法・スタッフの紹介など、身近な話題を紹介します。',
            hashtags: ['#クリニック', '#お知らせ'],
            occasion: null,
          };
        }
        entries.push({ date, channel, ...entry });
      }
    }
  }
  entries.sort(
    (a, b) => a.date.localeCompare(b.date) || channels.indexOf(a.channel) - channels.indexOf(b.channel),
  );
  return {
    mode: 'offline',
    generated_at: new Date().toISOString(),
    entries: withEntryFindings(entries),
    sources: [
      userInput(
        '入力された期間とテーマ',
        `${body.start_date} から ${weeks} 週、週 ${perWeek} 回、${channels.map((c) => MARKETING_CHANNEL_LABELS[c]).join('・')}${themes.length > 0 ? `、テーマ: ${themes.join('、')}` : ''}`,
      ),
      {
        type: 'web',
        id: null,
        title: `国民の祝日（@holiday-jp/holiday_jp ${holidayJp.VERSION} のデータ）`,
        excerpt:
          '祝日は内閣府の「国民の祝日」に基づくパッケージのデータ、季節の行事は院内の定型（花粉症・健康診断・熱中症・インフルエンザ予防接種・年末年始）です。',
        url: 'https://www8.cao.go.jp/chosei/shukujitsu/gaiyou.html',
      },
    ],
  };
}

/** The most post ideas one call asks the model to write (bounded prompt and answer). */
const MAX_IDEAS = 30;

/**
 * The calendar's entries grouped into post ideas the model writes once for all their channels:
 * per date and topic, or per topic alone when a long calendar has more than MAX_IDEAS of those
 * (then at most MAX_IDEAS, in date order; the rest keep the rules' wording).
 */
function ideaGroups(entries: readonly Schemas['ContentCalendarEntry'][]): number[][] {
  const group = (key: (entry: Schemas['ContentCalendarEntry']) => string) => {
    const groups = new Map<string, number[]>();
    entries.forEach((entry, index) => {
      const k = key(entry);
      groups.set(k, [...(groups.get(k) ?? []), index]);
    });
    return [...groups.values()];
  };
  const byDate = group((entry) => JSON.stringify([entry.date, entry.title, entry.occasion]));
  if (byDate.length <= MAX_IDEAS) return byDate;
  return group((entry) => JSON.stringify([entry.title, entry.occasion])).slice(0, MAX_IDEAS);
}

/**
 * With a model, it writes each post idea's title, outline and hashtags; the dates, channels and
 * occasions (holidays, clinic seasons) stay the rules'. The request holds no tenant record.
 */
export async function planContentCalendar(
  inTenant: InTenant,
  services: Pick<MarketingServices, 'ai'>,
  body: Schemas['ContentCalendarRequest'],
): Promise<Schemas['ContentCalendar']> {
  const draft = planContentCalendarOffline(body);
  const groups = ideaGroups(draft.entries);
  const first = (indexes: number[]) => draft.entries[indexes[0] as number] as Schemas['ContentCalendarEntry'];
  const answer = await askModel(services.ai, inTenant, {
    task: [
      'クリニックの発信予定です。ideas の各項目について、投稿の題名（title）、内容の骨子（outline）、ハッシュタグ（hashtags、1〜6 個、# で始まり空白なし）を書いてください。',
      '事実の ideas と同じ順番で、同じ件数を返してください。祝日・季節の行事（occasion）とテーマに沿った内容にし、日付は変えないでください。',
      '医療の効果や料金など、入力にない事実は書かないでください。',
    ],
    request: body,
    facts: {
      ideas: groups.map((indexes) => ({
        dates: [...new Set(indexes.map((index) => draft.entries[index]?.date))],
        channels: [
          ...new Set(
            indexes.map((index) => MARKETING_CHANNEL_LABELS[draft.entries[index]?.channel ?? 'sns']),
          ),
        ],
        occasion: first(indexes).occasion,
      })),
    },
    draft: {
      ideas: groups.map((indexes) => {
        const { title, outline, hashtags } = first(indexes);
        return { title, outline, hashtags };
      }),
    },
    maxTokens: 3000,
  });
  if (!answer) return draft;
  const { parsed, grounded } = answer;
  // No summary in a calendar: an unusable answer shows as the rules' calendar (mode offline).
  if (!Array.isArray(parsed?.ideas) || parsed.ideas.length !== groups.length) return draft;
  const entries = [...draft.entries];
  let used = 0;
  parsed.ideas.forEach((raw, index) => {
    if (!raw || typeof raw !== 'object') return;
    const idea = raw as Record<string, unknown>;
    const title = groundedText(idea.title, grounded, 100);
    const outline = groundedText(idea.outline, grounded, 500);
    const tags = hashtags(idea.hashtags, grounded);
    if (title === null || outline === null || tags === null) return;
    used += 1;
    for (const at of groups[index] ?? []) {
      const entry = entries[at] as Schemas['ContentCalendarEntry'];
      entries[at] = { ...entry, title, outline, hashtags: tags };
    }
  });
  return used === 0 ? draft : { ...draft, mode: 'openai', entries: withEntryFindings(entries) };
}
