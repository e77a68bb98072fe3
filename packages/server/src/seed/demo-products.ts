// デモ用の商品・サービス。価格は一般的な自費診療・物販の目安で、実在の医療機関の料金ではありません。
import type { NewProductRow } from '../modules/products/products.tables';
import type { TenantTransaction } from '../platform/db/tenant-scope';

type DemoProduct = Omit<
  NewProductRow,
  'tenant_id' | 'created_by' | 'updated_by' | 'created_at' | 'updated_at' | 'deleted_at' | 'deleted_by'
> & { key: string };

const SAKURA_PRODUCTS: DemoProduct[] = [
  {
    key: 'checkup',
    code: 'KENSHIN-BASIC',
    name: '健康診断 基本コース',
    name_kana: 'ケンコウシンダン キホンコース',
    category: '自費診療',
    price: 8000,
    tax_rate: 10,
    unit: '回',
    description: '身長・体重・血圧・血液検査・尿検査・胸部X線・心電図。結果は1週間後に説明します。',
    tags: ['健診'],
  },
  {
    key: 'dock',
    code: 'DOCK-1DAY',
    name: '人間ドック 日帰りコース',
    name_kana: 'ニンゲンドック ヒガエリコース',
    category: '自費診療',
    price: 38000,
    tax_rate: 10,
    unit: '回',
    description: '基本コースに腹部エコー・胃カメラを加えた日帰りの人間ドック。',
    tags: ['健診'],
  },
  {
    key: 'flu',
    code: 'VAC-FLU',
    name: 'インフルエンザ予防接種',
    name_kana: 'インフルエンザヨボウセッシュ',
    category: '予防接種',
    price: 3500,
    tax_rate: 10,
    unit: '回',
    description: '13歳以上は1回接種。10月から予約を受け付けます。',
    tags: ['季節', '予防接種'],
  },
  {
    key: 'zoster',
    code: 'VAC-ZOSTER',
    name: '帯状疱疹ワクチン',
    name_kana: 'タイジョウホウシンワクチン',
    category: '予防接種',
    price: 22000,
    tax_rate: 10,
    unit: '回',
    description: '50歳以上が対象。2か月空けて2回接種します。',
    tags: ['予防接種'],
  },
  {
    key: 'certificate',
    code: 'DOC-CERT',
    name: '診断書',
    name_kana: 'シンダンショ',
    category: '文書料',
    price: 3000,
    tax_rate: 10,
    unit: '通',
    description: '勤務先・学校提出用の診断書。',
    tags: [],
  },
  {
    key: 'vitamin',
    code: 'SUP-VITD',
    name: 'ビタミンD サプリメント',
    name_kana: 'ビタミンディー サプリメント',
    category: '物販',
    price: 2400,
    tax_rate: 8,
    unit: '個',
    stock_quantity: 24,
    description: '60粒（約2か月分）。',
    tags: ['物販'],
  },
  {
    key: 'bp',
    code: 'GOODS-BP',
    name: '家庭用血圧計',
    name_kana: 'カテイヨウケツアツケイ',
    category: '物販',
    price: 7800,
    tax_rate: 10,
    unit: '台',
    stock_quantity: 6,
    description: '上腕式。家庭血圧の記録に。',
    tags: ['物販'],
  },
  {
    key: 'ors',
    code: 'GOODS-ORS',
    name: '経口補水液',
    name_kana: 'ケイコウホスイエキ',
    category: '物販',
    price: 200,
    tax_rate: 8,
    unit: '本',
    stock_quantity: 48,
    description: '500mL。',
    tags: ['物販', '季節'],
  },
  {
    key: 'thermo',
    code: 'GOODS-THERMO-OLD',
    name: '体温計（旧型）',
    name_kana: 'タイオンケイ',
    category: '物販',
    price: 1200,
    tax_rate: 10,
    unit: '本',
    stock_quantity: 0,
    status: 'discontinued',
    description: '後継品に切り替えたため販売を終了しました。',
    tags: ['物販'],
  },
];

