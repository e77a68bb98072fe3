// The soak's traffic: what the app's screens send, with weights, for both of its modes — the open
// loop at a steady rate (every operation) and the closed loop of N clients (the operations marked
// `clients: true`: the customer screens' reads and writes). One list, so that a weight changed here
// changes both. Also the customers the traffic works on, created through the API, and what the
// run knows about them (ids, versions, edits in flight).
import { performance } from 'node:perf_hooks';
import { call } from './http.mjs';

const SORTS = ['created_at', 'updated_at', 'last_name_kana', 'company_name_kana'];
// Real codes (the generated people's are random and mostly do not exist: a 404 is no error).
const POSTAL_CODES = ['150-0001', '100-0001', '530-0001', '060-0001', '810-0001', '4600001', '980-0001'];

/** What the run knows of the customers: their ids, latest versions, and who is being edited. */
export const newKnown = () => ({ ids: [], versions: new Map(), editing: new Set() });

/**
 * Remembers a version the server answered. Versions only go up, so the highest seen is the latest:
 * a read that left before an edit and answers after it must not bring back the older version (the
 * next edit would then get a 409 of the bench's own making — with 50 clients this happens).
 */
export function noteVersion(known, id, version) {
  if (!id || !Number.isInteger(version)) return;
  if (!(known.versions.get(id) >= version)) known.versions.set(id, version);
}

/**
 * The operations, with weights (the share of requests): the customer list in its sorts, pages and
 * searches, a customer's page (the customer, its timeline), the edits, the dashboard's three
 * reads, and what every screen asks (session, user, features). Each `make` returns the request to
 * send, or null when it cannot be made now (then another is drawn). `terms` are what the search
 * box gets; the two modes pass different ones (see searchTerms and twoCharacterTerms).
 */
export function trafficMix({ random, known, terms, people, monthStart }) {
  const someCustomer = () => (known.ids.length > 0 ? random.pick(known.ids) : null);
  const page = (total) => 20 * random.int(0, Math.max(0, Math.min(49, Math.floor(total / 20) - 1)));
  const get = (path, extra = {}) => ({ method: 'GET', path, ...extra });
  return [
    { name: '一覧（既定）', weight: 14, clients: true, make: () => get('/api/customers?limit=20') },
    {
      name: '一覧（並べ替え・ページ）',
      weight: 10,
      clients: true,
      make: () =>
        get(
          `/api/customers?limit=20&skip=${page(known.ids.length)}&sort_by=${random.pick(SORTS)}&sort_order=${random.pick(['asc', 'desc'])}`,
        ),
    },
    {
      name: '一覧（検索）',
      weight: 10,
      clients: true,
      make: () =>
        get(
          `/api/customers?limit=20&search=${encodeURIComponent(random.pick(terms))}${random.chance(0.3) ? '&sort_by=last_name_kana&sort_order=asc' : ''}`,
        ),
    },
    {
      name: '顧客 1 件',
      weight: 12,
      clients: true,
      make: () => {
        const id = someCustomer();
        return id && get(`/api/customers/${id}`, { customer: id });
      },
    },
    {
      name: '顧客の対応履歴',
      weight: 8,
      make: () => {
        const id = someCustomer();
        return id && get(`/api/interactions/${id}?limit=20`);
      },
    },
    {
      name: '顧客の登録',
      weight: 3,
      clients: true,
      make: () => ({
        method: 'POST',
        path: '/api/customers',
        body: random.pick(people).input,
        creates: true,
      }),
    },
    {
      name: '顧客の更新',
      weight: 4,
      clients: true,
      make: () => {
        // Never two edits of one customer at once (over all clients: they share `known`): a 409
        // here would be the bench's doing. Staff editing the same customer is not what we measure.
        const id = someCustomer();
        if (!id || known.editing.has(id) || !known.versions.has(id)) return null;
        return {
          method: 'PUT',
          path: `/api/customers/${id}`,
          customer: id,
          edits: true,
          body: {
            version: known.versions.get(id),
            phone: `03-${String(random.int(1000, 9999))}-${String(random.int(1000, 9999))}`,
            tags: random.chance(0.5) ? ['要フォロー'] : ['VIP', 'リピーター'],
            notes: `ソーク ${new Date().toISOString()}`,
          },
        };
      },
    },
    {
      name: '対応の記録',
      weight: 4,
      clients: true,
      make: () => {
        const id = someCustomer();
        const entry = random.pick(people).interactions[0];
        if (!id || !entry) return null;
        const { type, summary, content } = entry;
        return {
          method: 'POST',
          path: '/api/interactions',
          body: { customer_id: id, type, summary, content },
        };
      },
    },
    {
      name: '対応履歴の一覧',
      weight: 4,
      make: () => get(`/api/interactions?limit=20&skip=${20 * random.int(0, 4)}`),
    },
    { name: 'ダッシュボード: 顧客数', weight: 4, make: () => get('/api/customers?limit=1') },
    { name: 'ダッシュボード: 最近の対応', weight: 4, make: () => get('/api/interactions?limit=3') },
    {
      name: 'ダッシュボード: 今月の対応',
      weight: 4,
      make: () => get(`/api/interactions?limit=1&created_from=${encodeURIComponent(monthStart)}`),
    },
    { name: 'セッション', weight: 8, make: () => get('/api/sessions/current') },
    { name: 'ユーザーとテナント', weight: 3, make: () => get('/api/auth/tenant/me') },
    { name: '機能フラグ', weight: 3, make: () => get('/api/tenant-features/my-features') },
    { name: '担当者の候補', weight: 2, make: () => get('/api/customers/assignees') },
    { name: '郵便番号', weight: 2, make: () => get(`/api/postal-codes/${random.pick(POSTAL_CODES)}`) },
    { name: 'CSV 書き出し', weight: 0.3, make: () => get('/api/customers/export?encoding=shift_jis') },
    { name: '稼働確認', weight: 1, make: () => get('/api/health') },
  ];
}

