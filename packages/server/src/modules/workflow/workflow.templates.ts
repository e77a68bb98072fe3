/**
 * The offline library of clinic workflows: realistic steps with owner, minutes, checks and tools.
 * A goal is matched against each template's keywords (see `matchTemplate`).
 */

export interface TemplateStep {
  title: string;
  description: string;
  owner: string;
  minutes: number;
  checks: string[];
  tools: string[];
}

export interface WorkflowTemplate {
  id: string;
  title: string;
  /** Words of a goal that point at this template (matched after NFKC folding). */
  keywords: string[];
  steps: TemplateStep[];
}

export const WORKFLOW_TEMPLATES: readonly WorkflowTemplate[] = [
  {
    id: 'first-visit',
    title: '初診受付から会計まで',
    keywords: ['初診', '受付', '会計', '問診', '待ち時間', '来院', '診察', '保険証', 'マイナ'],
    steps: [
      {
        title: '来院時の受付と本人確認',
        description: '氏名・生年月日を伺い、保険証（マイナ保険証）で資格を確認します。',
        owner: '受付',
        minutes: 5,
        checks: ['保険証の有効期限', '氏名・生年月日が予約と一致'],
        tools: ['受付端末', 'オンライン資格確認'],
      },
      {
        title: '問診票の記入案内',
        description: '問診票（タブレットまたは紙）を渡し、記入方法を説明します。',
        owner: '受付',
        minutes: 10,
        checks: ['アレルギー・服薬欄の記入', '未記入欄がない'],
        tools: ['問診タブレット'],
      },
      {
        title: '顧客情報の登録',
        description: '問診の内容と連絡先を顧客管理に登録します。',
        owner: '受付',
        minutes: 5,
        checks: ['連絡先の入力誤り', '重複登録がない'],
        tools: ['顧客管理'],
      },
      {
        title: '予診（バイタル測定）',
        description: '体温・血圧などを測り、問診の要点を医師に伝えます。',
        owner: '看護師',
        minutes: 10,
        checks: ['測定値の記録', '緊急度の判断'],
        tools: ['電子カルテ'],
      },
      {
        title: '診察',
        description: '医師が診察し、処方・検査・次回予約の要否を決めます。',
        owner: '医師',
        minutes: 15,
        checks: ['処方内容と禁忌の確認'],
        tools: ['電子カルテ'],
      },
      {
        title: '会計と次回予約',
        description: '請求額を伝えて会計し、必要なら次回の予約を取ります。',
        owner: '受付',
        minutes: 5,
        checks: ['請求額とレセプト内容の一致', '領収書・明細書の発行'],
        tools: ['レセコン', '予約システム'],
      },
      {
        title: '最終確認と対応記録',
        description: '受付から会計までの対応を顧客管理に記録し、未処理がないか確かめます。',
        owner: '受付',
        minutes: 3,
        checks: ['対応履歴の登録', '忘れ物・未会計がない'],
        tools: ['顧客管理'],
      },
    ],
  },
  {
    id: 'reschedule',
    title: '予約変更・キャンセル',
    keywords: ['予約', '変更', 'キャンセル', '無断', '日時'],
    steps: [
      {
        title: '変更・キャンセルの受付',
        description: '電話・ウェブで本人からの申し出を受け、予約を特定します。',
        owner: '受付',
        minutes: 3,
        checks: ['本人または代理人であること', '予約日時の読み上げ確認'],
        tools: ['電話', '予約システム'],
      },
      {
        title: '代わりの日時の提案',
        description: '空き枠から候補を 2〜3 件提示します。',
        owner: '受付',
        minutes: 5,
        checks: ['担当医の勤務日'],
        tools: ['予約システム'],
      },
      {
        title: '予約の更新',
        description: '予約を変更または取消し、空いた枠をキャンセル待ちに案内します。',
        owner: '受付',
        minutes: 2,
        checks: ['旧予約が残っていない'],
        tools: ['予約システム'],
      },
      {
        title: '確認の連絡',
        description: '新しい日時をメールまたは SMS で送ります。',
        owner: '受付',
        minutes: 2,
        checks: ['送信先の誤りがない'],
        tools: ['メール', 'SMS'],
      },
      {
        title: '対応記録と最終確認',
        description: '変更理由を顧客管理に記録します（無断キャンセルの回数も）。',
        owner: '受付',
        minutes: 2,
        checks: ['対応履歴の登録'],
        tools: ['顧客管理'],
      },
    ],
  },
  {
    id: 'health-checkup',
    title: '健康診断の受付と結果送付',
    keywords: ['健康診断', '健診', '検診', '結果', '送付', '企業', '人間ドック'],
    steps: [
      {
        title: '健診の申込受付',
        description: '個人または企業からの申込を受け、コースと日時を決めます。',
        owner: '受付',
        minutes: 10,
        checks: ['コースと料金の説明', '企業契約の有無'],
        tools: ['電話', '予約システム'],
      },
      {
        title: '事前案内の送付',
        description: '検査キット・問診票・当日の注意（絶食など）を送ります。',
        owner: '事務',
        minutes: 10,
        checks: ['送付先住所', '絶食の注意の記載'],
        tools: ['郵送', 'メール'],
      },
      {
        title: '当日の受付と検査',
        description: '本人確認の上、各検査を順に案内します。',
        owner: '看護師',
        minutes: 60,
        checks: ['検体ラベルと本人の一致', '実施漏れの検査がない'],
        tools: ['検査機器', '電子カルテ'],
      },
      {
        title: '医師の判定',
        description: '検査結果を見て判定と所見を記入します。',
        owner: '医師',
        minutes: 15,
        checks: ['要精密検査の判定'],
        tools: ['電子カルテ'],
      },
      {
        title: '結果の送付',
        description: '結果票を本人（企業健診は契約に従い企業）へ送ります。',
        owner: '事務',
        minutes: 10,
        checks: ['宛先と本人の一致', '企業へ送る範囲の同意'],
        tools: ['郵送', '暗号化メール'],
      },
      {
        title: '要精密検査者への連絡と最終確認',
        description: '受診勧奨の連絡をし、連絡日を記録します。',
        owner: '看護師',
        minutes: 10,
        checks: ['連絡済みの記録', '未送付の結果がない'],
        tools: ['電話', '顧客管理'],
      },
    ],
  },
  {
    id: 'vaccination',
    title: '予防接種の予約と問診',
    keywords: ['予防接種', 'ワクチン', 'インフルエンザ', '接種', '問診'],
    steps: [
      {
        title: '接種予約の受付',
        description: 'ワクチンの種類・在庫を見て予約を受けます。',
        owner: '受付',
        minutes: 5,
        checks: ['ワクチンの在庫', '前回接種からの間隔'],
        tools: ['予約システム', '在庫表'],
      },
      {
        title: '予診票の記入と確認',
        description: '予診票を記入してもらい、体温を測ります。',
        owner: '看護師',
        minutes: 10,
        checks: ['体温 37.5℃ 未満', 'アレルギー歴'],
        tools: ['予診票'],
      },
      {
        title: '医師の予診と接種',
        description: '医師が接種の可否を判断し、接種します。',
        owner: '医師',
        minutes: 5,
        checks: ['ワクチンのロット番号と有効期限', '接種部位の記録'],
        tools: ['電子カルテ'],
      },
      {
        title: '接種後の経過観察',
        description: '15〜30 分院内で待ってもらい、体調の変化を確認します。',
        owner: '看護師',
        minutes: 30,
        checks: ['副反応の有無'],
        tools: [],
      },
      {
        title: '会計・接種記録と最終確認',
        description: '会計し、接種済証を渡して記録します。',
        owner: '受付',
        minutes: 5,
        checks: ['接種済証の記載', '自治体助成の対象確認'],
        tools: ['レセコン', '顧客管理'],
      },
    ],
  },
  {
    id: 'restock',
    title: '物販の在庫補充',
    keywords: ['在庫', '補充', '発注', '物販', '商品', '仕入', '欠品'],
    steps: [
      {
        title: '在庫の確認',
        description: '週 1 回、棚と在庫表の数を突き合わせます。',
        owner: '事務',
        minutes: 20,
        checks: ['在庫表と実数の一致', '使用期限の近い品'],
        tools: ['在庫表'],
      },
      {
        title: '発注数の決定',
        description: '直近の販売数から発注数を決めます。',
        owner: '事務長',
        minutes: 10,
        checks: ['予算の範囲内'],
        tools: ['商品管理'],
      },
      {
        title: '発注',
        description: '取引先へ発注します。',
        owner: '事務',
        minutes: 10,
        checks: ['発注書の数量と単価'],
        tools: ['発注システム', 'メール'],
      },
      {
        title: '検品と入庫の最終確認',
        description: '納品物を検品し、在庫表に反映します。',
        owner: '事務',
        minutes: 15,
        checks: ['納品書と現物の一致', '破損がない'],
        tools: ['在庫表'],
      },
    ],
  },
  {
    id: 'collections',
    title: '未収金の督促',
    keywords: ['未収', '督促', '未払', '請求', '支払', '入金'],
    steps: [
      {
        title: '未収金の一覧作成',
        description: '月末に未収金の一覧を作ります。',
        owner: '事務',
        minutes: 30,
        checks: ['会計データとの一致'],
        tools: ['レセコン'],
      },
      {
        title: '次回来院時の声かけ',
        description: '来院予定のある方には受付でお願いします。',
        owner: '受付',
        minutes: 3,
        checks: ['声かけの記録'],
        tools: ['顧客管理'],
      },
      {
        title: '書面での督促',
        description: '1 か月を過ぎたら請求書を郵送します。',
        owner: '事務',
        minutes: 10,
        checks: ['宛先', '金額と期限の記載'],
        tools: ['郵送'],
      },
      {
        title: '入金の確認と最終確認',
        description: '入金を消し込み、残りを院長に報告します。',
        owner: '事務長',
        minutes: 15,
        checks: ['消込の誤りがない'],
        tools: ['会計ソフト'],
      },
    ],
  },
  {
    id: 'disclosure',
    title: '個人情報の開示請求対応',
    keywords: ['開示', '個人情報', 'カルテ開示', '請求', 'プライバシー', '本人確認'],
    steps: [
      {
        title: '請求の受付',
        description: '所定の請求書を受け取り、受付日を記録します。',
        owner: '受付',
        minutes: 10,
        checks: ['請求書の記載漏れ', '受付日の記録'],
        tools: ['請求書様式', '顧客管理'],
      },
      {
        title: '本人確認',
        description: '本人確認書類（代理人は委任状）を確認します。',
        owner: '事務長',
        minutes: 10,
        checks: ['本人確認書類の有効期限', '代理権の確認'],
        tools: [],
      },
      {
        title: '開示範囲の判断',
        description: '医師と開示する範囲を決めます。',
        owner: '医師',
        minutes: 20,
        checks: ['第三者の情報が含まれない'],
        tools: ['電子カルテ'],
      },
      {
        title: '写しの作成と交付',
        description: '写しを作り、手渡しまたは簡易書留で交付します（原則 2 週間以内）。',
        owner: '事務',
        minutes: 30,
        checks: ['交付物の枚数', '手数料の受領'],
        tools: ['複合機'],
      },
      {
        title: '対応記録の保管と最終確認',
        description: '請求から交付までの記録を保管します。',
        owner: '事務長',
        minutes: 5,
        checks: ['記録の保管', '期限内の交付'],
        tools: ['顧客管理'],
      },
    ],
  },
  {
    id: 'onboarding',
    title: '新人スタッフの受け入れ',
    keywords: ['新人', '入職', '採用', '研修', 'スタッフ', '受け入れ', '教育'],
    steps: [
      {
        title: 'アカウントと備品の準備',
        description: '業務システムのアカウント、名札、制服を用意します。',
        owner: '事務長',
        minutes: 60,
        checks: ['権限は役割に必要な分だけ'],
        tools: ['スタッフ管理'],
      },
      {
        title: '個人情報保護の研修',
        description: '守秘義務と個人情報の扱いを説明し、誓約書を受け取ります。',
        owner: '事務長',
        minutes: 60,
        checks: ['誓約書の受領'],
        tools: ['研修資料'],
      },
      {
        title: '業務の同行',
        description: '先輩スタッフに 1 週間同行します。',
        owner: '指導担当',
        minutes: 2400,
        checks: ['手順書の各項目の経験'],
        tools: ['手順書'],
      },
      {
        title: '1 か月面談と最終確認',
        description: '習熟度を確認し、困りごとを聞きます。',
        owner: '院長',
        minutes: 30,
        checks: ['面談記録'],
        tools: [],
      },
    ],
  },
];

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export interface TemplateMatch {
  template: WorkflowTemplate;
  /** The keywords of the template found in the goal. */
  matched: string[];
}

/**
 * The template whose keywords appear most often in the text (ties: library order), or the best
 * one with no match at all (`matched` empty: the caller says none fits).
 */
export function matchTemplate(text: string): TemplateMatch {
  const folded = fold(text);
  let best: TemplateMatch = { template: WORKFLOW_TEMPLATES[0] as WorkflowTemplate, matched: [] };
  for (const template of WORKFLOW_TEMPLATES) {
    const matched = template.keywords.filter((keyword) => folded.includes(fold(keyword)));
    if (matched.length > best.matched.length) best = { template, matched };
  }
  return best;
}
