// 架空のデモデータの素材。氏名・会社名・連絡先はすべて架空で、実在の人物・団体とは関係ありません。
// The one source of the demo's people, places and notes: the server's seed (pnpm start) builds its
// customers and interactions from it, and the app's Storybook screens show the same material.
import type { components } from '../generated/schema';

type InteractionType = components['schemas']['InteractionType'];

export interface NamePart {
  kanji: string;
  kana: string;
  romaji: string;
}

export const SURNAMES: NamePart[] = [
  { kanji: '佐藤', kana: 'サトウ', romaji: 'sato' },
  { kanji: '鈴木', kana: 'スズキ', romaji: 'suzuki' },
  { kanji: '高橋', kana: 'タカハシ', romaji: 'takahashi' },
  { kanji: '田中', kana: 'タナカ', romaji: 'tanaka' },
  { kanji: '伊藤', kana: 'イトウ', romaji: 'ito' },
  { kanji: '渡辺', kana: 'ワタナベ', romaji: 'watanabe' },
  { kanji: '山本', kana: 'ヤマモト', romaji: 'yamamoto' },
  { kanji: '中村', kana: 'ナカムラ', romaji: 'nakamura' },
  { kanji: '小林', kana: 'コバヤシ', romaji: 'kobayashi' },
  { kanji: '加藤', kana: 'カトウ', romaji: 'kato' },
  { kanji: '吉田', kana: 'ヨシダ', romaji: 'yoshida' },
  { kanji: '山田', kana: 'ヤマダ', romaji: 'yamada' },
  { kanji: '佐々木', kana: 'ササキ', romaji: 'sasaki' },
  { kanji: '山口', kana: 'ヤマグチ', romaji: 'yamaguchi' },
  { kanji: '松本', kana: 'マツモト', romaji: 'matsumoto' },
  { kanji: '井上', kana: 'イノウエ', romaji: 'inoue' },
  { kanji: '木村', kana: 'キムラ', romaji: 'kimura' },
  { kanji: '林', kana: 'ハヤシ', romaji: 'hayashi' },
  { kanji: '斎藤', kana: 'サイトウ', romaji: 'saito' },
  { kanji: '清水', kana: 'シミズ', romaji: 'shimizu' },
  { kanji: '山崎', kana: 'ヤマザキ', romaji: 'yamazaki' },
  { kanji: '森', kana: 'モリ', romaji: 'mori' },
  { kanji: '池田', kana: 'イケダ', romaji: 'ikeda' },
  { kanji: '橋本', kana: 'ハシモト', romaji: 'hashimoto' },
  { kanji: '阿部', kana: 'アベ', romaji: 'abe' },
  { kanji: '石川', kana: 'イシカワ', romaji: 'ishikawa' },
  { kanji: '前田', kana: 'マエダ', romaji: 'maeda' },
  { kanji: '藤田', kana: 'フジタ', romaji: 'fujita' },
  { kanji: '小川', kana: 'オガワ', romaji: 'ogawa' },
  { kanji: '岡田', kana: 'オカダ', romaji: 'okada' },
  { kanji: '後藤', kana: 'ゴトウ', romaji: 'goto' },
  { kanji: '長谷川', kana: 'ハセガワ', romaji: 'hasegawa' },
  { kanji: '村上', kana: 'ムラカミ', romaji: 'murakami' },
  { kanji: '近藤', kana: 'コンドウ', romaji: 'kondo' },
  { kanji: '石井', kana: 'イシイ', romaji: 'ishii' },
  { kanji: '坂本', kana: 'サカモト', romaji: 'sakamoto' },
  { kanji: '遠藤', kana: 'エンドウ', romaji: 'endo' },
  { kanji: '青木', kana: 'アオキ', romaji: 'aoki' },
  { kanji: '藤井', kana: 'フジイ', romaji: 'fujii' },
  { kanji: '西村', kana: 'ニシムラ', romaji: 'nishimura' },
];

