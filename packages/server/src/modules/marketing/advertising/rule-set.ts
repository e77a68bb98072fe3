/**
 * The project's rule set for 厚生労働省「医療広告ガイドライン」, kept as data: add a rule (or a
 * pattern to one) here and the check, the drafts' findings and the corpus bench pick it up.
 *
 * Patterns are regular expressions over the folded text (NFKC, lower case, katakana → hiragana,
 * white space removed — the same fold as search), and are folded the same way when loaded, so they
 * may be written in katakana, full width or half width. Avoid upper-case escapes (\D, \S, \W):
 * folding lowers them.
 *
 * `requires`: the guideline allows the wording when the same text also gives the explanation it
 * asks for; each group is a list of words of which one must appear (before/after photos need the
 * treatment, its cost and its risks; 限定解除 needs cost, risks and a contact).
 *
 * Hedges (see advertising-check.ts) are decided once for every rule: a claim directly followed in
 * the same sentence by 「とは言えません」「とは限りません」「わけではありません」「ものではありません」
 * 「保証できません」… is a disclaimer, not a claim. 「絶対に痛くありません」 is still a claim: a plain
 * negative is part of what is promised, only a hedge on the claim itself lifts it.
 */
import type { components } from '@tsumiki/api-client/schema';

export type AdvertisingCategory = components['schemas']['AdvertisingCategory'];

export interface AdvertisingRule {
  id: string;
  category: AdvertisingCategory;
  patterns: readonly string[];
  /** Why the guideline forbids it (shown with the finding). */
  reason: string;
  /** A lawful wording to use instead. */
  suggestion: string;
  /** Explanation the text must also hold for the wording to be allowed (one word of each group). */
  requires?: readonly (readonly string[])[];
}

const LAW = '（医療法第6条の5、医療広告ガイドライン）';

