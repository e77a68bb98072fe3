import { INTERACTION_TYPE_LABELS, RESEARCH_TOPIC_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { rowName } from '../../platform/text/person-name';
import {
  citeDocuments,
  type DocumentMention,
  type ResearchDraft,
  type ResearchTopic,
  section,
} from './research.draft';
import type { CustomerFacts, InteractionFact } from './research.repository';
import { clip, SourceBook } from './research.sources';

type Section = components['schemas']['ReportSection'];

/** A customer on record: counts over their interactions, quotes of them, products and documents. */
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
  const name = rowName(customer);
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
  const documentNumbers = citeDocuments(book, documents);
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
            RESEARCH_TOPIC_LABELS.overview,
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
            RESEARCH_TOPIC_LABELS.needs,
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
            RESEARCH_TOPIC_LABELS.history,
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
            RESEARCH_TOPIC_LABELS.risks,
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
            RESEARCH_TOPIC_LABELS.opportunities,
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