/** Draws an operation by weight and makes its request, drawing again while one cannot be made. */
export function drawer(ops, random) {
  const total = ops.reduce((sum, op) => sum + op.weight, 0);
  return () => {
    for (;;) {
      let target = random.next() * total;
      const op = ops.find((candidate) => {
        target -= candidate.weight;
        return target < 0;
      });
      const request = op?.make();
      if (request) return { op, request };
    }
  };
}

/** The open loop's search box: surnames, their kana, company names, mail and phone fragments. */
export function searchTerms(people) {
  const terms = new Set();
  for (const { input } of people.slice(0, 300)) {
    terms.add(input.last_name);
    terms.add(input.last_name_kana.slice(0, 3));
    if (input.company_name) terms.add(companyWord(input.company_name).slice(0, 2));
    if (input.email) terms.add(input.email.slice(0, 5));
    if (input.phone) terms.add(input.phone.slice(0, 4));
  }
  return [...terms].filter((term) => term.length >= 2);
}

/**
 * The closed loop's search box: what a receptionist types first, two characters — a surname's
 * kanji (佐藤), its reading in katakana (サト) and as typed before conversion in hiragana (さと),
 * the start of a company name. Two characters is the search's commonest and widest case (one
 * bigram, the most matches).
 */
export function twoCharacterTerms(people) {
  const terms = new Set();
  for (const { input } of people.slice(0, 300)) {
    terms.add(input.last_name.slice(0, 2));
    const kana = input.last_name_kana.slice(0, 2);
    terms.add(kana);
    terms.add(kana.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCodePoint(c.codePointAt(0) - 0x60)));
    if (input.company_name) terms.add(companyWord(input.company_name).slice(0, 2));
  }
  return [...terms].filter((term) => [...term].length === 2);
}

const companyWord = (name) => name.replace(/株式会社|有限会社/g, '');

/** The first day of this month in Japan (UTC+9), as the dashboard asks for it. */
export function monthStartInJapan(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 9 * 3_600_000).toISOString();
}

/**
 * Creates `count` customers (and one or two interactions each) through the API, 8 at a time,
 * recording them in `known`. Returns the seconds it took; throws on a failed create.
 */
export async function seedCustomers({ pool, token, people, count, known }) {
  const started = performance.now();
  const seedOne = async (person) => {
    const created = await call(pool, 'POST', '/api/customers', { token, body: person.input });
    if (created.status !== 201)
      throw new Error(`顧客を登録できませんでした（${created.status}）: ${created.text.slice(0, 300)}`);
    known.ids.push(created.body.id);
    noteVersion(known, created.body.id, created.body.version);
    for (const entry of person.interactions.slice(0, 2)) {
      await call(pool, 'POST', '/api/interactions', {
        token,
        body: { customer_id: created.body.id, ...entry },
      });
    }
  };
  for (let i = 0; i < count; i += 8) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 8); j += 1) batch.push(seedOne(people[j % people.length]));
    await Promise.all(batch);
  }
  return (performance.now() - started) / 1000;
}
