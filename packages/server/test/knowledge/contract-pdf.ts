/**
 * A small Japanese PDF made in the test (pdfkit with the server's own Noto Sans JP, so pdf.js reads
 * the text back), one page per string: a contract whose pages the tests can choose, instead of a
 * binary fixture. Like most contracts, the title is on page 1 only.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');

export function pdfOfPages(pages: readonly string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT);
  pages.forEach((page, index) => {
    doc.addPage();
    doc.font('regular').fontSize(11);
    for (const line of page.split('\n')) doc.text(line, { lineGap: 4 }).moveDown(0.4);
    doc.fontSize(9).text(`－ ${index + 1} －`, { align: 'center' });
  });
  doc.end();
  return done;
}

/** A cleaning contract of two pages: who and what on page 1, term and notice of cancellation on page 2. */
export const CLEANING_CONTRACT = [
  `清掃業務委託契約書
さくら内科クリニック（以下「甲」という。）と株式会社ハートクリーン（以下「乙」という。）は、甲の診療所の清掃業務について、次のとおり契約を締結する。
第1条（委託業務） 甲は乙に対し、待合室、診察室および化粧室の日常清掃を委託する。
第2条（作業日時） 日常清掃は、休診日を除く毎日、午後7時から午後9時までの間に行う。
第3条（委託料） 委託料は月額88,000円（消費税込み）とし、甲は翌月20日までに乙の指定する口座に振り込む。`,
  `第5条（契約期間） この契約の期間は2026年4月1日から1年間とし、期間満了の2か月前までに甲乙いずれからも申し出がないときは、同一の条件で1年間更新する。
第6条（解約） 甲または乙は、3か月前までに書面で相手方に通知することにより、この契約を解約することができる。
第7条（秘密保持） 乙は、業務の遂行上知り得た患者の情報を第三者に漏らしてはならない。この義務は契約の終了後も存続する。`,
];
