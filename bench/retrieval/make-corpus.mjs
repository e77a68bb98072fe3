#!/usr/bin/env node
// Prints the evaluation PDFs from corpus.mjs: each page an HTML section with a page break,
// printed by Chromium. run.mjs prints them into its run directory on every run (printDocument),
// so no PDF is kept in the repository; `node bench/retrieval/make-corpus.mjs [dir]` prints them
// into a directory to look at (default bench/.data/retrieval-documents). run.mjs also prints the
// whole corpus, copied many times, into one large PDF for the throughput measurement (printCopies).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { documents } from './corpus.mjs';

const defaultDir = join(dirname(fileURLToPath(import.meta.url)), '..', '.data', 'retrieval-documents');
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A page's folio: the title and page number as a running header, or (runningTitle: false, as
// contracts usually are) the page number alone, so that no title words sit on every page.
function folioOf(document, label, index) {
  const number = `${index + 1}／${document.pages.length}`;
  return document.runningTitle === false
    ? `－ ${number}${label} －`
    : `${escapeHtml(document.title)}${label}（${number}）`;
}

function sectionsOf(document, label = '') {
  return document.pages
    .map(
      (page, index) =>
        `<section>\n<p class="folio">${folioOf(document, label, index)}</p>\n${page
          .split('\n')
          .map((line) => `<p>${escapeHtml(line)}</p>`)
          .join('\n')}\n</section>`,
    )
    .join('\n');
}

function page(title, body) {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: "Noto Sans CJK JP", sans-serif; font-size: 12pt; line-height: 1.8; }
  .folio { color: #555; font-size: 9pt; }
  section { page-break-after: always; }
  section:last-child { page-break-after: auto; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Chromium's headless print of an HTML file to a PDF. */
export function printPdf(htmlFile, pdfFile) {
  execFileSync(
    process.env.CHROMIUM ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-pdf-header-footer',
      `--print-to-pdf=${pdfFile}`,
      `file://${htmlFile}`,
    ],
    { stdio: 'ignore', timeout: 300_000 },
  );
}

/** Every document of the corpus `copies` times in one PDF (one corpus page per PDF page). */
export function printCopies(dir, copies) {
  const body = Array.from({ length: copies }, (_, copy) =>
    documents.map((document) => sectionsOf(document, ` 複製${copy + 1}`)).join('\n'),
  ).join('\n');
  const htmlFile = join(dir, `corpus-x${copies}.html`);
  const pdfFile = join(dir, `corpus-x${copies}.pdf`);
  writeFileSync(htmlFile, page('評価用文書の複製', body));
  printPdf(htmlFile, pdfFile);
  return pdfFile;
}

/** One document of the corpus as `<dir>/<slug>.pdf` (its HTML source beside it); the PDF's path. */
export function printDocument(document, dir) {
  const htmlFile = join(dir, `${document.slug}.html`);
  const pdfFile = join(dir, `${document.slug}.pdf`);
  writeFileSync(
    htmlFile,
    page(document.title, `<h1>${escapeHtml(document.title)}</h1>\n${sectionsOf(document)}`),
  );
  printPdf(htmlFile, pdfFile);
  return pdfFile;
}

function main() {
  const dir = resolve(process.argv[2] ?? defaultDir);
  mkdirSync(dir, { recursive: true });
  for (const document of documents) process.stdout.write(`${printDocument(document, dir)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