export const GIVEN_NAMES: NamePart[] = [
  { kanji: '陽子', kana: 'ヨウコ', romaji: 'yoko' },
  { kanji: '健一', kana: 'ケンイチ', romaji: 'kenichi' },
  { kanji: '恵子', kana: 'ケイコ', romaji: 'keiko' },
  { kanji: '浩', kana: 'ヒロシ', romaji: 'hiroshi' },
  { kanji: '美穂', kana: 'ミホ', romaji: 'miho' },
  { kanji: '隆', kana: 'タカシ', romaji: 'takashi' },
  { kanji: '由美', kana: 'ユミ', romaji: 'yumi' },
  { kanji: '誠', kana: 'マコト', romaji: 'makoto' },
  { kanji: '真由美', kana: 'マユミ', romaji: 'mayumi' },
  { kanji: '大輔', kana: 'ダイスケ', romaji: 'daisuke' },
  { kanji: '愛', kana: 'アイ', romaji: 'ai' },
  { kanji: '翔太', kana: 'ショウタ', romaji: 'shota' },
  { kanji: '結衣', kana: 'ユイ', romaji: 'yui' },
  { kanji: '拓也', kana: 'タクヤ', romaji: 'takuya' },
  { kanji: '花子', kana: 'ハナコ', romaji: 'hanako' },
  { kanji: '直樹', kana: 'ナオキ', romaji: 'naoki' },
  { kanji: '智子', kana: 'トモコ', romaji: 'tomoko' },
  { kanji: '哲也', kana: 'テツヤ', romaji: 'tetsuya' },
  { kanji: '久美子', kana: 'クミコ', romaji: 'kumiko' },
  { kanji: '和夫', kana: 'カズオ', romaji: 'kazuo' },
  { kanji: '明美', kana: 'アケミ', romaji: 'akemi' },
  { kanji: '茂', kana: 'シゲル', romaji: 'shigeru' },
  { kanji: '千尋', kana: 'チヒロ', romaji: 'chihiro' },
  { kanji: '修', kana: 'オサム', romaji: 'osamu' },
  { kanji: '彩', kana: 'アヤ', romaji: 'aya' },
  { kanji: '亮', kana: 'リョウ', romaji: 'ryo' },
  { kanji: '奈々', kana: 'ナナ', romaji: 'nana' },
  { kanji: '蓮', kana: 'レン', romaji: 'ren' },
  { kanji: '和子', kana: 'カズコ', romaji: 'kazuko' },
  { kanji: '悠斗', kana: 'ユウト', romaji: 'yuto' },
  { kanji: '裕子', kana: 'ユウコ', romaji: 'yuko' },
  { kanji: '秀樹', kana: 'ヒデキ', romaji: 'hideki' },
  { kanji: '里美', kana: 'サトミ', romaji: 'satomi' },
  { kanji: '正男', kana: 'マサオ', romaji: 'masao' },
  { kanji: '麻衣', kana: 'マイ', romaji: 'mai' },
  { kanji: '健太', kana: 'ケンタ', romaji: 'kenta' },
];

export interface Company {
  name: string;
  kana: string;
  domain: string;
}

export interface Address {
  postalCode: string;
  city: string;
  town: string;
}

export interface InteractionTemplate {
  type: InteractionType;
  summary: string | null;
  content: string;
}

export interface TenantMaterial {
  companies: Company[];
  addresses: Address[];
  tags: string[];
  notes: string[];
  buildings: string[];
  interactions: InteractionTemplate[];
}

const BUILDINGS = [
  'サンライズハイツ 203',
  'メゾン・ド・ソレイユ 105',
  'グリーンコート 402',
  'パークサイド三番館 701',
  'コーポ桜 1F',
  'ライオンズプラザ 508',
  'ベルウッド 302',
];

