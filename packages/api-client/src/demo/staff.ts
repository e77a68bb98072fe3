// 架空のデモ用スタッフ名簿。氏名・連絡先はすべて架空で、実在の人物とは関係ありません。
// The server's demo seed inserts them (packages/server/src/seed/demo-staff.ts); the Storybook
// screens show them.
import type { components } from '../generated/schema';

type Schemas = components['schemas'];

/** One demo staff member: the contract's fields (no ids or dates). */
export interface DemoStaff {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  email?: string | null;
  phone?: string | null;
  department?: string | null;
  position?: string | null;
  employment_type: Schemas['EmploymentType'];
  status?: Schemas['StaffStatus'];
  hire_date?: string | null;
  qualifications?: string[];
  notes?: string | null;
  /** The demo user (by email) this staff member signs in as. */
  account?: string;
}

export const SAKURA_ROSTER: DemoStaff[] = [
  {
    last_name: '山本',
    first_name: '誠',
    last_name_kana: 'ヤマモト',
    first_name_kana: 'マコト',
    department: '診療部',
    position: '院長・医師',
    employment_type: 'full_time',
    hire_date: '2012-04-01',
    qualifications: ['医師免許', '総合内科専門医'],
    email: 'yamamoto@sakura-clinic.example',
    phone: '03-5555-0101',
  },
  {
    last_name: '中村',
    first_name: '彩',
    last_name_kana: 'ナカムラ',
    first_name_kana: 'アヤ',
    department: '診療部',
    position: '医師',
    employment_type: 'part_time',
    hire_date: '2019-10-01',
    qualifications: ['医師免許', '糖尿病専門医'],
    notes: '火・木の午後のみ外来',
  },
  {
    last_name: '小林',
    first_name: '直子',
    last_name_kana: 'コバヤシ',
    first_name_kana: 'ナオコ',
    department: '看護部',
    position: '看護師長',
    employment_type: 'full_time',
    hire_date: '2014-04-01',
    qualifications: ['看護師免許', '保健師免許'],
    phone: '03-5555-0201',
  },
  {
    last_name: '加藤',
    first_name: '舞',
    last_name_kana: 'カトウ',
    first_name_kana: 'マイ',
    department: '看護部',
    position: '看護師',
    employment_type: 'full_time',
    hire_date: '2021-04-01',
    qualifications: ['看護師免許'],
  },
  {
    last_name: '吉田',
    first_name: '恵',
    last_name_kana: 'ヨシダ',
    first_name_kana: 'メグミ',
    department: '看護部',
    position: '准看護師',
    employment_type: 'part_time',
    status: 'on_leave',
    hire_date: '2020-06-15',
    qualifications: ['准看護師免許'],
    notes: '育児休業中（来年4月に復帰予定）',
  },
  {
    last_name: '田中',
    first_name: '健太',
    last_name_kana: 'タナカ',
    first_name_kana: 'ケンタ',
    department: '受付',
    position: '受付',
    employment_type: 'full_time',
    hire_date: '2022-09-01',
    qualifications: ['医療事務技能審査'],
    email: 'staff@sakura-clinic.example',
    account: 'staff@sakura-clinic.example',
  },
  {
    last_name: '佐藤',
    first_name: '美咲',
    last_name_kana: 'サトウ',
    first_name_kana: 'ミサキ',
    department: '事務部',
    position: '事務長',
    employment_type: 'full_time',
    hire_date: '2015-01-05',
    qualifications: ['医療事務', '医療情報技師'],
    email: 'admin@sakura-clinic.example',
    account: 'admin@sakura-clinic.example',
  },
  {
    last_name: '井上',
    first_name: '聡',
    last_name_kana: 'イノウエ',
    first_name_kana: 'サトシ',
    department: '事務部',
    position: '医療事務',
    employment_type: 'contract',
    hire_date: '2023-04-01',
    qualifications: ['診療報酬請求事務能力認定'],
  },
  {
    last_name: '清水',
    first_name: '由香',
    last_name_kana: 'シミズ',
    first_name_kana: 'ユカ',
    department: '検査室',
    position: '臨床検査技師',
    employment_type: 'part_time',
    hire_date: '2018-07-01',
    qualifications: ['臨床検査技師免許'],
  },
  {
    last_name: '森',
    first_name: '洋子',
    last_name_kana: 'モリ',
    first_name_kana: 'ヨウコ',
    department: '受付',
    position: '受付',
    employment_type: 'temporary',
    status: 'retired',
    hire_date: '2016-04-01',
    notes: '2025年3月に退職',
  },
];

export const MIDORI_ROSTER: DemoStaff[] = [
  {
    last_name: '高橋',
    first_name: '由美子',
    last_name_kana: 'タカハシ',
    first_name_kana: 'ユミコ',
    department: '診療部',
    position: '院長・歯科医師',
    employment_type: 'full_time',
    hire_date: '2010-05-10',
    qualifications: ['歯科医師免許'],
    email: 'admin@midori-dental.example',
    account: 'admin@midori-dental.example',
  },
  {
    last_name: '伊藤',
    first_name: '翔',
    last_name_kana: 'イトウ',
    first_name_kana: 'ショウ',
    department: '診療部',
    position: '歯科医師',
    employment_type: 'full_time',
    hire_date: '2020-04-01',
    qualifications: ['歯科医師免許', '口腔外科認定医'],
  },
  {
    last_name: '渡辺',
    first_name: '千尋',
    last_name_kana: 'ワタナベ',
    first_name_kana: 'チヒロ',
    department: '衛生部',
    position: '歯科衛生士',
    employment_type: 'full_time',
    hire_date: '2017-04-01',
    qualifications: ['歯科衛生士免許'],
  },
  {
    last_name: '松本',
    first_name: '愛',
    last_name_kana: 'マツモト',
    first_name_kana: 'アイ',
    department: '衛生部',
    position: '歯科衛生士',
    employment_type: 'part_time',
    hire_date: '2022-01-11',
    qualifications: ['歯科衛生士免許'],
  },
  {
    last_name: '木村',
    first_name: '沙織',
    last_name_kana: 'キムラ',
    first_name_kana: 'サオリ',
    department: '受付',
    position: '受付・歯科助手',
    employment_type: 'part_time',
    hire_date: '2023-08-01',
    qualifications: ['歯科助手資格'],
  },
  {
    last_name: '林',
    first_name: '大輔',
    last_name_kana: 'ハヤシ',
    first_name_kana: 'ダイスケ',
    department: '技工室',
    position: '歯科技工士',
    employment_type: 'outsourced',
    qualifications: ['歯科技工士免許'],
    notes: '週2回来院',
  },
];
