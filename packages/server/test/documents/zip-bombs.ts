/**
 * Office files that are compression bombs, made in the test (no big binary in the repository): a
 * few MB of ZIP holding about 1 GB of repetitive XML, with a valid [Content_Types].xml and the
 * format's part names so that file-type detection takes them for Word, Excel or PowerPoint. The ZIP
 * is written here byte by byte, so that a test can also make one whose declared sizes lie.
 */
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  compressed: Uint8Array;
  crc: number;
  size: number;
}

/** A small entry, deflated. */
export function entry(name: string, text: string | Uint8Array): ZipEntry {
  const data = typeof text === 'string' ? Buffer.from(text) : text;
  return { name, method: 8, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** An entry of `head`, then `unit` repeated until about `bytes`, then `tail`, deflated as a stream. */
export async function repetitiveEntry(
  name: string,
  parts: { head: string; unit: string; tail: string },
  bytes: number,
): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const block = Buffer.from(parts.unit.repeat(Math.max(1, Math.floor((1 << 20) / parts.unit.length))));
  let crc = 0;
  let size = 0;
  const write = async (data: Buffer) => {
    crc = crc32(data, crc);
    size += data.length;
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(parts.head));
  while (size < bytes) await write(block);
  await write(Buffer.from(parts.tail));
  await new Promise((resolve) => deflate.end(resolve));
  return { name, method: 8, compressed: Buffer.concat(out), crc, size };
}

/**
 * A ZIP of the entries, in order. `declaredSize` replaces what the headers say an entry inflates
 * to (a lying archive); the CRC stays the real one.
 */
export function zipArchive(
  entries: ZipEntry[],
  options: { declaredSize?: (entry: ZipEntry) => number } = {},
) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const item of entries) {
    const name = Buffer.from(item.name);
    const size = options.declaredSize?.(item) ?? item.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(item.method, 8);
    local.writeUInt32LE(item.crc, 14);
    local.writeUInt32LE(item.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(item.method, 10);
    central.writeUInt32LE(item.crc, 16);
    central.writeUInt32LE(item.compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(item.compressed));
    centrals.push(central, name);
    offset += 30 + name.length + item.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

function contentTypes(part: string, type: string): ZipEntry {
  return entry(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/></Types>`,
  );
}

function packageRels(target: string): ZipEntry {
  return entry(
    '_rels/.rels',
    `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE_DOCUMENT}" Target="${target}"/></Relationships>`,
  );
}

export type BombFormat = 'docx' | 'xlsx' | 'pptx';

/** The parts of a bomb of each format, the huge one last. */
export async function bombEntries(format: BombFormat, bytes: number): Promise<ZipEntry[]> {
  const line = '請求書の明細行です。';
  switch (format) {
    case 'docx':
      return [
        contentTypes('word/document.xml', 'wordprocessingml.document.main+xml'),
        packageRels('word/document.xml'),
        await repetitiveEntry(
          'word/document.xml',
          {
            head: `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`,
            unit: `<w:p><w:r><w:t>${line}</w:t></w:r></w:p>`,
            tail: '</w:body></w:document>',
          },
          bytes,
        ),
      ];
    case 'xlsx': {
      const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
      return [
        contentTypes('xl/workbook.xml', 'spreadsheetml.sheet.main+xml'),
        packageRels('xl/workbook.xml'),
        entry(
          'xl/workbook.xml',
          `${XML}<workbook xmlns="${main}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="明細" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
        entry(
          'xl/_rels/workbook.xml.rels',
          `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
        ),
        await repetitiveEntry(
          'xl/worksheets/sheet1.xml',
          {
            head: `${XML}<worksheet xmlns="${main}"><sheetData>`,
            unit: `<row><c t="inlineStr"><is><t>${line}</t></is></c></row>`,
            tail: '</sheetData></worksheet>',
          },
          bytes,
        ),
      ];
    }
    case 'pptx':
      return [
        contentTypes('ppt/presentation.xml', 'presentationml.presentation.main+xml'),
        packageRels('ppt/presentation.xml'),
        await repetitiveEntry(
          'ppt/slides/slide1.xml',
          {
            head: `${XML}<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>`,
            unit: `<a:p><a:r><a:t>${line}</a:t></a:r></a:p>`,
            tail: '</p:txBody></p:sp></p:spTree></p:cSld></p:sld>',
          },
          bytes,
        ),
      ];
  }
}