/** さくら内科クリニック（世田谷・目黒・渋谷のあたり） */
export const SAKURA_MATERIAL: TenantMaterial = {
  companies: [
    { name: '株式会社青葉商事', kana: 'アオバショウジ', domain: 'aoba-shoji.example' },
    { name: '有限会社佐藤工務店', kana: 'サトウコウムテン', domain: 'sato-koumuten.example' },
    { name: '株式会社みなと物流', kana: 'ミナトブツリュウ', domain: 'minato-logi.example' },
    { name: '東京テクノ株式会社', kana: 'トウキョウテクノ', domain: 'tokyo-techno.example' },
    { name: '株式会社さくらベーカリー', kana: 'サクラベーカリー', domain: 'sakura-bakery.example' },
    { name: '合同会社ひかりデザイン', kana: 'ヒカリデザイン', domain: 'hikari-design.example' },
    { name: '株式会社三軒茶屋フーズ', kana: 'サンゲンジャヤフーズ', domain: 'sangenjaya-foods.example' },
  ],
  addresses: [
    { postalCode: '154-0024', city: '世田谷区', town: '三軒茶屋' },
    { postalCode: '154-0004', city: '世田谷区', town: '太子堂' },
    { postalCode: '155-0031', city: '世田谷区', town: '北沢' },
    { postalCode: '156-0043', city: '世田谷区', town: '松原' },
    { postalCode: '154-0017', city: '世田谷区', town: '世田谷' },
    { postalCode: '153-0063', city: '目黒区', town: '目黒' },
    { postalCode: '152-0035', city: '目黒区', town: '自由が丘' },
    { postalCode: '150-0001', city: '渋谷区', town: '神宮前' },
    { postalCode: '150-0043', city: '渋谷区', town: '道玄坂' },
    { postalCode: '151-0053', city: '渋谷区', town: '代々木' },
    { postalCode: '160-0022', city: '新宿区', town: '新宿' },
    { postalCode: '164-0001', city: '中野区', town: '中野' },
  ],
  tags: ['初診', '定期検診', '要フォロー', '健康診断', '高血圧', '糖尿病', '予防接種', '紹介', '法人契約'],
  notes: [
    '平日午前中の予約を希望。',
    'ペニシリン系の薬にアレルギーあり。処方時は必ず確認すること。',
    '血圧手帳を毎回持参いただいている。',
    '花粉症の時期は早めの来院を希望。',
    '聞き取りにやや不安があるため、説明は筆談も併用する。',
    '会社の健康診断の取りまとめ担当者。',
    '駐車場の利用を希望されることが多い。',
    'ご家族（配偶者）も当院に通院中。',
  ],
  buildings: BUILDINGS,
  interactions: [
    {
      type: 'call',
      summary: '予約変更の連絡',
      content:
        '来週火曜10時の予約を木曜15時に変更したいとの電話。空き枠を確認して変更済み。確認のメールを送付した。',
    },
    {
      type: 'visit',
      summary: '定期検診で来院',
      content:
        '定期検診で来院。血圧は132/84、体重は前回比で1.2kg減。食事と運動の取り組みを続けるよう説明した。次回は3か月後を予定。',
    },
    {
      type: 'email',
      summary: '検査結果の問い合わせ',
      content:
        '先週の血液検査の結果についてメールで問い合わせ。結果は次回の来院時に医師から説明する旨を返信した。',
    },
    {
      type: 'visit',
      summary: null,
      content:
        '発熱と咳で来院。インフルエンザの迅速検査は陰性。解熱剤と咳止めを処方し、3日後に再診の予定。水分をこまめにとるよう伝えた。',
    },
    {
      type: 'call',
      summary: '処方薬の確認',
      content: '降圧剤の飲み忘れについて相談。気づいた時点で服用し、次の分と重ねて飲まないよう案内した。',
    },
    {
      type: 'meeting',
      summary: '健康診断の打ち合わせ',
      content:
        '社員健康診断（約40名）の実施日程と受診枠について人事担当者と打ち合わせ。来月第2週の午前枠で調整することで合意。見積書を後日送付する。',
    },
    {
      type: 'other',
      summary: '紹介状の作成',
      content: '専門医への紹介状の作成依頼を受け付けた。医師の確認後、来週中にお渡しする予定。',
    },
    {
      type: 'visit',
      summary: '予防接種',
      content: 'インフルエンザの予防接種を実施。接種後15分の経過観察で異常なし。',
    },
    {
      type: 'email',
      summary: '健康診断のご案内',
      content:
        '健康診断の予約日時と当日の注意事項（前日21時以降は絶食、当日の朝は水のみ可）をメールで案内した。',
    },
    {
      type: 'call',
      summary: null,
      content:
        '前回処方した薬で胃の不快感があるとの連絡。医師に確認のうえ、食後に服用するよう案内した。症状が続く場合は来院をお願いした。',
    },
    {
      type: 'visit',
      summary: '健康診断の結果説明',
      content: '健康診断の結果を説明。LDLコレステロールがやや高め。食事指導を行い、半年後に再検査の予定。',
    },
    {
      type: 'call',
      summary: '再検査のご案内',
      content: '再検査の予約がまだのため電話で案内。不在のため留守番電話にメッセージを残した。',
    },
    {
      type: 'email',
      summary: null,
      content: 'Web問診票の入力方法について問い合わせがあり、入力手順を画像付きで返信した。',
    },
    {
      type: 'meeting',
      summary: 'ストレスチェックの相談',
      content:
        '産業医面談とストレスチェックの実施方法について人事担当者と打ち合わせ。年1回の実施で進める方針となり、実施要領を来週送付する。',
    },
    {
      type: 'visit',
      summary: '糖尿病の定期受診',
      content: 'HbA1cは6.8%で前回より改善。食事記録を続けてもらい、内服薬は現状維持とした。',
    },
    {
      type: 'other',
      summary: '診断書の発行',
      content: '診断書の発行を受け付けた。手数料と受け取り日を案内した。',
    },
  ],
};

