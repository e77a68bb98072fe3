import type { components } from '@tsumiki/api-client';
import { GIVEN_NAMES, SAKURA_MATERIAL, SURNAMES } from '@tsumiki/api-client/demo';
import { DEMO_PEOPLE } from './session-fixture';

type Schemas = components['schemas'];
export type Customer = Schemas['Customer'];
export type Interaction = Schemas['Interaction'];
export type Notification = Schemas['Notification'];
export type DocumentRecord = Schemas['Document'];
export type Folder = Schemas['Folder'];
export type KnowledgeDocument = Schemas['KnowledgeDocument'];

/**
 * The screens' records, built from the demo material the server's seed uses
 * (@tsumiki/api-client/demo): the same names, フリガナ, addresses, companies, tags and interaction
 * texts a new user sees after `pnpm start`. Fixed dates, so screenshots do not move.
 */
const BASE = Date.parse('2026-11-20T09:00:00+09:00');
const DAY = 24 * 60 * 60 * 1000;

function isoDaysAgo(days: number, hours = 0): string {
  return new Date(BASE - days * DAY - hours * 60 * 60 * 1000).toISOString();
}

function id(prefix: number, index: number): string {
  return `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length] as T;
}

export function demoCustomer(index: number): Customer {
  const surname = pick(SURNAMES, index);
  const given = pick(GIVEN_NAMES, index * 7 + 3);
  const company = index % 4 === 1 ? pick(SAKURA_MATERIAL.companies, Math.floor(index / 4)) : null;
  const address = pick(SAKURA_MATERIAL.addresses, index * 5);
  const created = isoDaysAgo(190 + index * 17);
  return {
    id: id(1, index + 1),
    merged_into_id: null,
    patient_number: `P-${String(1001 + index)}`,
    birth_date: `19${50 + (index % 45)}-0${1 + (index % 9)}-1${index % 9}`,
    gender: null,
    last_name: surname.kanji,
    first_name: given.kanji,
    last_name_kana: surname.kana,
    first_name_kana: given.kana,
    company_name: company?.name ?? null,
    company_name_kana: company?.kana ?? null,
    email: company ? `${surname.romaji}@${company.domain}` : `${given.romaji}.${surname.romaji}@example.com`,
    phone:
      index % 3 === 0
        ? `03-54${String(10 + index).padStart(2, '0')}-${String(2000 + index * 37)}`
        : `090-12${String(10 + index).padStart(2, '0')}-${String(3000 + index * 41)}`,
    postal_code: address.postalCode,
    prefecture: '東京都',
    city: address.city,
    address_line: `${address.town}${1 + (index % 5)}-${1 + (index % 30)}-${1 + (index % 20)}${index % 2 ? ` ${pick(SAKURA_MATERIAL.buildings, index)}` : ''}`,
    tags: [
      pick(SAKURA_MATERIAL.tags, index),
      ...(index % 3 === 0 ? [pick(SAKURA_MATERIAL.tags, index + 4)] : []),
    ],
    assignee_user_id: index % 2 ? DEMO_PEOPLE.staff.id : DEMO_PEOPLE.admin.id,
    assignee_name: index % 2 ? DEMO_PEOPLE.staff.full_name : DEMO_PEOPLE.admin.full_name,
    notes: index % 4 === 0 ? pick(SAKURA_MATERIAL.notes, index) : null,
    version: 1,
    created_by: DEMO_PEOPLE.admin.id,
    updated_by: DEMO_PEOPLE.admin.id,
    created_at: created,
    updated_at: created,
    deleted_at: null,
    use_stop: null,
  };
}

/** The demo tenant's customers (さくら内科クリニック has 36). */
export const DEMO_CUSTOMERS: Customer[] = Array.from({ length: 36 }, (_, index) => demoCustomer(index));

/** A customer whose name, company and address are as long as the fields allow on a phone. */
export const LONG_NAME_CUSTOMER: Customer = {
  ...demoCustomer(40),
  id: id(1, 999),
  last_name: '勅使河原',
  first_name: '左衛門三郎',
  last_name_kana: 'テシガワラ',
  first_name_kana: 'サエモンサブロウ',
  company_name: '医療法人社団さくら会 世田谷三軒茶屋駅前総合内科・小児科クリニック',
  company_name_kana:
    'イリョウホウジンシャダンサクラカイセタガヤサンゲンジャヤエキマエソウゴウナイカショウニカクリニック',
  address_line: '三軒茶屋一丁目二十三番四十五号 グランドメゾン三軒茶屋パークサイドレジデンス 東棟 1203',
};

export function demoInteractions(customers: readonly Customer[], count: number): Interaction[] {
  return Array.from({ length: count }, (_, index) => {
    const customer = pick(customers, index * 3);
    const template = pick(SAKURA_MATERIAL.interactions, index);
    const author = index % 2 ? DEMO_PEOPLE.staff : DEMO_PEOPLE.admin;
    const at = isoDaysAgo(index * 2, index % 7);
    return {
      id: id(2, index + 1),
      customer_id: customer.id,
      customer_name: `${customer.last_name} ${customer.first_name}`,
      type: template.type,
      summary: template.summary,
      content: template.content,
      created_by: author.id,
      created_by_name: author.full_name,
      updated_by: author.id,
      updated_by_name: author.full_name,
      products: [],
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
}

export const DEMO_INTERACTIONS: Interaction[] = demoInteractions(DEMO_CUSTOMERS, 120);

export const DEMO_NOTIFICATIONS: Notification[] = DEMO_INTERACTIONS.slice(0, 12).map(
  (interaction, index) => ({
    id: id(3, index + 1),
    title: '対応履歴が追加されました',
    message: `${interaction.customer_name}様の対応履歴「${interaction.summary ?? interaction.content.slice(0, 20)}」を${interaction.created_by_name}さんが追加しました。`,
    type: index === 2 ? 'warning' : 'info',
    category: 'interaction',
    read: index >= 4,
    read_at: index >= 4 ? interaction.created_at : null,
    link: `/customers/${interaction.customer_id}`,
    created_at: interaction.created_at,
  }),
);

export const DEMO_FOLDERS: Folder[] = [
  {
    id: id(4, 1),
    name: '同意書',
    parent_id: null,
    document_count: 2,
    folder_count: 0,
    created_at: isoDaysAgo(60),
    updated_at: isoDaysAgo(3),
  },
  {
    id: id(4, 2),
    name: '検査結果',
    parent_id: null,
    document_count: 1,
    folder_count: 0,
    created_at: isoDaysAgo(50),
    updated_at: isoDaysAgo(8),
  },
];

const DOCUMENT_NAMES = [
  ['診療情報提供書_佐藤様.pdf', 'application/pdf', 3],
  [
    '健康診断結果_株式会社青葉商事.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    null,
  ],
  ['予防接種の同意書.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 2],
  ['院内掲示_年末年始の診療.pdf', 'application/pdf', 1],
  ['問診票スキャン.png', 'image/png', null],
] as const;

export const DEMO_DOCUMENTS: DocumentRecord[] = DOCUMENT_NAMES.map(
  ([fileName, contentType, pages], index) => ({
    id: id(5, index + 1),
    folder_id: null,
    file_name: fileName,
    content_type: contentType,
    size_bytes: 48_000 + index * 91_337,
    description: null,
    tags: index === 0 ? ['紹介'] : [],
    extraction_status: index === 4 ? 'unsupported' : 'ready',
    extraction_error: null,
    page_count: pages,
    customer_id: index === 0 ? DEMO_CUSTOMERS[0]!.id : null,
    customer_name: index === 0 ? `${DEMO_CUSTOMERS[0]!.last_name} ${DEMO_CUSTOMERS[0]!.first_name}` : null,
    uploaded_by: DEMO_PEOPLE.admin.full_name,
    created_at: isoDaysAgo(index * 4 + 1),
    updated_at: isoDaysAgo(index * 4 + 1),
  }),
);

export const DEMO_KNOWLEDGE: KnowledgeDocument[] = [
  ['医療法（抜粋）', 'iryouhou.pdf'],
  ['個人情報の保護に関する法律（抜粋）', 'kojin-jouhou.pdf'],
  ['医療広告ガイドライン', 'iryou-koukoku.pdf'],
].map(([title, fileName], index) => ({
  id: id(6, index + 1),
  title: title as string,
  description: null,
  tags: ['法令'],
  file_name: fileName as string,
  content_type: 'application/pdf',
  size_bytes: 220_000 + index * 10_000,
  status: 'ready',
  error: null,
  chunk_count: 40 + index * 12,
  page_count: 12 + index * 3,
  uploaded_by: DEMO_PEOPLE.admin.full_name,
  created_at: isoDaysAgo(30 + index),
  updated_at: isoDaysAgo(30 + index),
}));
