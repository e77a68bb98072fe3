/**
 * Where a question names someone: the phrase handed to resolvePerson (assistant.people.ts), which
 * decides who it is. Only the wording is read here, never the data.
 */
import { isGenericWord } from './assistant.people';

type CharClass = 'kana' | 'other';

// Hiragana on its own (さとう); kanji, katakana, Latin letters and the marks names use on the other.
function classOf(char: string | undefined): CharClass | null {
  if (char === undefined) return null;
  if (/\p{Script=Hiragana}/u.test(char)) return 'kana';
  return /[\p{Script=Han}\p{Script=Katakana}\p{Script=Latin}ー々〆ヶ・]/u.test(char) ? 'other' : null;
}

/**
 * The name ending at `end` (a UTF-16 index): a run of one script, so 「昨日来院した佐藤」 gives
 * 佐藤 and 「さとう」 stays whole; joined across one space (佐藤 彩, 佐藤 あや) and one の between
 * kanji or katakana (佐藤工務店の木村, スタッフの佐藤), which parsePersonQuery takes apart.
 */
function nameBefore(text: string, end: number): string | null {
  const chars = [...text.slice(0, end)];
  let start = chars.length;
  const first = classOf(chars[start - 1]);
  if (!first) return null;
  const run = (kind: CharClass) => {
    while (start > 0 && classOf(chars[start - 1]) === kind) start -= 1;
  };
  run(first);
  let joined: 'space' | 'no' | null = null;
  for (;;) {
    const gap = chars[start - 1];
    const before = classOf(chars[start - 2]);
    const current = classOf(chars[start]);
    // A surname before a space is kanji or katakana, or kana before kana: 「ねえ 佐藤」 is not a name.
    if (
      joined === null &&
      gap !== undefined &&
      /\s/u.test(gap) &&
      (before === 'other' || before === current)
    ) {
      joined = 'space';
      start -= 1;
      run(before as CharClass);
    } else if (joined !== 'no' && gap === 'の' && before === 'other' && current === 'other') {
      joined = 'no';
      start -= 1;
      run('other');
    } else break;
  }
  const name = chars.slice(start).join('').trim();
  return name === '' ? null : name;
}

const HONORIFIC = /さん|さま|様|先生|くん|ちゃん|氏(?!名)|殿/gu;

/** The person a question names with an honorific, honorific included (「佐藤工務店の木村さん」). */
export function personPhraseIn(question: string): string | null {
  const text = question.normalize('NFKC');
  for (const match of text.matchAll(HONORIFIC)) {
    const name = nameBefore(text, match.index);
    const bare = name?.split('の').at(-1) ?? '';
    if (name && !isGenericWord(bare) && !isGenericWord(name)) return `${name}${match[0]}`;
  }
  return null;
}

const ABOUT = /の(?:(?:最近|最新|直近|過去)の)?(?:対応|履歴|やりとり|やり取り)/u;

/** What 「…の対応」 is about when no honorific says it is a person (「佐藤工務店の対応」). */
export function subjectPhraseIn(question: string): string | null {
  const text = question.normalize('NFKC');
  const about = ABOUT.exec(text);
  if (!about) return null;
  const name = nameBefore(text, about.index);
  if (!name || isGenericWord(name) || !/[\p{Script=Han}\p{Script=Katakana}\p{Script=Latin}]/u.test(name))
    return null;
  return name;
}

/** The questions an answer of customer_interactions asks back (see assistant.person-answers.ts). */
const ASKS_WHICH = /(?:どちらの方|この方)ですか？/u;
const ASKS_SAME_NAME = /\d+ 人(?:以上)?登録されています。どちらの方ですか？/u;
const HONORIFIC_AT_END = /(?:さん|さま|様|先生|くん|ちゃん|氏|殿)$/u;

/**
 * The reply to 「佐藤さんは 2 人登録されています。どちらの方ですか？」 as a phrase: the name it
 * gives (「佐藤 健一さんです」), after the surname asked before when it gives only a given name
 * (「彩さんの方」 → 佐藤 彩). Null when the last answer asked nothing or the reply names nobody.
 */
export function clarifiedPhrase(
  reply: string,
  history: readonly { role: 'user' | 'assistant'; content: string }[],
): string | null {
  const [question, answer] = history.slice(-2);
  if (question?.role !== 'user' || answer?.role !== 'assistant' || !ASKS_WHICH.test(answer.content))
    return null;
  const text = reply.normalize('NFKC').trim();
  const named =
    personPhraseIn(text) ??
    nameBefore(
      text.replace(/(?:の方|のほう)?(?:です|でした|だよ|です。|。)*$/u, ''),
      Number.POSITIVE_INFINITY,
    );
  if (!named || isGenericWord(named)) return null;
  // Only namesakes share the surname asked; after 「会社名に…を含む顧客」 the reply stands alone.
  if (!ASKS_SAME_NAME.test(answer.content)) return named;
  const asked = personPhraseIn(question.content)?.replace(HONORIFIC_AT_END, '') ?? '';
  const single = (name: string) => !/[\sの]/u.test(name.replace(HONORIFIC_AT_END, ''));
  if (asked && single(asked) && single(named) && !named.startsWith(asked)) return `${asked} ${named}`;
  return named;
}
