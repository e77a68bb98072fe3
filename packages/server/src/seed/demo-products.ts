// デモ用の商品・サービス。価格は一般的な自費診療・物販の目安で、実在の医療機関の料金ではありません。
import { type DemoProduct, MIDORI_PRODUCTS, SAKURA_PRODUCTS } from '@tsumiki/api-client/demo';
import type { TenantTransaction } from '../platform/db/tenant-scope';

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
  material: { products: readonly DemoProduct[]; rules: LinkRule[] },
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