/** みどり歯科（大田・品川のあたり） */
export const MIDORI_MATERIAL: TenantMaterial = {
  companies: [
    { name: '株式会社緑山建設', kana: 'ミドリヤマケンセツ', domain: 'midoriyama-kensetsu.example' },
    { name: '株式会社スマイル保育', kana: 'スマイルホイク', domain: 'smile-hoiku.example' },
    { name: '有限会社大森印刷', kana: 'オオモリインサツ', domain: 'omori-print.example' },
  ],
  addresses: [
    { postalCode: '143-0016', city: '大田区', town: '大森北' },
    { postalCode: '143-0023', city: '大田区', town: '山王' },
    { postalCode: '144-0052', city: '大田区', town: '蒲田' },
    { postalCode: '146-0082', city: '大田区', town: '池上' },
    { postalCode: '140-0011', city: '品川区', town: '東大井' },
    { postalCode: '141-0031', city: '品川区', town: '西五反田' },
  ],
  tags: ['初診', '定期検診', '要フォロー', '矯正', 'ホワイトニング', 'インプラント相談', '小児', '紹介'],
  notes: [
    '歯科治療への不安が強いため、処置の前に丁寧に説明する。',
    '土曜午前の予約を希望。',
    '小学生のお子様も通院中。',
    '麻酔が効きにくい体質とのこと。',
    '矯正治療を検討中。見積もりは提示済み。',
  ],
  buildings: BUILDINGS,
  interactions: [
    {
      type: 'visit',
      summary: '定期検診',
      content:
        '3か月ごとの定期検診。歯石除去とクリーニングを実施。右下の奥歯に初期のむし歯があり、経過観察とした。',
    },
    {
      type: 'call',
      summary: '予約の取り直し',
      content: '仕事の都合で予約をキャンセルしたいとの電話。翌週土曜10時に予約を取り直した。',
    },
    {
      type: 'visit',
      summary: null,
      content: '左上の詰め物が取れたとのことで来院。仮の詰め物を入れ、次回に本格的な修復を行う予定。',
    },
    {
      type: 'email',
      summary: 'ホワイトニングの問い合わせ',
      content:
        'ホワイトニングの料金と回数についてメールで問い合わせ。オフィスホワイトニングとホームホワイトニングの違いを説明し、カウンセリングの予約を案内した。',
    },
    {
      type: 'meeting',
      summary: '矯正の治療計画の説明',
      content:
        '矯正治療の計画と費用をご家族同席で説明。期間は約2年で月1回の通院。検討のうえお返事をいただくことになった。',
    },
    {
      type: 'visit',
      summary: '小児の歯科検診',
      content: 'お子様の歯科検診。フッ素塗布を実施し、仕上げ磨きのポイントを保護者に説明した。',
    },
    {
      type: 'call',
      summary: '痛みの相談',
      content: '冷たいものがしみるとの相談。知覚過敏の可能性を説明し、早めの来院をおすすめした。',
    },
    {
      type: 'other',
      summary: '保険証の確認',
      content: '保険証が変わったとのことで、次回の来院時に新しい保険証を持参いただくよう依頼した。',
    },
    {
      type: 'visit',
      summary: 'インプラントの相談',
      content: 'インプラント治療の相談。CTを撮影して骨の状態を確認した。次回、治療計画と費用を説明する。',
    },
    {
      type: 'email',
      summary: null,
      content: '治療後の歯ぐきの腫れについてメールで相談。写真を確認し、うがい薬の使用と経過観察を案内した。',
    },
  ],
};