export const ADVERTISING_RULES: readonly AdvertisingRule[] = [
  {
    id: 'false-no-side-effects',
    category: 'false_claim',
    patterns: [
      '副作用(の心配)?(は|が|も)?(一切|全く|まったく|完全に)?(ありません|ない|なし|ゼロ|0)',
      '(痛み|腫れ|はれ|傷跡|傷あと|ダウンタイム)(は|が|も)?(一切|全く|まったく)(ありません|ない|なし|残りません)',
      '(一切|全く|まったく)痛(く|み)',
      '再発(は|が)?(しません|しない|ゼロ|0)',
      '(痛み|副作用|腫れ|傷跡|リスク|ダウンタイム)(ゼロ|0|なし|フリー)',
    ],
    reason: `どの治療にも副作用・痛み・再発の可能性があり、「ない」と言い切る表現は事実に反する虚偽広告として禁止されています${LAW}。`,
    suggestion:
      '起こりうる副作用や痛みを事実のとおりに書いてください（例「治療後に一時的な腫れや痛みが出ることがあります」）。',
  },
  {
    id: 'false-cures-everything',
    category: 'false_claim',
    patterns: [
      '(どんな|あらゆる|すべての|全ての)(病気|症状|疾患|病|悩み)(が|も|を|に)',
      '(どんな|あらゆる)[^。!?、]{1,8}(も|でも)(治|なお|必ず|改善)',
      '(1回|一回|一度)で(完治|治|なお|解消)',
      '(厚生労働省|厚労省|国)(が|の|も)?(認可|認定|承認|推奨|お墨付き|おすみつき)',
    ],
    reason: `すべての病気が治る、1 回で治る、国のお墨付きがある等、事実でない・確かめようのない内容は虚偽広告として禁止されています${LAW}。`,
    suggestion:
      '対象となる症状と、治療の内容・期間・回数の目安を事実として書いてください（例「〇〇の症状に対して△△による治療を行っています。治療期間の目安は〇週間です」）。',
  },
  {
    id: 'comparative-superlative',
    category: 'comparative',
    patterns: [
      '日本一|世界一|県内一|市内一|区内一|地域一|業界一|東洋一',
      'no\\.?1|なんばーわん|ナンバー1',
      '(地域|県内|市内|区内|エリア|日本|全国)(で|の)?(一番|いちばん|最多|最大|随一|屈指)',
      '(ランキング|人気)(第)?1位|第1位',
      'トップクラス|トップレベル',
      '(最高|最上|最良)(の|級|水準|品質)',
    ],
    reason:
      '「日本一」「No.1」「最高」などの最上級の表現は、他の医療機関より優れていると示す比較優良広告にあたり、事実であっても禁止されています（医療法施行規則第1条の9、医療広告ガイドライン）。',
    suggestion:
      '順位や最上級の言葉は使わず、当院で行っている診療の内容を事実として書いてください（例「〇〇の診療を行っています」）。',
  },
  {
    id: 'comparative-other-clinics',
    category: 'comparative',
    patterns: [
      '(他院|他の(医院|病院|クリニック|歯科|医療機関)|よその(医院|病院|クリニック)|ほかの(医院|病院|クリニック|歯科))(より|よりも|と比べ|に比べ|と比較|では(できない|受けられない))',
      'どこよりも',
      '(最も|もっとも)(安|優れ|すぐれ|多|上手|腕|選ばれ|信頼|人気|評判)',
    ],
    reason:
      '他の医療機関と比べて自院が優れている、安いと示す広告は比較優良広告として禁止されています（医療法施行規則第1条の9、医療広告ガイドライン）。',
    suggestion:
      '他院との比較はやめ、当院の診療体制を事実として書いてください（例「〇〇の専門外来を毎週火曜日に設けています」）。',
  },
  {
    id: 'exaggerated-certainty',
    category: 'exaggerated',
    patterns: [
      '絶対|ぜったい',
      '必ず(治|なお|良く|よく|効|痩|やせ|成功|改善|若返)',
      '100%|百パーセント|100パーセント',
      '完全(?!予約|個室|禁煙|週休|無休|紹介制|予約制)',
      '確実(に|な(結果|効果|治療|改善))',
      '(効果|結果|改善)を(お約束|約束|保証)',
      '奇跡',
      '劇的',
      '即効',
      '万能|特効',
      '最先端',
      '安全な(治療|手術|施術|方法)',
    ],
    reason: `医療の結果には個人差があり、「絶対」「必ず治る」「100%」「完全」などの断定や誇張は、患者を誤認させる誇大広告として禁止されています${LAW}。`,
    suggestion:
      '断定を避け、個人差があることを添えてください（例「症状の改善を目指して治療を行います。効果には個人差があります」）。',
  },
  {
    id: 'testimonial',
    category: 'testimonial',
    patterns: [
      '(患者|かんじゃ)(様|さま|さん)?(から)?の(声|体験|感想|口コミ|くちこみ)',
      '体験談|体験記|口コミ|くちコミ|喜びの声|お客様の声|レビュー',
      '\\d+代(の)?(女性|男性|主婦|会社員|患者)',
      '(すっかり|おかげで|嘘のように|うそのように|見違えるほど).{0,10}(治|なお|良く|よく|楽に|消え|きれいに)',
      '(治り|なおり|楽になり|痩せ|やせ)ました',
      '(痛み|症状|しみ|しわ|たるみ|ニキビ)(が|も)(すっかり)?(消え|なくなり|治まり|おさまり)ました',
    ],
    reason:
      '治療の内容や効果についての患者の体験談は、感想が人によって異なり誤認を与えるおそれがあるため、広告に使うことが禁止されています（医療法施行規則第1条の9、医療広告ガイドライン）。',
    suggestion: '体験談は載せず、治療の内容・期間・費用・主なリスクや副作用を客観的に説明してください。',
  },
  {
    id: 'before-after-photo',
    category: 'before_after',
    patterns: [
      'ビフォー・?アフター|before/?after|ビフォアフ',
      '(術前|施術前|治療前)(と|・|/|、)?(術後|施術後|治療後)',
      '症例写真',
      '(施術|治療|手術)(の)?前後(の)?(写真|画像|比較)',
    ],
    requires: [
      ['治療内容', '治療の内容', '施術内容', '施術の内容', '治療方法'],
      ['費用', '料金', '円'],
      ['リスク', '副作用'],
    ],
    reason:
      '術前・術後（ビフォーアフター）の写真は、治療の内容・費用・主なリスクや副作用などの詳しい説明を同じ所に載せない限り、誤認させるおそれがある広告として禁止されています（医療広告ガイドライン）。',
    suggestion:
      '写真には、通常必要な治療の内容、標準的な費用、治療期間と回数、主なリスクや副作用の説明を必ず添えてください。',
  },
  {
    id: 'public-order',
    category: 'public_order',
    patterns: [
      'わいせつ|猥褻|卑猥|性的な|セクシー|エロ(?!ぐ)',
      '残虐|グロテスク',
      '(外国人|外人|高齢者|お年寄り|障害者|障がい者|障碍者|生活保護)(の方|の人)?(は|も|の)?(受診|来院|診察|ご来院)?(は|も)?(お断り|おことわり|ご遠慮|診ません|受け付けません|来ないで)',
    ],
    reason:
      'わいせつ・残虐な表現や、差別を助長する表現など、公の秩序や善良の風俗に反する内容は広告できません（医療広告ガイドライン）。',
    suggestion:
      'その表現を削除し、診療の内容を事実に即して説明してください（受診の条件があるときは、理由とともに丁寧に説明してください）。',
  },
  {
    id: 'price-emphasis',
    category: 'price_emphasis',
    patterns: [
      '今だけ|いまだけ|今なら|いまなら|期間限定|初回限定|本日限り|今月限り|今週限り|先着\\d*(名|人)',
      '格安|激安|最安|破格|爆安|大特価|特価|お値打ち',
      '半額',
      '\\d+(%|パーセント)(オフ|off|引き|引|割引)',
      '\\d+割(引き|引|オフ|off)',
      '(治療|施術|手術|検査|初診|カウンセリング|ホワイトニング|インプラント|脱毛)(費|代|料)?(が|は|も)?(0円|無料|ただ|たったの?\\d)',
      '(無料|0円)(で)?(治療|施術|手術|体験|お試し)',
      '(キャンペーン|モニター)(価格|料金)',
    ],
    reason:
      '「今だけ無料」「格安」「〇％オフ」など費用を強調した広告は、安さで受診を誘い、医療の適切な選択を妨げるため不適切とされています（医療広告ガイドライン）。',
    suggestion:
      '料金は強調せず、通常必要な費用を事実として示してください（例「〇〇の費用は 1 回〇〇円（税込）です。詳しくはお問い合わせください」）。',
  },
  {
    id: 'indignity',
    category: 'indignity',
    patterns: [
      'プレゼント|商品券|ギフト券|ギフトカード|景品|抽選で|ポイント(還元|進呈|プレゼント|\\d+倍)',
      '(ご?紹介|しょうかい)(特典|キャンペーン)',
      '(もれなく|全員に|皆様に|みなさまに)[^。!?]{0,12}(差し上げ|進呈|贈呈)',
      'quoカード|図書カード|amazonギフト|ギフトカード',
      '損(します|をします|ですよ|しますよ)',
      'お見逃しなく|お急ぎください|急いで|今すぐ(予約|ご予約|お電話|電話|申し込|お申し込)',
      '(ついでに|気軽に|手軽に)(手術|整形|施術)',
    ],
    reason:
      '物品や金品の提供、受診を急がせる言葉、医療を軽く見せる表現は、医療の品位を損ない適切な選択を妨げるため広告できません（医療広告ガイドライン）。',
    suggestion:
      '特典や急がせる言葉は使わず、診療の案内と予約の方法を落ち着いた言葉で書いてください（例「ご予約はお電話またはウェブで承っています」）。',
  },
  {
    id: 'limited-exemption',
    category: 'limited_exemption',
    patterns: [
      '自由診療|自費診療|自費治療|保険適用外|保険外診療|保険がきかない|保険が効かない|保険のきかない',
      '未承認(の)?(医薬品|薬|機器)|適応外(使用)?',
      'ホワイトニング|インプラント|ボトックス|ヒアルロン酸|脱毛|しみ取り|シミ取り|美容点滴|にんにく注射',
    ],
    requires: [
      ['費用', '料金', '円', '価格'],
      ['リスク', '副作用'],
      ['お問い合わせ', '問い合わせ', 'お電話', '電話', 'ご相談', 'tel', '窓口'],
    ],
    reason:
      '自由診療や未承認医薬品などは、問い合わせ先、通常必要な治療の内容と費用、主なリスク・副作用を併せて示す「限定解除」の要件を満たすときに限って広告できます（医療法施行規則第1条の9の2、医療広告ガイドライン）。',
    suggestion:
      '治療の内容、通常必要な費用（例「1 回 〇〇円（税込）」）、主なリスク・副作用、問い合わせ先を同じ文面に書き添えてください。',
  },
];
