/**
 * A4 reports as PDF (pdfkit) in Japanese: Noto Sans JP (static TTF from
 * @expo-google-fonts/noto-sans-jp, subset-embedded: only the glyphs used are written), a title
 * block, headings, paragraphs, bullet lists, tables with a repeated header row, a numbered source
 * list, and 「n / N ページ」 in every page's footer.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

export type PdfBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string; muted?: boolean }
  | { type: 'bullets'; items: string[] }
  | { type: 'table'; columns: { label: string; width: number }[]; rows: string[][] }
  | { type: 'sources'; items: { title: string; url: string | null; excerpt: string | null }[] }
  /** What follows starts on a new page (a document printed page by page). */
  | { type: 'page-break' };

export interface PdfReport {
  title: string;
  /** Lines under the title (generated date, mode label). */
  meta: string[];
  blocks: PdfBlock[];
}

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The two weights, read once per process (≈ 5 MB each; only used glyphs go into a PDF). */
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf')),
  };
  return fonts;
}

const MARGIN = 56;
const FOOTER_SPACE = 28;
const TEXT = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#9ca3af';
const HEADER_FILL = '#e5e7eb';

export function renderReportPdf(report: PdfReport): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: report.title, Producer: 'Tsumiki', Creator: 'Tsumiki' },
    lang: 'ja-JP',
    displayTitle: true,
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.font('bold').fontSize(18).fillColor(TEXT).text(report.title, { width });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(9).fillColor(MUTED);
  for (const line of report.meta) doc.text(line, { width });
  doc.moveDown(0.4);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.8);

  for (const block of report.blocks) {
    switch (block.type) {
      case 'heading':
        ensure(60);
        doc.moveDown(0.4);
        doc.font('bold').fontSize(13).fillColor(TEXT).text(block.text, MARGIN, doc.y, { width });
        doc.moveDown(0.3);
        break;
      case 'paragraph':
        doc
          .font('regular')
          .fontSize(10.5)
          .fillColor(block.muted ? MUTED : TEXT)
          .text(block.text, MARGIN, doc.y, { width, lineGap: 3 });
        doc.moveDown(0.5);
        break;
      case 'bullets':
        doc.font('regular').fontSize(10.5).fillColor(TEXT);
        for (const item of block.items) {
          const height = doc.heightOfString(item, { width: width - 14, lineGap: 3 });
          ensure(Math.min(height, 40));
          const y = doc.y;
          doc.text('・', MARGIN, y, { width: 14, lineBreak: false });
          doc.text(item, MARGIN + 14, y, { width: width - 14, lineGap: 3 });
          doc.moveDown(0.2);
        }
        doc.moveDown(0.4);
        break;
      case 'table':
        drawTable(doc, block, width, bottom);
        doc.moveDown(0.6);
        break;
      case 'sources':
        block.items.forEach((item, index) => {
          const label = `[${index + 1}] ${item.title}`;
          doc.font('regular').fontSize(9.5);
          ensure(doc.heightOfString(label, { width: width - 4 }) + 24);
          doc.fillColor(TEXT).text(label, MARGIN, doc.y, { width });
          doc.fontSize(8.5).fillColor(MUTED);
          if (item.url) doc.text(item.url, MARGIN + 16, doc.y, { width: width - 16 });
          if (item.excerpt) doc.text(item.excerpt, MARGIN + 16, doc.y, { width: width - 16, lineGap: 2 });
          doc.moveDown(0.4);
        });
        break;
      case 'page-break':
        doc.addPage();
        break;
    }
  }

  // Footer on every page, written once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const footerY = doc.page.height - MARGIN - 4;
    const previousBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`${index + 1} / ${range.count} ページ`, MARGIN, footerY, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = previousBottom;
  }
  doc.end();
  return finished;
}

function drawTable(
  doc: PDFKit.PDFDocument,
  table: Extract<PdfBlock, { type: 'table' }>,
  width: number,
  bottom: () => number,
): void {
  const total = table.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = table.columns.map((column) => (column.width / total) * width);
  const padding = 5;
  const rowHeight = (cells: string[], font: string, size: number) => {
    doc.font(font).fontSize(size);
    return (
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell || '—', { width: (widths[index] ?? 0) - padding * 2, lineGap: 2 }),
        ),
      ) +
      padding * 2
    );
  };
  const drawRow = (cells: string[], header: boolean) => {
    const font = header ? 'bold' : 'regular';
    const size = 9.5;
    const height = rowHeight(cells, font, size);
    if (doc.y + height > bottom()) {
      doc.addPage();
      if (!header)
        drawRow(
          table.columns.map((column) => column.label),
          true,
        );
    }
    const y = doc.y;
    let x = MARGIN;
    if (header) doc.rect(MARGIN, y, width, height).fill(HEADER_FILL);
    cells.forEach((cell, index) => {
      const cellWidth = widths[index] ?? 0;
      doc.rect(x, y, cellWidth, height).lineWidth(0.5).strokeColor(RULE).stroke();
      doc
        .font(font)
        .fontSize(size)
        .fillColor(TEXT)
        .text(cell || '—', x + padding, y + padding, {
          width: cellWidth - padding * 2,
          lineGap: 2,
        });
      x += cellWidth;
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  drawRow(
    table.columns.map((column) => column.label),
    true,
  );
  for (const row of table.rows) drawRow(row, false);
}
