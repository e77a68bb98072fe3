// ベンチ用の架空の顧客データ。氏名・会社名・連絡先はすべて架空で、実在の人物・団体とは関係ありません。
// 同じシードからは、どのマシンでも同じデータができます（mulberry32）。

/** mulberry32: tiny, seedable, and the same sequence on every machine (as the demo seed). */
export function prng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (items) => items[Math.floor(next() * items.length)];
  const chance = (probability) => next() < probability;
  const hex = '0123456789abcdef';
  const uuid = () => {
    let s = '';
    for (let i = 0; i < 32; i += 1) {
      if (i === 12) s += '4';
      else if (i === 16) s += hex[8 + int(0, 3)];
      else s += hex[int(0, 15)];
    }
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, chance, uuid };
}

/** A picker over weighted items (cumulative table + binary search). */
function weighted(items, weightOf) {
  const cumulative = [];
  let total = 0;
  for (const item of items) {
    total += weightOf(item);
    cumulative.push(total);
  }
  return (random) => {
    const target = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
}

const parse = (table) =>
  table
    .trim()
    .split(/\s*,\s*/)
    .map((entry) => {
      const [kanji, kana, romaji, weight] = entry.split(':');
      return { kanji, kana, romaji, weight: Number(weight ?? 1) };
    });

// The most common surnames with their approximate number of bearers (in units of 10,000).
const COMMON_SURNAMES = parse(`
  佐藤:サトウ:sato:187, 鈴木:スズキ:suzuki:180, 高橋:タカハシ:takahashi:141, 田中:タナカ:tanaka:134,
  伊藤:イトウ:ito:108, 渡辺:ワタナベ:watanabe:107, 山本:ヤマモト:yamamoto:107, 中村:ナカムラ:nakamura:105,
  小林:コバヤシ:kobayashi:104, 加藤:カトウ:kato:89, 吉田:ヨシダ:yoshida:84, 山田:ヤマダ:yamada:81,
  佐々木:ササキ:sasaki:67, 山口:ヤマグチ:yamaguchi:64, 松本:マツモト:matsumoto:62, 井上:イノウエ:inoue:61,
  木村:キムラ:kimura:57, 林:ハヤシ:hayashi:55, 斎藤:サイトウ:saito:54, 清水:シミズ:shimizu:53,
  山崎:ヤマザキ:yamazaki:48, 森:モリ:mori:46, 池田:イケダ:ikeda:44, 橋本:ハシモト:hashimoto:44,
  阿部:アベ:abe:44, 石川:イシカワ:ishikawa:43, 山下:ヤマシタ:yamashita:42, 中島:ナカジマ:nakajima:41,
  石井:イシイ:ishii:41, 小川:オガワ:ogawa:41, 前田:マエダ:maeda:41, 岡田:オカダ:okada:40,
  長谷川:ハセガワ:hasegawa:40, 藤田:フジタ:fujita:40, 後藤:ゴトウ:goto:39, 近藤:コンドウ:kondo:37,
  村上:ムラカミ:murakami:36, 遠藤:エンドウ:endo:34, 青木:アオキ:aoki:34, 坂本:サカモト:sakamoto:34,
  斉藤:サイトウ:saito:33, 福田:フクダ:fukuda:33, 太田:オオタ:ota:33, 西村:ニシムラ:nishimura:33,
  藤井:フジイ:fujii:32, 金子:カネコ:kaneko:31, 岡本:オカモト:okamoto:31, 藤原:フジワラ:fujiwara:31,
  中野:ナカノ:nakano:31, 三浦:ミウラ:miura:31, 原田:ハラダ:harada:30, 中川:ナカガワ:nakagawa:30,
  松田:マツダ:matsuda:30, 竹内:タケウチ:takeuchi:30, 小野:オノ:ono:30, 田村:タムラ:tamura:29,
  中山:ナカヤマ:nakayama:29, 和田:ワダ:wada:28, 石田:イシダ:ishida:28, 森田:モリタ:morita:28,
  上田:ウエダ:ueda:28, 原:ハラ:hara:28, 内田:ウチダ:uchida:27, 柴田:シバタ:shibata:27,
  酒井:サカイ:sakai:27, 宮崎:ミヤザキ:miyazaki:27, 横山:ヨコヤマ:yokoyama:26, 高木:タカギ:takagi:26,
  安藤:アンドウ:ando:26, 宮本:ミヤモト:miyamoto:26, 大野:オオノ:ono:25, 小島:コジマ:kojima:25,
  谷口:タニグチ:taniguchi:25, 今井:イマイ:imai:25, 工藤:クドウ:kudo:25, 高田:タカダ:takada:24,
  増田:マスダ:masuda:24, 丸山:マルヤマ:maruyama:24, 杉山:スギヤマ:sugiyama:24, 村田:ムラタ:murata:24,
  大塚:オオツカ:otsuka:23, 新井:アライ:arai:23, 小山:コヤマ:koyama:23, 平野:ヒラノ:hirano:23,
  藤本:フジモト:fujimoto:23, 河野:コウノ:kono:23, 上野:ウエノ:ueno:23, 野口:ノグチ:noguchi:22,
  武田:タケダ:takeda:22, 松井:マツイ:matsui:22, 千葉:チバ:chiba:22, 岩崎:イワサキ:iwasaki:22,
  菅原:スガワラ:sugawara:22, 木下:キノシタ:kinoshita:22, 久保:クボ:kubo:22, 佐野:サノ:sano:22,
  野村:ノムラ:nomura:22, 松尾:マツオ:matsuo:22, 市川:イチカワ:ichikawa:21, 菊地:キクチ:kikuchi:21
`);

// Everybody else: two-character surnames put together from common parts, spread evenly.
const SURNAME_HEADS = parse(`
  北:キタ:kita, 南:ミナミ:minami, 東:ヒガシ:higashi, 西:ニシ:nishi, 大:オオ:o, 小:コ:ko, 中:ナカ:naka,
  上:カミ:kami, 下:シモ:shimo, 高:タカ:taka, 石:イシ:ishi, 松:マツ:matsu, 竹:タケ:take, 梅:ウメ:ume,
  杉:スギ:sugi, 桜:サクラ:sakura, 川:カワ:kawa, 浜:ハマ:hama, 岩:イワ:iwa, 吉:ヨシ:yoshi,
  金:カネ:kane, 今:イマ:ima, 平:ヒラ:hira, 長:ナガ:naga, 広:ヒロ:hiro, 福:フク:fuku, 宮:ミヤ:miya,
  早:ハヤ:haya, 青:アオ:ao, 白:シラ:shira, 黒:クロ:kuro, 赤:アカ:aka, 秋:アキ:aki, 春:ハル:haru,
  星:ホシ:hoshi, 菅:スガ:suga, 柳:ヤナギ:yanagi, 森:モリ:mori, 野:ノ:no, 奥:オク:oku
`);
const SURNAME_TAILS = parse(`
  田:タ:ta, 川:カワ:kawa, 山:ヤマ:yama, 野:ノ:no, 村:ムラ:mura, 本:モト:moto, 井:イ:i, 口:グチ:guchi,
  沢:サワ:sawa, 原:ハラ:hara, 島:シマ:shima, 崎:サキ:saki, 木:キ:ki, 谷:タニ:tani, 尾:オ:o,
  内:ウチ:uchi, 岡:オカ:oka, 瀬:セ:se, 浦:ウラ:ura, 橋:ハシ:hashi
`);

const RARE_SURNAMES = (() => {
  const common = new Set(COMMON_SURNAMES.map((name) => name.kanji));
  const names = [];
  for (const head of SURNAME_HEADS) {
    for (const tail of SURNAME_TAILS) {
      const kanji = head.kanji + tail.kanji;
      if (common.has(kanji) || head.kanji === tail.kanji) continue;
      names.push({ kanji, kana: head.kana + tail.kana, romaji: head.romaji + tail.romaji, weight: 1 });
    }
  }
  return names;
})();

const GIVEN_NAMES = parse(`
  翔太:ショウタ:shota, 大輔:ダイスケ:daisuke, 健一:ケンイチ:kenichi, 浩:ヒロシ:hiroshi, 隆:タカシ:takashi,
  誠:マコト:makoto, 拓也:タクヤ:takuya, 直樹:ナオキ:naoki, 哲也:テツヤ:tetsuya, 和夫:カズオ:kazuo,
  茂:シゲル:shigeru, 修:オサム:osamu, 亮:リョウ:ryo, 健太:ケンタ:kenta, 大樹:ダイキ:daiki,
  蓮:レン:ren, 悠真:ユウマ:yuma, 陽翔:ハルト:haruto, 湊:ミナト:minato, 蒼:アオイ:aoi,
  翔:ショウ:sho, 優斗:ユウト:yuto, 颯太:ソウタ:sota, 達也:タツヤ:tatsuya, 一郎:イチロウ:ichiro,
  正樹:マサキ:masaki, 洋平:ヨウヘイ:yohei, 雄一:ユウイチ:yuichi, 康弘:ヤスヒロ:yasuhiro, 剛:ツヨシ:tsuyoshi,
  俊介:シュンスケ:shunsuke, 光太郎:コウタロウ:kotaro, 悟:サトル:satoru, 実:ミノル:minoru, 勇気:ユウキ:yuki,
  陽子:ヨウコ:yoko, 恵子:ケイコ:keiko, 美穂:ミホ:miho, 由美:ユミ:yumi, 真由美:マユミ:mayumi,
  愛:アイ:ai, 結衣:ユイ:yui, 花子:ハナコ:hanako, 智子:トモコ:tomoko, 久美子:クミコ:kumiko,
  明美:アケミ:akemi, 千尋:チヒロ:chihiro, 彩:アヤ:aya, 奈々:ナナ:nana, 美咲:ミサキ:misaki,
  陽菜:ヒナ:hina, 結菜:ユイナ:yuina, 葵:アオイ:aoi, 凛:リン:rin, さくら:サクラ:sakura,
  裕子:ユウコ:yuko, 直美:ナオミ:naomi, 幸子:サチコ:sachiko, 京子:キョウコ:kyoko, 洋子:ヨウコ:yoko,
  由美子:ユミコ:yumiko, 麻衣:マイ:mai, 舞:マイ:mai, 香織:カオリ:kaori, 理恵:リエ:rie,
  美香:ミカ:mika, 絵美:エミ:emi, 沙織:サオリ:saori, 優子:ユウコ:yuko, 真理:マリ:mari
`);

const PREFECTURES = [
  // [name, population (10,000), postal prefix range, area code, cities]
  ['北海道', 514, [40, 99], '011', ['札幌市中央区', '札幌市北区', '旭川市', '函館市']],
  ['青森県', 120, [30, 39], '017', ['青森市', '八戸市']],
  ['岩手県', 118, [20, 29], '019', ['盛岡市']],
  ['宮城県', 228, [980, 989], '022', ['仙台市青葉区', '仙台市泉区', '石巻市']],
  ['秋田県', 93, [10, 19], '018', ['秋田市']],
  ['山形県', 104, [990, 999], '023', ['山形市']],
  ['福島県', 179, [960, 979], '024', ['福島市', '郡山市', 'いわき市']],
  ['茨城県', 284, [300, 319], '029', ['水戸市', 'つくば市', '日立市']],
  ['栃木県', 191, [320, 329], '028', ['宇都宮市', '小山市']],
  ['群馬県', 191, [370, 379], '027', ['前橋市', '高崎市']],
  ['埼玉県', 734, [330, 369], '048', ['さいたま市浦和区', 'さいたま市大宮区', '川口市', '川越市', '所沢市']],
  ['千葉県', 628, [260, 299], '043', ['千葉市中央区', '船橋市', '松戸市', '柏市', '市川市']],
  [
    '東京都',
    1404,
    [100, 208],
    '03',
    ['千代田区', '中央区', '港区', '新宿区', '渋谷区', '世田谷区', '練馬区', '大田区', '杉並区', '八王子市'],
  ],
  ['神奈川県', 923, [210, 259], '045', ['横浜市中区', '横浜市港北区', '川崎市中原区', '相模原市', '藤沢市']],
  ['新潟県', 214, [940, 959], '025', ['新潟市中央区', '長岡市']],
  ['富山県', 102, [930, 939], '076', ['富山市']],
  ['石川県', 111, [920, 929], '076', ['金沢市']],
  ['福井県', 75, [910, 919], '0776', ['福井市']],
  ['山梨県', 80, [400, 409], '055', ['甲府市']],
  ['長野県', 202, [380, 399], '026', ['長野市', '松本市']],
  ['岐阜県', 194, [500, 509], '058', ['岐阜市']],
  ['静岡県', 355, [410, 439], '054', ['静岡市葵区', '浜松市中央区', '沼津市']],
  ['愛知県', 748, [440, 498], '052', ['名古屋市中区', '名古屋市千種区', '豊田市', '岡崎市', '一宮市']],
  ['三重県', 173, [510, 519], '059', ['津市', '四日市市']],
  ['滋賀県', 141, [520, 529], '077', ['大津市']],
  ['京都府', 253, [600, 629], '075', ['京都市中京区', '京都市左京区', '宇治市']],
  ['大阪府', 878, [530, 599], '06', ['大阪市北区', '大阪市中央区', '堺市堺区', '豊中市', '東大阪市']],
  ['兵庫県', 537, [650, 679], '078', ['神戸市中央区', '姫路市', '西宮市', '尼崎市']],
  ['奈良県', 130, [630, 639], '0742', ['奈良市']],
  ['和歌山県', 90, [640, 649], '073', ['和歌山市']],
  ['鳥取県', 54, [680, 689], '0857', ['鳥取市']],
  ['島根県', 65, [690, 699], '0852', ['松江市']],
  ['岡山県', 185, [700, 719], '086', ['岡山市北区', '倉敷市']],
  ['広島県', 274, [720, 739], '082', ['広島市中区', '福山市']],
  ['山口県', 131, [740, 759], '083', ['山口市', '下関市']],
  ['徳島県', 70, [770, 779], '088', ['徳島市']],
  ['香川県', 93, [760, 769], '087', ['高松市']],
  ['愛媛県', 130, [790, 799], '089', ['松山市']],
  ['高知県', 67, [780, 789], '088', ['高知市']],
  ['福岡県', 510, [800, 839], '092', ['福岡市中央区', '福岡市博多区', '北九州市小倉北区', '久留米市']],
  ['佐賀県', 80, [840, 849], '0952', ['佐賀市']],
  ['長崎県', 127, [850, 859], '095', ['長崎市', '佐世保市']],
  ['熊本県', 171, [860, 869], '096', ['熊本市中央区']],
  ['大分県', 111, [870, 879], '097', ['大分市']],
  ['宮崎県', 105, [880, 889], '0985', ['宮崎市']],
  ['鹿児島県', 156, [890, 899], '099', ['鹿児島市']],
  ['沖縄県', 147, [900, 909], '098', ['那覇市', '沖縄市']],
].map(([name, weight, postal, areaCode, cities]) => ({ name, weight, postal, areaCode, cities }));

const TOWNS = [
  '本町',
  '中央',
  '緑町',
  '栄町',
  '旭町',
  '若葉',
  '桜台',
  '東町',
  '西町',
  '南町',
  '北町',
  '新町',
  '幸町',
  '泉町',
  '松原',
  '住吉',
  '八幡',
  '宮前',
  '日吉',
  '大手町',
  '錦町',
  '元町',
  '青葉台',
  '富士見',
];
const BUILDINGS = ['ハイツ', 'マンション', 'コーポ', 'レジデンス', 'ビル', 'パレス', 'メゾン'];

const COMPANY_WORDS = parse(`
  さくら:サクラ:sakura, 東海:トウカイ:tokai, 北斗:ホクト:hokuto, 大和:ヤマト:yamato, 日之出:ヒノデ:hinode,
  富士:フジ:fuji, 青葉:アオバ:aoba, 朝日:アサヒ:asahi, 若葉:ワカバ:wakaba, 光:ヒカリ:hikari,
  三和:サンワ:sanwa, 協和:キョウワ:kyowa, 中央:チュウオウ:chuo, 東洋:トウヨウ:toyo, 丸一:マルイチ:maruichi,
  第一:ダイイチ:daiichi, テクノ:テクノ:techno, グリーン:グリーン:green, ネクスト:ネクスト:next,
  ブライト:ブライト:bright, ライフ:ライフ:life, みらい:ミライ:mirai, ひまわり:ヒマワリ:himawari
`);
const COMPANY_KINDS = parse(`
  商事:ショウジ:shoji:6, 工業:コウギョウ:kogyo:5, 建設:ケンセツ:kensetsu:5, 製作所:セイサクショ:seisakusho:3,
  工務店:コウムテン:komuten:3, 不動産:フドウサン:fudosan:3, 運輸:ウンユ:unyu:2, 電機:デンキ:denki:2,
  食品:ショクヒン:shokuhin:3, 薬局:ヤッキョク:pharmacy:2, 印刷:インサツ:insatsu:2, 物産:ブッサン:bussan:2,
  産業:サンギョウ:sangyo:3, 技研:ギケン:giken:2, システムズ:システムズ:systems:2, 設計事務所:セッケイジムショ:sekkei:1,
  会計事務所:カイケイジムショ:kaikei:1, 歯科医院:シカイイン:dental:1, 保育園:ホイクエン:hoikuen:1
`);

const TAGS = [
  'VIP',
  '新規',
  'リピーター',
  '紹介',
  '要フォロー',
  '休眠',
  '法人',
  '定期健診',
  'キャンペーン',
  'DM可',
  'DM不可',
];
const NOTES = [
  '電話は午後の時間帯を希望。',
  '駐車場を利用されます。',
  '書類は郵送で送付してほしいとのこと。',
  'ご家族も来院されています。',
  'メールでの連絡を優先。',
  '土曜日の予約を希望。',
  '前回の見積もりについて再検討中。',
  '請求書の宛名は会社名で。',
];

const INTERACTION_TYPES = ['call', 'call', 'email', 'email', 'visit', 'meeting', 'other'];
const INTERACTION_TEXTS = {
  call: [
    ['予約の電話', '次回の予約日時について電話で確認しました。来週の火曜日午前で確定。'],
    ['問い合わせ対応', '料金についての問い合わせに回答しました。資料をメールで送付予定。'],
    ['折り返し連絡', '不在だったため折り返しの連絡。明日の夕方に再度電話します。'],
  ],
  email: [
    ['資料送付', 'ご依頼の資料をメールで送付しました。内容について質問があれば連絡をもらう予定。'],
    ['お礼メール', '先日のご来店のお礼と、次回のご案内をお送りしました。'],
    ['見積もり送付', '見積書を添付して送付。今月中にご検討いただけるとのこと。'],
  ],
  visit: [
    ['来店', 'ご来店。担当者が説明を行い、追加のオプションについて関心を示された。'],
    ['定期訪問', '定期訪問を実施。特に問題なし。次回は三か月後の予定。'],
  ],
  meeting: [
    ['打ち合わせ', '今後の進め方について打ち合わせ。次回までに提案書を準備します。'],
    ['オンライン面談', 'オンラインで面談。要望を整理し、担当部署に共有しました。'],
  ],
  other: [['メモ', '住所変更の連絡あり。登録情報を更新しました。']],
};

const pickCommonSurname = weighted(COMMON_SURNAMES, (name) => name.weight);
const pickRareSurname = (random) => random.pick(RARE_SURNAMES);
const pickPrefecture = weighted(PREFECTURES, (prefecture) => prefecture.weight);
const pickCompanyKind = weighted(COMPANY_KINDS, (kind) => kind.weight);

const digits = (random, count) => {
  let s = '';
  for (let i = 0; i < count; i += 1) s += String(random.int(0, 9));
  return s;
};

function phoneNumber(random, prefecture) {
  if (random.chance(0.55))
    return `${random.pick(['090', '080', '070'])}-${digits(random, 4)}-${digits(random, 4)}`;
  const area = prefecture.areaCode;
  const local = 10 - (area.length - 1) - 1; // 10 digits in all (without the leading 0)
  const first = Math.max(1, local - 4);
  return `${area}-${digits(random, first)}-${digits(random, 10 - area.length - first)}`;
}

function company(random, surname) {
  const kind = pickCompanyKind(random);
  const base = random.chance(0.45) ? surname : random.pick(COMPANY_WORDS);
  const core = base.kanji + kind.kanji;
  const kana = base.kana + kind.kana;
  if (/事務所|医院|保育園|薬局/.test(kind.kanji))
    return { name: core, kana, romaji: base.romaji + kind.romaji };
  const form = random.next();
  const name = form < 0.45 ? `株式会社${core}` : form < 0.85 ? `${core}株式会社` : `有限会社${core}`;
  return { name, kana, romaji: base.romaji + kind.romaji };
}

/**
 * `count` customers of one tenant and their interactions (1 to 2×perCustomer−1 each, perCustomer
 * on average). Rows are plain objects keyed by column name; dates are Date objects.
 */
/**
 * 診察券番号 (B000001 …: the demo's own numbers are plain digits), a birth date for nine in ten
 * (1930–2019) and a gender for most, spread by the customer's position alone.
 */
function patientCard(i) {
  const GENDERS = ['female', 'male', 'female', 'male', 'undisclosed', 'other', null];
  const year = 1930 + ((i * 7919) % 90);
  const month = 1 + ((i * 31) % 12);
  const day = 1 + ((i * 17) % 28);
  return {
    patient_number: `B${String(i + 1).padStart(6, '0')}`,
    birth_date:
      i % 10 === 9 ? null : `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    gender: GENDERS[i % GENDERS.length],
  };
}

export function generateCustomers({ seed, count, tenantId, userIds, now, interactionsPerCustomer = 3 }) {
  const random = prng(seed);
  const customers = [];
  const interactions = [];
  const nowMs = now.getTime();
  const span = 5 * 365 * 24 * 60 * 60 * 1000; // created over the last five years
  const maxInteractions = Math.max(0, Math.round(2 * interactionsPerCustomer - 1));
  for (let i = 0; i < count; i += 1) {
    // About a third of all people bear one of the 100 most common surnames (佐藤 ≈ 1.5 %).
    const surname = random.chance(0.33) ? pickCommonSurname(random) : pickRareSurname(random);
    const given = random.pick(GIVEN_NAMES);
    const prefecture = pickPrefecture(random);
    const hasCompany = random.chance(0.3);
    const firm = hasCompany ? company(random, surname) : null;
    const createdAt = new Date(nowMs - span + Math.floor((i + random.next()) * (span / count)));
    const updatedAt = random.chance(0.4)
      ? new Date(Math.min(nowMs, createdAt.getTime() + random.int(1, 400) * 86_400_000))
      : createdAt;
    const tags = [];
    for (let t = random.int(0, 3); t > 0; t -= 1) {
      const tag = random.pick(TAGS);
      if (!tags.includes(tag)) tags.push(tag);
    }
    if (hasCompany && !tags.includes('法人') && random.chance(0.5)) tags.push('法人');
    const emailDomain = firm
      ? `${firm.romaji}.example`
      : random.pick(['example.com', 'example.net', 'example.org', 'mail.example']);
    const postal = `${String(random.int(prefecture.postal[0], prefecture.postal[1])).padStart(3, '0')}-${digits(random, 4)}`;
    const building = random.chance(0.35)
      ? ` ${random.pick(TOWNS)}${random.pick(BUILDINGS)}${random.int(1, 12)}0${random.int(1, 9)}`
      : '';
    const id = random.uuid();
    const assignee = random.chance(0.6) ? random.pick(userIds) : null;
    customers.push({
      tenant_id: tenantId,
      id,
      last_name: surname.kanji,
      first_name: given.kanji,
      last_name_kana: surname.kana,
      first_name_kana: given.kana,
      // The patient card, derived from the position (no draw, so the other fields stay as they were).
      ...patientCard(i),
      company_name: firm?.name ?? null,
      company_name_kana: firm?.kana ?? null,
      email: random.chance(0.75)
        ? `${given.romaji}.${surname.romaji}${random.chance(0.5) ? random.int(1, 99) : ''}@${emailDomain}`
        : null,
      phone: random.chance(0.9) ? phoneNumber(random, prefecture) : null,
      postal_code: postal,
      prefecture: prefecture.name,
      city: random.pick(prefecture.cities),
      address_line: `${random.pick(TOWNS)}${random.int(1, 5)}丁目${random.int(1, 30)}-${random.int(1, 20)}${building}`,
      tags,
      assignee,
      notes: random.chance(0.2) ? random.pick(NOTES) : null,
      created_at: createdAt,
      updated_at: updatedAt,
      created_by: random.pick(userIds),
    });
    const n = interactionsPerCustomer > 0 ? random.int(1, Math.max(1, maxInteractions)) : 0;
    for (let k = 0; k < n; k += 1) {
      const type = random.pick(INTERACTION_TYPES);
      const [summary, content] = random.pick(INTERACTION_TEXTS[type]);
      const at = new Date(createdAt.getTime() + random.next() * (nowMs - createdAt.getTime()));
      interactions.push({
        tenant_id: tenantId,
        id: random.uuid(),
        customer_id: id,
        type,
        summary,
        content,
        created_by: random.pick(userIds),
        created_at: at,
        updated_at: at,
      });
    }
  }
  return { customers, interactions };
}

/**
 * The same fictitious people as request bodies of the API, for the scripts that write through it
 * (the crash drill, the soak): CustomerInput, and for each customer its interactions as
 * InteractionInput without customer_id (known only once the server has answered the create).
 */
export function apiInputs({ seed, count, assigneeIds = [], now = new Date(), interactionsPerCustomer = 2 }) {
  const { customers, interactions } = generateCustomers({
    seed,
    count,
    tenantId: null,
    userIds: assigneeIds.length > 0 ? assigneeIds : [null],
    now,
    interactionsPerCustomer,
  });
  const timelines = new Map(customers.map((customer) => [customer.id, []]));
  for (const { customer_id, type, summary, content } of interactions) {
    timelines.get(customer_id).push({ type, summary, content });
  }
  return customers.map((c) => ({
    input: {
      last_name: c.last_name,
      first_name: c.first_name,
      last_name_kana: c.last_name_kana,
      first_name_kana: c.first_name_kana,
      company_name: c.company_name,
      company_name_kana: c.company_name_kana,
      email: c.email,
      phone: c.phone,
      postal_code: c.postal_code,
      prefecture: c.prefecture,
      city: c.city,
      address_line: c.address_line,
      tags: c.tags,
      assignee_user_id: c.assignee,
      notes: c.notes,
    },
    interactions: timelines.get(c.id),
  }));
}
