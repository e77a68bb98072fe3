import { COMPETITOR_FOCUS_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import {
  noteSentences,
  RESEARCH_COMPETITOR_WORDS,
  sortCompetitorNotes,
} from '../../platform/ai/competitor-notes';
import {
  ALL_FOCUS,
  type CompetitorFocus,
  citeDocuments,
  type DocumentMention,
  type ResearchDraft,
  section,
} from './research.draft';
import { clip, SourceBook, yen } from './research.sources';

type Schemas = components['schemas'];
type Section = Schemas['ReportSection'];

/** Words that put a sentence of the user's notes under a focus. */
const FOCUS_WORDS: Readonly<Record<CompetitorFocus, readonly string[]>> = {
  pricing: ['円', '価格', '料金', '費用', '安', '高', '割引', '無料'],
  services: ['診療', '施術', 'メニュー', 'サービス', '検査', '治療', '対応', '予約', '夜間', '土日'],
  marketing: [
    '広告',
    'SNS',
    'Instagram',
    'LINE',
    'チラシ',
    'ホームページ',
    'サイト',
    '集客',
    'キャンペーン',
    '口コミ',
  ],
  reputation: ['評判', '口コミ', '評価', '人気', '満足', '不満', 'レビュー', '待ち'],
  location: ['駅', '徒歩', '駐車', '立地', '近', '区', '市', '町'],
};

export interface CompetitorEvidence {
  competitors: { name: string; url?: string | null; notes?: string | null; documents: DocumentMention[] }[];
  industry?: string | null;
  region?: string | null;
  ownProducts: { count: number; min: number | null; max: number | null };
}

/** How many of a focus's words a sentence uses. */
function focusScore(sentence: string, topic: CompetitorFocus): number {
  return FOCUS_WORDS[topic].filter((word) => sentence.includes(word)).length;
}

/**
 * The sentences that belong under `topic`: each sentence goes to the focus whose words it uses
 * most (「自費メニューの価格は当院より高い」 is about price, not the menu), and to several only on
 * a tie.
 */
function underFocus(sentences: readonly string[], topic: CompetitorFocus): string[] {
  return sentences.filter((sentence) => {
    const score = focusScore(sentence, topic);
    return score > 0 && ALL_FOCUS.every((other) => focusScore(sentence, other) <= score);
  });
}

export function competitorReport(
  evidence: CompetitorEvidence,
  focus: readonly CompetitorFocus[],
): ResearchDraft {
  const book = new SourceBook();
  const own =
    evidence.ownProducts.count > 0
      ? book.add({
          type: 'product',
          id: null,
          title: '自院の商品・サービス（販売中）',
          excerpt: `${evidence.ownProducts.count} 件、${yen(evidence.ownProducts.min ?? 0)}〜${yen(evidence.ownProducts.max ?? 0)}`,
          url: '/products',
        })
      : null;
  const rows = evidence.competitors.map((competitor) => {
    const given = book.add({
      type: 'user_input',
      id: null,
      title: `${competitor.name}（入力された情報）`,
      excerpt: competitor.notes ? clip(competitor.notes) : null,
      url: competitor.url ?? null,
    });
    const documentNumbers = citeDocuments(book, competitor.documents);
    const sentences = [
      ...noteSentences(competitor.notes, { keepMarks: true }),
      ...competitor.documents.map((document) => clip(document.snippet, 120)),
    ];
    return { competitor, given, documentNumbers, sentences };
  });

  const competitors: Schemas['CompetitorProfile'][] = rows.map(({ competitor, sentences }) => {
    const { strengths, weaknesses } = sortCompetitorNotes(sentences, RESEARCH_COMPETITOR_WORDS);
    return {
      name: competitor.name,
      summary: sentences.length
        ? clip(sentences.slice(0, 2).join(' '), 160)
        : '入力・社内の資料に情報がありません。ウェブサイトや口コミで確認してください。',
      strengths: strengths.length ? strengths : ['記録なし（確認が必要）'],
      weaknesses: weaknesses.length ? weaknesses : ['記録なし（確認が必要）'],
    };
  });

  const sections: Section[] = [
    section(
      '概要',
      `${evidence.competitors.length} 件の競合について、入力された情報と社内の資料からまとめました。${
        evidence.region ? `商圏: ${evidence.region}。` : ''
      }${evidence.industry ? `業種: ${evidence.industry}。` : ''}外部の情報は調べていません。`,
      rows.map(({ competitor }) => `${competitor.name}${competitor.url ? `（${competitor.url}）` : ''}`),
      rows.map((row) => row.given),
    ),
  ];
  for (const topic of focus) {
    const bullets: string[] = [];
    const citations: number[] = [];
    for (const row of rows) {
      const found = underFocus(row.sentences, topic);
      for (const sentence of found) bullets.push(`${row.competitor.name}: ${sentence}`);
      if (found.length) citations.push(row.given, ...row.documentNumbers);
    }
    if (topic === 'pricing' && own !== null) {
      bullets.push(
        `自院: 販売中の商品・サービス ${evidence.ownProducts.count} 件、${yen(evidence.ownProducts.min ?? 0)}〜${yen(evidence.ownProducts.max ?? 0)}`,
      );
      citations.push(own);
    }
    sections.push(
      section(
        COMPETITOR_FOCUS_LABELS[topic],
        bullets.length
          ? `「${COMPETITOR_FOCUS_LABELS[topic]}」について記録にあることです。`
          : `「${COMPETITOR_FOCUS_LABELS[topic]}」について、入力と社内の資料に記録はありません。確認が必要です。`,
        bullets,
        citations.length ? citations : rows.map((row) => row.given),
      ),
    );
  }
  const unknownFocus = focus.filter((topic) =>
    rows.every((row) => underFocus(row.sentences, topic).length === 0),
  );
  return {
    title: `競合分析（${evidence.competitors.map((competitor) => competitor.name).join('・')}）`,
    summary: `${evidence.competitors.map((competitor) => competitor.name).join('、')} について、入力された情報と社内の資料 ${rows.reduce((sum, row) => sum + row.documentNumbers.length, 0)} 件からまとめました。`,
    sections,
    competitors,
    recommendations: [
      ...unknownFocus.map(
        (topic) => `「${COMPETITOR_FOCUS_LABELS[topic]}」を各競合のウェブサイト・口コミで確認する。`,
      ),
      '分かったことを競合ごとのメモに追記し、もう一度調査する。',
    ],
    sources: book.sources,
  };
}
