// Questions as people type them into the screens: whole sentences with the extra words of speech
// (「〜したいのですが」「いつまでに」「〜さん」), not the terse ones of questions.mjs. A long question
// must not lose to its own extra words. `expected`: the acceptable [document, page] pairs (most
// have one; a question both contracts answer has two); `null`: the documents do not answer it.
// Written for the project before the retrieval was tuned on them; every fact is in corpus.mjs.

/** The screens' own examples (packages/app: the legal check's placeholder, the documents' semantic search). */
export const screenExamples = [
  {
    screen: 'AI法務チェック（入力欄の例）',
    question: '清掃業者との契約を解約するには、いつまでに通知が必要ですか？',
    expected: [['cleaning-contract', 4]],
  },
  {
    screen: '文書（意味で検索の例）',
    question: '解約の通知はいつまでに必要？',
    expected: [
      ['cleaning-contract', 4],
      ['copier-lease', 3],
    ],
  },
];

const q = (question, slug, page) => ({ question, expected: [[slug, page]] });

export const longQuestions = [
  q(
    '清掃をお願いしている業者さんとの契約を途中でやめたい場合、何か月前までに連絡すればいいですか',
    'cleaning-contract',
    4,
  ),
  q('清掃業者さんが毎日掃除に来てくれるのは、夜の何時から何時までの間ですか', 'cleaning-contract', 2),
  q('清掃の委託料は毎月いつまでに、どういう方法で支払うことになっていますか', 'cleaning-contract', 2),
  q(
    'リースしている複合機の契約を途中で解約したいのですが、何か月前に通知が必要で、違約金はかかりますか',
    'copier-lease',
    3,
  ),
  q(
    '複合機が紙詰まりしたりトナーが切れたりしたとき、修理代はかかりますか、何日で来てくれますか',
    'copier-lease',
    2,
  ),
  q(
    '複合機を返すとき、中に残っている患者さんのデータはちゃんと消してもらえるのでしょうか',
    'copier-lease',
    2,
  ),
  q(
    '患者さんから自分のカルテを見せてほしいと言われたのですが、何日以内に対応して、手数料はいくらかかりますか',
    'privacy',
    3,
  ),
  q('個人情報が書かれた書類をなくしてしまったかもしれないとき、まず誰に報告すればいいですか', 'privacy', 4),
  q('来月結婚するのですが、特別休暇は何日もらえて、その間のお給料は出るのでしょうか', 'work-rules', 3),
  q('有給休暇を取りたいときは、何日前までにどこへ休暇届を出せばよいですか', 'work-rules', 2),
  q(
    '休みの日に副業をしてもいいのか、始める前に院長へ何か届け出る必要があるのか知りたいです',
    'work-rules',
    4,
  ),
  q('使い終わった注射針を捨てるときは、どの色のマークが付いた容器に入れればよいですか', 'medical-waste', 1),
  q('感染性廃棄物の容器がいっぱいになったら、保管庫に何日まで置いておいても大丈夫ですか', 'medical-waste', 2),
  q(
    '廃棄物を業者に引き渡したあと、処分が終わったという報告がなかなか届かないときはどうすればいいですか',
    'medical-waste',
    3,
  ),
  q(
    '予約の時間を過ぎても連絡なしで来ない患者さんは、何分過ぎたら無断キャンセルとして扱いますか',
    'cancellation',
    2,
  ),
  q('台風で電車が止まって来られなかった患者さんにも、キャンセル料を請求するのでしょうか', 'cancellation', 3),
  q(
    '熱が38度ある患者さんが来院したとき、ほかの患者さんと同じ待合室で待ってもらっていいですか',
    'infection-control',
    2,
  ),
  q(
    '処置のときに使用済みの針を自分の指に刺してしまったら、まず何をして、その後どんな検査を受けますか',
    'infection-control',
    3,
  ),
  q('隔離室を使ったあとの消毒には、何という薬液を使ってどこを拭けばいいですか', 'infection-control', 2),
  q('診療中に大きな地震が起きたら、待合室の患者さんをどこに避難させればいいですか', 'disaster', 1),
  q('停電で非常用電源に切り替わったとき、ワクチンを保管している冷蔵庫はそのまま使えますか', 'disaster', 2),
  q('災害に備えて、飲料水や非常食は職員の何日分を用意しておくことになっていますか', 'disaster', 3),
  q('毎朝の始業時にAEDや心電計を点検したら、その結果はどこに記録しておけばいいですか', 'equipment', 2),
  q(
    '超音波診断装置が故障して動かなくなったときは、誰に報告して、機械はどうしておけばよいですか',
    'equipment',
    3,
  ),
  q('保険証を忘れてきた患者さんからは、その日の会計でいくら受け取ればいいですか', 'reception', 2),
  q('患者さんから領収書をなくしたので再発行してほしいと言われたら、どう対応すればいいですか', 'reception', 2),
  q('受付の電話は何回鳴るまでに出て、最初に何と名乗ればいいですか', 'reception', 3),
  q('待合室に患者さんの傘の忘れ物があったとき、いつまで保管しておけばいいですか', 'reception', 3),
  q('再診の患者さんの保険証は、来院のたびに毎回確認しないといけないのですか', 'reception', 1),
];

// Absent from every document, though most share words with them (清掃, 駐車場, 電話, 予防接種,
// 休暇, 院長, 保険, 期限): the answer must be that nothing was found.
export const longUnanswerable = [
  '清掃業者さんに窓ガラスの清掃も追加でお願いした場合、料金はいくら上がりますか',
  '職員用の駐車場は何台分あって、使いたいときはどこに申し込めばいいですか',
  '夜間や休日に急患の問い合わせの電話がかかってきたら、どこに転送すればいいですか',
  '患者さんがインフルエンザの予防接種を受けるときの料金はいくらですか',
  '育児休業を取りたい場合、いつまでに申し出ればよくて、期間はどのくらいですか',
  '退職するときは、何か月前までに院長に伝えればいいですか',
  '患者さんが院内で転んでけがをしたとき、どんな保険で補償されますか',
  '院外処方箋の有効期限は、発行日から何日間ですか',
].map((question) => ({ question, expected: null }));
