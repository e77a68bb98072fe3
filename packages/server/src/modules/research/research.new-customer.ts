import { RESEARCH_TOPIC_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { noteSentences } from '../../platform/ai/competitor-notes';
import { rowName } from '../../platform/text/person-name';
import {
  citeDocuments,
  type DocumentMention,
  type ResearchDraft,
  type ResearchTopic,
  section,
} from './research.draft';
import { clip, SourceBook } from './research.sources';

type Section = components['schemas']['ReportSection'];

/** A name not on record: what the user typed, same-named customers and the documents naming it. */
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
      title: `${rowName(customer)}（登録済みの顧客）`,
      excerpt: customer.company_name,
      url: `/customers/${customer.id}`,
    }),
  );
  const documentNumbers = citeDocuments(book, documents);
  const notes = noteSentences(input.notes, { keepMarks: true });
  const unknown = (what: string) => `${what}は、入力と登録データからは分かりません。`;
  const sections: Section[] = [];
  for (const topic of topics) {
    switch (topic) {
      case 'overview':
        sections.push(
          section(
            RESEARCH_TOPIC_LABELS.overview,
            `入力された情報です。${input.industry ? '' : unknown('業種')}${input.region ? '' : unknown('地域')}`,
            typed,
            [given],
          ),
        );
        break;
      case 'needs':
        sections.push(
          section(
            RESEARCH_TOPIC_LABELS.needs,
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
            RESEARCH_TOPIC_LABELS.history,
            !lookedUp
              ? '顧客を閲覧する権限がないため、登録済みの顧客は確かめていません。'
              : registered.length
                ? `同じ名前を含む顧客が ${registered.length} 件登録されています。同じ相手なら、その顧客の調査（登録済みの顧客）をお使いください。`
                : '同じ名前を含む顧客は登録されていません。これまでの取引はないと考えられます。',
            registered.map(
              (customer) =>
                `${rowName(customer)}${customer.company_name ? `（${customer.company_name}）` : ''}`,
            ),
            registered.length ? registeredNumbers : [given],
          ),
        );
        break;
      case 'risks':
        sections.push(
          section(
            RESEARCH_TOPIC_LABELS.risks,
            `${unknown('信用・評判などのリスク')}取引の前に確認してください。`,
            ['連絡先と所在地が正しいか', '同じ名前の別の相手でないか', '支払条件・ご予算'],
            [given],
          ),
        );
        break;
      case 'opportunities':
        sections.push(
          section(
            RESEARCH_TOPIC_LABELS.opportunities,
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
