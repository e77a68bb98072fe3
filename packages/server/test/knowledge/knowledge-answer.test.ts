/** How answers are worded from passages: citations kept, renumbered or refused; excerpts. */
import { describe, expect, it } from 'vitest';
import {
  chatMessages,
  citationLabel,
  excerptOf,
  LEGAL_NOTICE,
  NOT_FOUND_ANSWER,
  OFFLINE_LABEL,
  offlineAnswer,
  readModelAnswer,
} from '../../src/modules/knowledge/knowledge.answer';

const passage = (title: string, page: number | null, text: string) => ({
  documentId: '00000000-0000-4000-8000-000000000001',
  title,
  fileName: `${title}.pdf`,
  chunkIndex: 0,
  page,
  text,
  score: 1,
});

describe('knowledge answers', () => {
  it('labels a citation with the title and page, or the title alone', () => {
    expect(citationLabel({ title: '就業規則', page: 2 })).toBe('（就業規則 2 ページ）');
    expect(citationLabel({ title: '受付マニュアル', page: null })).toBe('（受付マニュアル）');
  });

  it('quotes every passage verbatim, numbered, between the label and the notice', () => {
    const answer = offlineAnswer([
      passage('就業規則', 2, '第26条 休暇届は3日前までに出す。\n所属長に提出する。'),
      passage('受付マニュアル', null, '予約の変更は前日まで。'),
    ]);
    expect(answer).toBe(
      [
        OFFLINE_LABEL,
        '**[1]** （就業規則 2 ページ）\n> 第26条 休暇届は3日前までに出す。\n> 所属長に提出する。',
        '**[2]** （受付マニュアル）\n> 予約の変更は前日まで。',
        LEGAL_NOTICE,
      ].join('\n\n'),
    );
  });

  it('numbers the passages for the model after the rules, the question last', () => {
    const [system, user] = chatMessages('休暇の申請は？', [passage('就業規則', 2, '休暇届は3日前まで。')]);
    expect(system?.role).toBe('system');
    expect(system?.content).toContain(NOT_FOUND_ANSWER);
    expect(user?.content).toBe(
      '資料の抜粋:\n\n[1] （就業規則 2 ページ）\n休暇届は3日前まで。\n\n質問: 休暇の申請は？',
    );
  });

  it('keeps the cited passages in order of first use, renumbered, and drops citations of none', () => {
    expect(readModelAnswer('届は3日前まで [3]。所属長へ [1][3]。第9条 [7]', 3)).toEqual({
      kind: 'answer',
      text: '届は3日前まで [1]。所属長へ [2][1]。第9条',
      cited: [3, 1],
    });
  });

  it('tells a "not found" answer from one that cites nothing', () => {
    expect(readModelAnswer(`${NOT_FOUND_ANSWER}`, 3)).toEqual({ kind: 'not_found' });
    expect(readModelAnswer('登録された資料には該当する記載が見つかりませんでした', 3)).toEqual({
      kind: 'not_found',
    });
    expect(readModelAnswer('10 年間保存します。', 3)).toEqual({ kind: 'uncited' });
    expect(readModelAnswer('10 年間保存します [4]。', 3)).toEqual({ kind: 'uncited' });
  });

  it('excerpts about 300 characters where the question’s words are', () => {
    const text = `${'前置きの文です。'.repeat(60)}カルテは5年間保存する。${'後の文です。'.repeat(60)}`;
    const excerpt = excerptOf(text, 'カルテの保存期間');
    expect(excerpt).toContain('カルテは5年間保存する。');
    expect(excerpt.length).toBeLessThanOrEqual(302);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerptOf('短い本文。', 'カルテ')).toBe('短い本文。');
  });
});
