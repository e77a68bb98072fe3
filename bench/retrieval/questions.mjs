// The evaluation questions: what a clinic's staff would ask (`question`, for retrieval and the
// chat) and type into a search box (`keywords`, for keyword search), with the document and page
// that answer it. `expected: null`: the documents do not answer it (the chat must say so).
export const questions = [
  {
    question: '個人情報保護の研修は誰がどのくらいの頻度で行いますか',
    keywords: '個人情報保護 研修',
    expected: ['privacy', 1],
  },
  {
    question: '患者の個人情報を第三者に渡すときに必要なことは？',
    keywords: '第三者提供',
    expected: ['privacy', 2],
  },
  { question: 'カルテは何年間保存しなければなりませんか', keywords: 'カルテ 保存', expected: ['privacy', 3] },
  {
    question: '診療記録の開示にかかる手数料はいくらですか',
    keywords: '開示 手数料',
    expected: ['privacy', 3],
  },
  {
    question: '個人情報が漏えいしたとき、委員会へ確報をいつまでに出しますか',
    keywords: '確報',
    expected: ['privacy', 4],
  },
  { question: '所定の勤務時間は何時から何時までですか', keywords: '勤務時間', expected: ['work-rules', 1] },
  { question: '残業は月に何時間までできますか', keywords: '時間外勤務 上限', expected: ['work-rules', 1] },
  { question: '有給休暇は何日前までに申請しますか', keywords: '休暇届', expected: ['work-rules', 2] },
  {
    question: '入職してから有給休暇がもらえるのはいつからですか',
    keywords: '年次有給休暇 6か月',
    expected: ['work-rules', 2],
  },
  { question: '結婚したときの特別休暇は何日ですか', keywords: '結婚', expected: ['work-rules', 3] },
  { question: '副業をしたいときはどうすればよいですか', keywords: '副業', expected: ['work-rules', 4] },
  { question: '懲戒にはどんな種類がありますか', keywords: '懲戒', expected: ['work-rules', 4] },
  { question: '注射針はどの容器に捨てますか', keywords: '注射針', expected: ['medical-waste', 1] },
  {
    question: '血液が付いたガーゼは何色のマークの容器に入れますか',
    keywords: 'ガーゼ',
    expected: ['medical-waste', 1],
  },
  { question: '感染性廃棄物は何日まで保管できますか', keywords: '保管 7日', expected: ['medical-waste', 2] },
  {
    question: 'マニフェストの控えは何年保存しますか',
    keywords: 'マニフェスト',
    expected: ['medical-waste', 3],
  },
  {
    question: '感染性廃棄物の処分はどこに委託していますか',
    keywords: '処分 委託',
    expected: ['medical-waste', 3],
  },
  {
    question: '予約のキャンセルはいつまでに連絡すればよいですか',
    keywords: 'キャンセル 前日',
    expected: ['cancellation', 1],
  },
  {
    question: '当日のキャンセルはWebでできますか',
    keywords: '当日のキャンセル',
    expected: ['cancellation', 1],
  },
  {
    question: '無断キャンセルが続くとどうなりますか',
    keywords: '無断キャンセル',
    expected: ['cancellation', 2],
  },
  {
    question: '自費診療のキャンセル料はいくらですか',
    keywords: 'キャンセル料',
    expected: ['cancellation', 3],
  },
  { question: '手洗いは何秒以上行いますか', keywords: '流水 石けん', expected: ['infection-control', 1] },
  {
    question: '熱のある患者はどこで待ってもらいますか',
    keywords: '隔離室',
    expected: ['infection-control', 2],
  },
  {
    question: '針刺し事故が起きたらまず何をしますか',
    keywords: '針刺し',
    expected: ['infection-control', 3],
  },
  {
    question: '感染対策委員会はいつ開かれますか',
    keywords: '感染対策委員会',
    expected: ['infection-control', 4],
  },
  {
    question: '職員のインフルエンザ予防接種はいつまでに受けますか',
    keywords: 'インフルエンザ',
    expected: ['infection-control', 4],
  },
  { question: '清掃の委託料は月額いくらですか', keywords: '委託料', expected: ['cleaning-contract', 2] },
  {
    question: '床のワックスがけは年に何回ありますか',
    keywords: 'ワックス 毎年',
    expected: ['cleaning-contract', 2],
  },
  {
    question: '清掃会社の秘密保持義務は契約終了後いつまで続きますか',
    keywords: '秘密保持',
    expected: ['cleaning-contract', 3],
  },
  {
    question: '清掃業務の契約を途中で解約するには何か月前に通知しますか',
    keywords: '解約',
    expected: ['cleaning-contract', 4],
  },
  { question: '地震のとき患者をどこへ避難させますか', keywords: '避難 地震', expected: ['disaster', 1] },
  { question: '停電時に非常用電源で使える機器は何ですか', keywords: '非常用電源', expected: ['disaster', 2] },
  { question: '飲料水はどれだけ備蓄していますか', keywords: '飲料水', expected: ['disaster', 3] },
  { question: '消防訓練はいつ行いますか', keywords: '消防訓練', expected: ['disaster', 3] },
  { question: '医療機器安全管理責任者は誰ですか', keywords: '安全管理責任者', expected: ['equipment', 1] },
  { question: 'AEDのパッドはいつ交換しますか', keywords: 'AED パッド', expected: ['equipment', 2] },
  { question: '医療機器が故障したらどうしますか', keywords: '故障', expected: ['equipment', 3] },
  {
    question: '医療機器の点検の記録はいつまで保存しますか',
    keywords: '点検 記録 保存',
    expected: ['equipment', 3],
  },
  // The documents do not answer these (some share words with them: 駐車場, 健康診断, 紹介).
  { question: '駐車場の利用料金はいくらですか', expected: null },
  { question: '職員の給与は毎月何日に支払われますか', expected: null },
  { question: '健康診断の結果はいつ届きますか', expected: null },
  { question: '院内のWi-Fiのパスワードは何ですか', expected: null },
  { question: '歯科の訪問診療は行っていますか', expected: null },
  { question: '職員の通勤手当の上限はいくらですか', expected: null },
  { question: '紹介状の書き方を教えてください', expected: null },
  { question: 'マイナンバーカードで受付できますか', expected: null },
];