const MIDORI_PRODUCTS: DemoProduct[] = [
  {
    key: 'cleaning',
    code: 'PMTC',
    name: '歯科検診・クリーニング（PMTC）',
    name_kana: 'シカケンシン クリーニング',
    category: '自費診療',
    price: 5500,
    tax_rate: 10,
    unit: '回',
    description: '専用の器具で歯面を清掃します。3〜6か月ごとがおすすめです。',
    tags: ['予防'],
  },
  {
    key: 'whitening',
    code: 'WHITE-OFFICE',
    name: 'オフィスホワイトニング',
    name_kana: 'オフィスホワイトニング',
    category: '自費診療',
    price: 33000,
    tax_rate: 10,
    unit: '回',
    description: '上下前歯12本。1回約60分。',
    tags: ['審美'],
  },
  {
    key: 'home',
    code: 'WHITE-HOME',
    name: 'ホームホワイトニング キット',
    name_kana: 'ホームホワイトニング キット',
    category: '自費診療',
    price: 22000,
    tax_rate: 10,
    unit: '式',
    description: 'マウスピースと薬剤2週間分。',
    tags: ['審美'],
  },
  {
    key: 'aligner',
    code: 'ORTHO-ALIGNER',
    name: 'マウスピース矯正',
    name_kana: 'マウスピースキョウセイ',
    category: '自費診療',
    price: 880000,
    tax_rate: 10,
    unit: '式',
    description: '精密検査・治療計画・装置一式を含みます。',
    tags: ['矯正'],
  },
  {
    key: 'implant',
    code: 'IMPLANT-1',
    name: 'インプラント（1本）',
    name_kana: 'インプラント',
    category: '自費診療',
    price: 385000,
    tax_rate: 10,
    unit: '本',
    description: 'CT検査・上部構造を含みます。',
    tags: ['インプラント'],
  },
  {
    key: 'fluoride',
    code: 'KIDS-FLUORIDE',
    name: '小児フッ素塗布',
    name_kana: 'ショウニフッソトフ',
    category: '自費診療',
    price: 2200,
    tax_rate: 10,
    unit: '回',
    tags: ['小児', '予防'],
  },
  {
    key: 'brush',
    code: 'GOODS-EBRUSH',
    name: '電動歯ブラシ',
    name_kana: 'デンドウハブラシ',
    category: '物販',
    price: 12800,
    tax_rate: 10,
    unit: '本',
    stock_quantity: 8,
    tags: ['物販'],
  },
  {
    key: 'interdental',
    code: 'GOODS-IDB',
    name: '歯間ブラシ',
    name_kana: 'シカンブラシ',
    category: '物販',
    price: 480,
    tax_rate: 10,
    unit: '個',
    stock_quantity: 60,
    tags: ['物販'],
  },
  {
    key: 'gel',
    code: 'GOODS-GEL',
    name: 'フッ素ジェル',
    name_kana: 'フッソジェル',
    category: '物販',
    price: 1100,
    tax_rate: 10,
    unit: '本',
    stock_quantity: 30,
    tags: ['物販'],
  },
  {
    key: 'gum',
    code: 'GOODS-XYLITOL',
    name: 'キシリトールガム',
    name_kana: 'キシリトールガム',
    category: '物販',
    price: 660,
    tax_rate: 8,
    unit: '個',
    stock_quantity: 40,
    tags: ['物販', '小児'],
  },
];

/**
 * Which products an interaction was about, from its summary or content: the main service, then
 * what is often sold with it (every `n`-th such interaction, so that the pairs have real shares).
 */
type LinkRule = { match: RegExp; products: string[]; also?: Array<{ key: string; every: number }> };

const SAKURA_RULES: LinkRule[] = [
  {
    match: /健康診断|定期検診/u,
    products: ['checkup'],
    also: [
      { key: 'vitamin', every: 3 },
      { key: 'dock', every: 5 },
    ],
  },
  { match: /予防接種/u, products: ['flu'], also: [{ key: 'zoster', every: 3 }] },
  {
    match: /糖尿病|降圧剤/u,
    products: [],
    also: [
      { key: 'bp', every: 2 },
      { key: 'vitamin', every: 4 },
    ],
  },
  { match: /診断書/u, products: ['certificate'] },
  { match: /再検査/u, products: ['checkup'] },
];

const MIDORI_RULES: LinkRule[] = [
  {
    match: /定期検診/u,
    products: ['cleaning'],
    also: [
      { key: 'interdental', every: 2 },
      { key: 'brush', every: 4 },
    ],
  },
  { match: /ホワイトニング/u, products: ['whitening'], also: [{ key: 'home', every: 2 }] },
  { match: /矯正/u, products: ['aligner'] },
  { match: /小児/u, products: ['fluoride', 'gel'], also: [{ key: 'gum', every: 2 }] },
  { match: /インプラント/u, products: ['implant'] },
  {
    match: /しみる|知覚過敏/u,
    products: [],
    also: [
      { key: 'gel', every: 1 },
      { key: 'brush', every: 3 },
    ],
  },
];

export const DEMO_PRODUCT_MATERIAL = {
  sakura: { products: SAKURA_PRODUCTS, rules: SAKURA_RULES },
  midori: { products: MIDORI_PRODUCTS, rules: MIDORI_RULES },
} as const;

/**
 * The tenant's demo products, and its interactions linked to them by the rules above
 * (deterministic: the same links for the same interactions, oldest first).
 */
export async function seedDemoProducts(
  tx: TenantTransaction,
  material: { products: DemoProduct[]; rules: LinkRule[] },
  interactions: ReadonlyArray<{
    id?: string | undefined;
    summary?: string | null | undefined;
    content: string;
    created_at?: unknown;
  }>,
  createdBy: string | null,
): Promise<void> {
  const rows = await tx
    .insertInto('products')
    .values(
      material.products.map(({ key: _key, ...product }) => ({
        ...product,
        tenant_id: tx.tenantId,
        created_by: createdBy,
        updated_by: createdBy,
      })),
    )
    .returning(['id', 'code'])
    .execute();
  const idOf = new Map(
    material.products.map((product) => [product.key, rows.find((row) => row.code === product.code)?.id]),
  );
  const seen = new Map<LinkRule, number>();
  const links: Array<{ tenant_id: string; interaction_id: string; product_id: string }> = [];
  const ordered = [...interactions].sort((a, b) => Number(a.created_at) - Number(b.created_at));
  for (const interaction of ordered) {
    if (!interaction.id) continue;
    const text = `${interaction.summary ?? ''} ${interaction.content}`;
    const rule = material.rules.find((candidate) => candidate.match.test(text));
    if (!rule) continue;
    const count = (seen.get(rule) ?? 0) + 1;
    seen.set(rule, count);
    const keys = new Set(rule.products);
    for (const extra of rule.also ?? []) if (count % extra.every === 0) keys.add(extra.key);
    for (const key of keys) {
      const productId = idOf.get(key);
      if (productId)
        links.push({ tenant_id: tx.tenantId, interaction_id: interaction.id, product_id: productId });
    }
  }
  if (links.length > 0) await tx.insertInto('interaction_products').values(links).execute();
}
