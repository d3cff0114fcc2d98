import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * Markdown to PDF with pdfkit and the DejaVu fonts (Cyrillic). Supported Markdown: `#` / `##`
 * headings, paragraphs, `-` and `1.` lists, fenced code blocks — what the documents use.
 */
type Block =
  | { kind: 'h1' | 'h2' | 'p'; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'code'; text: string };

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.startsWith('```')) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] ?? '').startsWith('```')) {
        code.push(lines[i] ?? '');
        i += 1;
      }
      blocks.push({ kind: 'code', text: code.join('\n') });
      i += 1;
      continue;
    }
    if (line.startsWith('## ')) {
      blocks.push({ kind: 'h2', text: line.slice(3).trim() });
    } else if (line.startsWith('# ')) {
      blocks.push({ kind: 'h1', text: line.slice(2).trim() });
    } else if (/^(- |\d+\. )/.test(line)) {
      const ordered = !line.startsWith('- ');
      const items: string[] = [];
      while (i < lines.length && /^(- |\d+\. )/.test(lines[i] ?? '')) {
        items.push((lines[i] ?? '').replace(/^(- |\d+\. )/, '').trim());
        i += 1;
      }
      blocks.push({ kind: ordered ? 'ol' : 'ul', items });
      continue;
    } else if (line.trim() !== '') {
      const paragraph: string[] = [line.trim()];
      while (i + 1 < lines.length && /^[^\s#`\-\d]/.test(lines[i + 1] ?? '')) {
        i += 1;
        paragraph.push((lines[i] ?? '').trim());
      }
      blocks.push({ kind: 'p', text: paragraph.join(' ') });
    }
    i += 1;
  }
  return blocks;
}

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const PRIMARY = '#3730a3';
const TEXT = '#1f2937';
const MUTED = '#4b5563';

export function renderPdf(markdown: string): Promise<Buffer> {
  const blocks = parseMarkdown(markdown);
  const title = blocks.find((b) => b.kind === 'h1');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: {
      Title: title && 'text' in title ? title.text : 'B2BPay',
      Author: 'B2BPay',
      // A fixed date keeps the build reproducible.
      CreationDate: new Date('2025-01-01T00:00:00Z'),
    },
    lang: 'ru-RU',
  });
  doc.registerFont('body', path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  doc.registerFont('mono', path.join(fontDir, 'DejaVuSansMono.ttf'));

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const width = doc.page.width - 112;
  doc.font('bold').fontSize(10).fillColor(PRIMARY).text('B2BPay', { characterSpacing: 1 });
  doc.moveDown(0.6);

  for (const block of blocks) {
    switch (block.kind) {
      case 'h1':
        doc.font('bold').fontSize(20).fillColor(TEXT).text(block.text, { width });
        doc.moveDown(0.6);
        break;
      case 'h2':
        // Keep a heading with at least a few lines of what follows it.
        if (doc.y > doc.page.height - 56 - 110) doc.addPage();
        else doc.moveDown(0.6);
        doc.font('bold').fontSize(14).fillColor(PRIMARY).text(block.text, { width });
        doc.moveDown(0.4);
        break;
      case 'p':
        doc.font('body').fontSize(10.5).fillColor(TEXT).text(block.text, { width, lineGap: 2.5 });
        doc.moveDown(0.5);
        break;
      case 'ul':
      case 'ol':
        block.items.forEach((item, index) => {
          const marker = block.kind === 'ol' ? `${index + 1}.` : '•';
          const y = doc.y;
          doc.font('body').fontSize(10.5).fillColor(MUTED).text(marker, 56, y, { width: 18 });
          doc.fillColor(TEXT).text(item, 76, y, { width: width - 20, lineGap: 2.5 });
          doc.moveDown(0.25);
        });
        doc.x = 56;
        doc.moveDown(0.3);
        break;
      case 'code': {
        doc.font('mono').fontSize(8.2);
        const height = doc.heightOfString(block.text, { width: width - 20, lineGap: 1.5 }) + 16;
        if (doc.y + height > doc.page.height - 56) doc.addPage();
        const top = doc.y;
        doc.roundedRect(56, top, width, height, 4).fill('#f3f4f6');
        doc.fillColor('#111827').text(block.text, 66, top + 8, { width: width - 20, lineGap: 1.5 });
        doc.x = 56;
        doc.y = top + height;
        doc.moveDown(0.6);
        break;
      }
    }
  }
  doc.end();
  return done;
}
