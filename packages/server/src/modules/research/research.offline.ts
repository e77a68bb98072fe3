/**
 * Reports compiled without a model: every figure is a count over the tenant's data, every quote
 * is a record or what the user typed, and what the records do not say is written as unknown with
 * what to check. Nothing is inferred beyond keyword rules over the user's own notes.
 */
import { INTERACTION_TYPE_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import type { CustomerFacts, InteractionFact } from './research.repository';
import { clip, SourceBook, sentencesOf, yen } from './research.sources';
import type { StoredReportBody } from './research.tables';

type Schemas = components['schemas'];
export type ResearchTopic = Schemas['ResearchTopic'];
export type CompetitorFocus = Schemas['CompetitorFocus'];
type Section = Schemas['ReportSection'];

export const ALL_TOPICS: readonly ResearchTopic[] = [
  'overview',
  'needs',
  'history',
  'risks',
  'opportunities',
];
export const ALL_FOCUS: readonly CompetitorFocus[] = [
  'pricing',
  'services',
  'marketing',
  'reputation',
  'location',
];

export const TOPIC_HEADINGS: Readonly<Record<ResearchTopic, string>> = {
  overview: '概要',
  needs: 'ニーズ',
  history: 'これまでの経緯',
  risks: 'リスク',
  opportunities: '商機',
};
export const FOCUS_HEADINGS: Readonly<Record<CompetitorFocus, string>> = {
  pricing: '価格',
  services: 'サービス内容',
  marketing: '集客',
  reputation: '評判',
  location: '立地',
};

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
const STRENGTH_WORDS = [
  '強み',
  '人気',
  '安い',
  '安価',
  '充実',
  '駅近',
  '近い',
  '広い',
  '評判が良',
  '評価が高',
  '新しい',
  '土日',
  '夜間',
  '駐車場あり',
  '早い',
];
const WEAKNESS_WORDS = [
  '弱み',
  '高い',
  '高額',
  '少ない',
  '不便',
  '待ち',
  '悪い',
  '狭い',
  '遠い',
  '古い',
  '不満',
  'ない',
  '遅い',
];

export interface ResearchDraft extends StoredReportBody {
  title: string;
}

export const DEPTH_LIMITS = {
  quick: { interactions: 3, documents: 3 },
  standard: { interactions: 5, documents: 5 },
  deep: { interactions: 10, documents: 10 },
} as const;

export interface DocumentMention {
  sourceType: 'document' | 'knowledge_document';
  id: string;
  title: string;
  snippet: string;
  url: string;
}

function customerName(customer: Pick<CustomerFacts, 'last_name' | 'first_name'>): string {
  return `${customer.last_name} ${customer.first_name}`.trim();
}

function section(heading: string, body: string, bullets: string[], citations: number[]): Section {
  return { heading, body, bullet_points: bullets, citations: [...new Set(citations)].sort((a, b) => a - b) };
}

// ── an existing customer ────────────────────────────────────────────────────────────────

export interface ExistingCustomerEvidence {
  customer: CustomerFacts;
  periodDays: number;
  interactions: {
    total: number;
    byType: { type: InteractionFact['type']; count: number }[];
    first: string | null;
    last: string | null;
    daysSinceLast: number | null;
    recent: InteractionFact[];
  };
  products: { id: string; name: string; interaction_count: number }[];
  documents: DocumentMention[];
}

export function existingCustomerReport(
  evidence: ExistingCustomerEvidence,
  topics: readonly ResearchTopic[],
): ResearchDraft {
  const { customer, interactions, products, documents, periodDays } = evidence;
  const name = customerName(customer);
  const book = new SourceBook();
  const profile = book.add({
    type: 'customer',
    id: customer.id,
    title: `${name}（顧客情報）`,
    excerpt: clip(
      [customer.company_name, customer.prefecture, customer.city, customer.notes]
        .filter(Boolean)
        .join('・') || '登録情報',
    ),
    url: `/customers/${customer.id}`,
  });
  const interactionNumbers = interactions.recent.map((interaction) =>
    book.add({
      type: 'interaction',
      id: interaction.id,
      title: `${interaction.day} ${INTERACTION_TYPE_LABELS[interaction.type]}`,
      excerpt: clip(interaction.summary || interaction.content),
      url: `/customers/${customer.id}`,
    }),
  );
  const productNumbers = products.map((product) =>
    book.add({
      type: 'product',
      id: product.id,
      title: product.name,
      excerpt: `この顧客の対応 ${product.interaction_count} 件で扱った商品`,
      url: `/products/${product.id}`,
    }),
  );
  const documentNumbers = documents.map((document) =>
    book.add({
      type: document.sourceType,
      id: document.id,
      title: document.title,
      excerpt: clip(document.snippet),
      url: document.url,
    }),
  );
  const typeCounts = interactions.byType
    .map((row) => `${INTERACTION_TYPE_LABELS[row.type]} ${row.count} 件`)
    .join('・');
  const sections: Section[] = [];
  for (const topic of topics) {
    switch (topic) {
      case 'overview': {
        const facts = [
          customer.company_name ? `会社名: ${customer.company_name}` : '会社名: 未登録',
          customer.prefecture || customer.city
            ? `地域: ${[customer.prefecture, customer.city].filter(Boolean).join('')}`
            : '地域: 未登録',
          `登録日: ${customer.registered_on}`,
          `担当: ${customer.assignee_name ?? '未設定'}`,
          customer.tags.length ? `タグ: ${customer.tags.join('、')}` : 'タグ: なし',
        ];
        sections.push(
          section(
            TOPIC_HEADINGS.overview,
            `${name} 様の登録情報です。${customer.notes ? `メモ: 「${clip(customer.notes, 200)}」` : 'メモは登録されていません。'}`,
            facts,
            [profile],
          ),
        );
        break;
      }
      case 'needs': {
        const quoted = interactions.recent.map(
          (interaction) =>
            `${interaction.day}（${INTERACTION_TYPE_LABELS[interaction.type]}）「${clip(interaction.summary || interaction.content, 80)}」`,
        );
        sections.push(
          section(
            TOPIC_HEADINGS.needs,
            quoted.length
              ? '直近の対応履歴に記録された内容です。ここにない要望は記録からは分かりません。次回の対応で確認してください。'
              : `過去 ${periodDays} 日の対応履歴がないため、ニーズは記録からは分かりません。次回の連絡で確認してください。`,
            quoted,
            quoted.length ? interactionNumbers : [profile],
          ),
        );
        break;
      }
      case 'history': {
        const bullets = [
          `過去 ${periodDays} 日の対応: ${interactions.total} 件${typeCounts ? `（${typeCounts}）` : ''}`,
          ...(interactions.first
            ? [`最初の対応: ${interactions.first}`, `最後の対応: ${interactions.last}`]
            : []),
          ...products.map((product) => `扱った商品: ${product.name}（${product.interaction_count} 件）`),
        ];
        sections.push(
          section(
            TOPIC_HEADINGS.history,
            interactions.total
              ? `過去 ${periodDays} 日に ${interactions.total} 件の対応を記録しています。`
              : `過去 ${periodDays} 日の対応は記録されていません。`,
            bullets,
            [profile, ...interactionNumbers, ...productNumbers],
          ),
        );
        break;
      }
      case 'risks': {
        const bullets: string[] = [];
        if (interactions.daysSinceLast === null)
          bullets.push(`過去 ${periodDays} 日に対応の記録がありません。`);
        else if (interactions.daysSinceLast >= 90)
          bullets.push(`最後の対応から ${interactions.daysSinceLast} 日が経っています。`);
        if (!customer.email && !customer.phone)
          bullets.push('メールアドレスも電話番号も登録されていません。');
        if (!customer.assignee_name) bullets.push('担当者が決まっていません。');
        sections.push(
          section(
            TOPIC_HEADINGS.risks,
            bullets.length
              ? '登録データから確認できる注意点です。'
              : '登録データからは注意点は見つかりませんでした（記録にない事情は分かりません）。',
            bullets,
            [profile, ...interactionNumbers.slice(0, 1)],
          ),
        );
        break;
      }
      case 'opportunities': {
        const bullets = [
          ...products.map(
            (product) => `${product.name}: 対応 ${product.interaction_count} 件で話題になっています。`,
          ),
          ...documents.map(
            (document) => `資料「${document.title}」に名前があります: ${clip(document.snippet, 60)}`,
          ),
        ];
        sections.push(
          section(
            TOPIC_HEADINGS.opportunities,
            bullets.length
              ? '記録に現れた商品と資料です。提案の材料にしてください。'
              : '商機につながる記録（扱った商品・資料）は見つかりませんでした。',
            bullets,
            [...productNumbers, ...documentNumbers, ...(bullets.length ? [] : [profile])],
          ),
        );
        break;
      }
    }
  }
  const recommendations: string[] = [];
  if (interactions.daysSinceLast === null || interactions.daysSinceLast >= 90)
    recommendations.push(`${name} 様に近況をうかがう連絡をする。`);
  if (!customer.email && !customer.phone) recommendations.push('連絡先（メール・電話）を確認して登録する。');
  if (!customer.assignee_name) recommendations.push('担当者を決める。');
  if (products.length) recommendations.push(`${products[0]?.name} の継続・関連のご案内を検討する。`);
  recommendations.push('記録にないニーズ・ご予算・ご希望の時期を次回の対応で確認する。');
  return {
    title: `${name} 顧客調査`,
    summary: `${name} 様の過去 ${periodDays} 日の対応は ${interactions.total} 件${typeCounts ? `（${typeCounts}）` : ''}です。${
      interactions.last ? `最後の対応は ${interactions.last} です。` : ''
    }${products.length ? `扱った商品は ${products.length} 件です。` : ''}`,
    sections,
    competitors: [],
    recommendations,
    sources: book.sources,
  };
}

// ── a new name ──────────────────────────────────────────────────────────────────────────

export interface NewCustomerEvidence {
  input: {
    name: string;
    company_name?: string | null;
    industry?: string | null;
    region?: string | null;
    notes?: string | null;
  };
  /** Customers with the name; null when the user may not open customers (not looked up). */
  registered: { id: string; last_name: string; first_name: string; company_name: string | null }[] | null;
  documents: DocumentMention[];
}

export function newCustomerReport(
  evidence: NewCustomerEvidence,
  topics: readonly ResearchTopic[],
): ResearchDraft {
  const { input, documents } = evidence;
  const registered = evidence.registered ?? [];
  const lookedUp = evidence.registered !== null;
  const book = new SourceBook();
  const typed = [
    `名前: ${input.name}`,
    ...(input.company_name ? [`会社名: ${input.company_name}`] : []),
    ...(input.industry ? [`業種: ${input.industry}`] : []),
    ...(input.region ? [`地域: ${input.region}`] : []),
  ];
  const given = book.add({
    type: 'user_input',
    id: null,
    title: '調査の依頼内容',
    excerpt: clip([...typed, input.notes ?? ''].filter(Boolean).join('・')),
    url: null,
  });
  const registeredNumbers = registered.map((customer) =>
    book.add({
      type: 'customer',
      id: customer.id,
      title: `${customerName(customer)}（登録済みの顧客）`,
      excerpt: customer.company_name,
      url: `/customers/${customer.id}`,
    }),
  );
  const documentNumbers = documents.map((document) =>
    book.add({
      type: document.sourceType,
      id: document.id,
      title: document.title,
      excerpt: clip(document.snippet),
      url: document.url,
    }),
  );
  const notes = sentencesOf(input.notes);
  const unknown = (what: string) => `${what}は、入力と登録データからは分かりません。`;
  const sections: Section[] = [];
  for (const topic of topics) {
    switch (topic) {
      case 'overview':
        sections.push(
          section(
            TOPIC_HEADINGS.overview,
            `入力された情報です。${input.industry ? '' : unknown('業種')}${input.region ? '' : unknown('地域')}`,
            typed,
            [given],
          ),
        );
        break;
      case 'needs':
        sections.push(
          section(
            TOPIC_HEADINGS.needs,
            notes.length
              ? '入力されたメモに書かれていることです。'
              : `${unknown('ニーズ')}初回の連絡で確認してください。`,
            notes,
            [given],
          ),
        );
        break;
      case 'history':
        sections.push(
          section(
            TOPIC_HEADINGS.history,
            !lookedUp
              ? '顧客を閲覧する権限がないため、登録済みの顧客は確かめていません。'
              : registered.length
                ? `同じ名前を含む顧客が ${registered.length} 件登録されています。同じ相手なら、その顧客の調査（登録済みの顧客）をお使いください。`
                : '同じ名前を含む顧客は登録されていません。これまでの取引はないと考えられます。',
            registered.map(
              (customer) =>
                `${customerName(customer)}${customer.company_name ? `（${customer.company_name}）` : ''}`,
            ),
            registered.length ? registeredNumbers : [given],
          ),
        );
        break;
      case 'risks':
        sections.push(
          section(
            TOPIC_HEADINGS.risks,
            `${unknown('信用・評判などのリスク')}取引の前に確認してください。`,
            ['連絡先と所在地が正しいか', '同じ名前の別の相手でないか', '支払条件・ご予算'],
            [given],
          ),
        );
        break;
      case 'opportunities':
        sections.push(
          section(
            TOPIC_HEADINGS.opportunities,
            documents.length
              ? '社内の資料にこの名前が出てきます。'
              : `社内の資料にこの名前は見つかりませんでした。${unknown('商機')}`,
            documents.map((document) => `「${document.title}」: ${clip(document.snippet, 60)}`),
            documents.length ? documentNumbers : [given],
          ),
        );
        break;
    }
  }
  return {
    title: `${input.company_name ? `${input.company_name} ` : ''}${input.name} 顧客調査`,
    summary: `${input.name} について、入力された情報と社内のデータからまとめました。${lookedUp ? `登録済みの同名の顧客は ${registered.length} 件、` : '登録済みの顧客は確かめていません。'}名前が出てくる資料は ${documents.length} 件です。外部の情報は調べていません。`,
    sections,
    competitors: [],
    recommendations: [
      '初回の連絡で、ご要望・ご予算・ご希望の時期を確認する。',
      ...(!lookedUp
        ? ['登録済みの顧客に同じ相手がいないか、顧客を閲覧できる人に確かめてもらう。']
        : registered.length
          ? ['登録済みの同名の顧客と同じ相手か確かめる。']
          : ['取引を始めるなら顧客として登録する。']),
    ],
    sources: book.sources,
  };
}

// ── competitors ─────────────────────────────────────────────────────────────────────────

export interface CompetitorEvidence {
  competitors: { name: string; url?: string | null; notes?: string | null; documents: DocumentMention[] }[];
  industry?: string | null;
  region?: string | null;
  ownProducts: { count: number; min: number | null; max: number | null };
}

function matching(sentences: readonly string[], words: readonly string[]): string[] {
  return sentences.filter((sentence) => words.some((word) => sentence.includes(word)));
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
    const documentNumbers = competitor.documents.map((document) =>
      book.add({
        type: document.sourceType,
        id: document.id,
        title: document.title,
        excerpt: clip(document.snippet),
        url: document.url,
      }),
    );
    const sentences = [
      ...sentencesOf(competitor.notes),
      ...competitor.documents.map((document) => clip(document.snippet, 120)),
    ];
    return { competitor, given, documentNumbers, sentences };
  });

  const competitors: Schemas['CompetitorProfile'][] = rows.map(({ competitor, sentences }) => {
    const strengths = matching(sentences, STRENGTH_WORDS);
    const weaknesses = matching(sentences, WEAKNESS_WORDS).filter(
      (sentence) => !strengths.includes(sentence),
    );
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
        FOCUS_HEADINGS[topic],
        bullets.length
          ? `「${FOCUS_HEADINGS[topic]}」について記録にあることです。`
          : `「${FOCUS_HEADINGS[topic]}」について、入力と社内の資料に記録はありません。確認が必要です。`,
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
        (topic) => `「${FOCUS_HEADINGS[topic]}」を各競合のウェブサイト・口コミで確認する。`,
      ),
      '分かったことを競合ごとのメモに追記し、もう一度調査する。',
    ],
    sources: book.sources,
  };
}
