// The shared start of every PDF the site makes (fee receipts, brochures, certificates): one font that prints
// Devanagari and Latin alike, QR codes, and text wrapping. pdf-lib's own standard fonts are WinAnsi only, so a
// name such as "प्रिया वर्मा" needs an embedded font and fontkit's shaper.
//
// @pdf-lib/fontkit's Indic shaper was compiled with regenerator and expects its runtime as a global; without it
// drawing any Devanagari text throws "regeneratorRuntime is not defined".
import 'regenerator-runtime/runtime.js';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import {
  LineJoinStyle,
  PDFDocument,
  PDFImage,
  PngEmbedder,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineJoin,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { processMemo } from '../process-memo.ts';

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface NewPdf {
  doc: PDFDocument;
  fonts: PdfFonts;
}

export interface PdfMeta {
  title: string;
  subject?: string;
  /** Fixed for build-time documents, so a rebuild with the same content makes the same bytes. */
  createdAt?: Date;
}

// Noto Sans Devanagari carries Latin, ₹ and the punctuation the documents use, so one family serves every line.
// Netlify's bundler ships these files because netlify.toml lists them in `included_files`.
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
} as const;

const requireFromHere = createRequire(import.meta.url);

interface FontFile {
  bytes: Uint8Array;
  /** A hash of the bytes: what a measured width depends on besides the text and the size. */
  digest: string;
}
let fontFiles: Promise<{ regular: FontFile; bold: FontFile }> | undefined;

const fontFile = async (name: string): Promise<FontFile> => {
  const bytes = await readFile(requireFromHere.resolve(name));
  return { bytes, digest: createHash('sha256').update(bytes).digest('hex') };
};

function loadFontFiles(): Promise<{ regular: FontFile; bold: FontFile }> {
  fontFiles ??= Promise.all([fontFile(FONT_FILES.regular), fontFile(FONT_FILES.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fontFiles;
}

/**
 * Text widths, kept for the process: wrapping measures every growing prefix of a paragraph with fontkit's shaper,
 * which was most of a brochure's cost, and a rebuild of the site measures the same texts again (the local runner's
 * warm build worker, docs/decisions.md §53). Keyed by the font file's hash, so only fonts made by newPdf
 * are measured through it.
 */
const textWidths = processMemo<number>('pdf-text-widths', 20_000);
const fontDigests = new WeakMap<PDFFont, string>();

const widthOf = (font: PDFFont, size: number): ((text: string) => number) => {
  const digest = fontDigests.get(font);
  if (digest === undefined) return (text) => font.widthOfTextAtSize(text, size);
  return (text) => textWidths.get(`${digest} ${size} ${text}`, () => font.widthOfTextAtSize(text, size));
};

/** Print colours. The site's neon green (#00ff87) on black does not survive paper or a white page, so print
 *  uses a deep green of the same hue (#00804a, 5:1 on white) and near-black text. */
export const PDF_COLOURS = {
  ink: rgb(0.07, 0.07, 0.07),
  muted: rgb(0.33, 0.33, 0.33),
  brand: rgb(0, 0.5, 0.29),
  rule: rgb(0.82, 0.85, 0.9),
} as const;

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const A4_LANDSCAPE = { width: A4.height, height: A4.width } as const;

/**
 * Deflated stream contents (font subsets, pictures), kept for the process by a digest of the bytes deflated: a
 * rebuild's brochures deflate the same fonts and QR codes again, and pako's deflate was a third of their cost.
 * Deflating is a pure function of the bytes, so a kept result is byte for byte what deflating again would give.
 */
const deflated = processMemo<Uint8Array>('pdf-deflated', 64);

function keepDeflatedStreams(doc: PDFDocument): void {
  const { context } = doc;
  const flateStream = context.flateStream.bind(context);
  context.flateStream = (contents, dict = {}) => {
    if (!(contents instanceof Uint8Array)) return flateStream(contents, dict);
    const key = createHash('sha256').update(contents).digest('hex');
    // pdf-lib 1.17's flateStream: the deflated bytes in a stream whose dictionary names the filter.
    if (deflated.has(key))
      return context.stream(
        deflated.get(key, () => new Uint8Array()),
        { ...dict, Filter: 'FlateDecode' },
      );
    const stream = flateStream(contents, dict);
    deflated.get(key, () => stream.getContents());
    return stream;
  };
}

export async function newPdf(meta: PdfMeta): Promise<NewPdf> {
  const doc = await PDFDocument.create();
  keepDeflatedStreams(doc);
  doc.registerFontkit(fontkit);
  const files = await loadFontFiles();
  // Subsetting keeps a one-page document far under the 300 KB limit (the whole font is ~220 KB per weight).
  const [regular, bold] = await Promise.all([
    doc.embedFont(files.regular.bytes, { subset: true }),
    doc.embedFont(files.bold.bytes, { subset: true }),
  ]);
  fontDigests.set(regular, files.regular.digest);
  fontDigests.set(bold, files.bold.digest);
  const when = meta.createdAt ?? new Date();
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setProducer('DeltaSecure website');
  doc.setCreator('DeltaSecure website');
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  doc.setLanguage('en-IN');
  return { doc, fonts: { regular, bold } };
}

/** A QR code as PNG bytes; error correction M survives a crease or a phone camera at an angle. */
export async function qrPng(text: string, widthPx = 512): Promise<Uint8Array> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: widthPx });
}

/**
 * The QR pictures documents embed, made and decoded once per process: each build's brochures draw the same ones.
 * A PngEmbedder holds the decoded pixels and nothing of a document, so documents can share one. A few only: each
 * holds ~1 MB of pixels, and a function issuing certificates draws a new code per certificate.
 */
const qrPictures = processMemo<Promise<PngEmbedder>>('pdf-qr-embedders', 16);

export async function embedQr(doc: PDFDocument, text: string): Promise<PDFImage> {
  const embedder = await qrPictures.get(text, async () => PngEmbedder.for(await qrPng(text)));
  // What doc.embedPng (pdf-lib 1.17, pinned) does with the embedder it decodes: a reference now, and the image in
  // the document's list, written on save (where its number among the objects stays what embedPng gives it).
  const image = PDFImage.of(doc.context.nextRef(), doc, embedder);
  (doc as unknown as { images: PDFImage[] }).images.push(image);
  return image;
}

export interface Box {
  x: number;
  y: number;
  size: number;
}

export async function drawQr(doc: PDFDocument, page: PDFPage, text: string, box: Box): Promise<void> {
  const image = await embedQr(doc, text);
  page.drawImage(image, { x: box.x, y: box.y, width: box.size, height: box.size });
}

/** Splits text into lines no wider than `maxWidth` at `size`, breaking at spaces (a word longer than a line is
 *  cut, so a pasted URL cannot run off the page). */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const width = widthOf(font, size);
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (width(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (width(line) > maxWidth && line.length > 1) {
        const cut = longestFittingPrefix(line, width, maxWidth);
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

function longestFittingPrefix(text: string, width: (text: string) => number, maxWidth: number): number {
  let fits = 1;
  let tooLong = text.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (width(text.slice(0, middle)) <= maxWidth) fits = middle;
    else tooLong = middle;
  }
  return fits;
}

export interface FlowStyle {
  size?: number;
  bold?: boolean;
  colour?: ReturnType<typeof rgb>;
  /** Points the text is moved right (a list's items). */
  indent?: number;
  /** Drawn before the first line only (a list's bullet), in the indent. */
  marker?: string;
}

/**
 * Text that flows down A4 pages: each call wraps its text to the width and starts a new page when the next line
 * would cross the bottom margin (a brochure's syllabus runs to several pages).
 */
export class TextFlow {
  private page: PDFPage;
  private y: number;
  private readonly pdf: NewPdf;
  private readonly margin: number;
  readonly width: number;

  constructor(pdf: NewPdf, margin = 56) {
    this.pdf = pdf;
    this.margin = margin;
    this.page = pdf.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - margin;
    this.width = A4.width - 2 * margin;
  }

  /** The page being written and the height left on it. */
  get current(): { page: PDFPage; y: number } {
    return { page: this.page, y: this.y };
  }

  /** Moves down `points`, on a new page when they do not fit. */
  space(points: number): void {
    if (this.y - points < this.margin) this.newPage();
    else this.y -= points;
  }

  newPage(): void {
    this.page = this.pdf.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - this.margin;
  }

  text(words: string, style: FlowStyle = {}): void {
    const size = style.size ?? 11;
    const font = style.bold ? this.pdf.fonts.bold : this.pdf.fonts.regular;
    const indent = style.indent ?? 0;
    const colour = style.colour ?? PDF_COLOURS.ink;
    for (const [index, line] of wrapText(words, font, size, this.width - indent).entries()) {
      this.space(size * 1.45);
      if (index === 0 && style.marker)
        this.page.drawText(style.marker, {
          x: this.margin + indent - size,
          y: this.y,
          size,
          font,
          color: colour,
        });
      this.page.drawText(line, { x: this.margin + indent, y: this.y, size, font, color: colour });
    }
  }

  rule(): void {
    this.space(10);
    this.page.drawLine({
      start: { x: this.margin, y: this.y },
      end: { x: A4.width - this.margin, y: this.y },
      thickness: 1,
      color: PDF_COLOURS.rule,
    });
    this.space(4);
  }
}

/** The site's logo (public/logo.svg, a 64-unit square) drawn as vectors: crisp at any size and a few hundred
 *  bytes, where a PNG would be blurry or heavy. The shapes mirror the SVG's; kit.test.ts fails when the SVG
 *  changes so the two cannot drift apart. */
export const LOGO_SVG_SHAPES = {
  tile: { fill: '#0a0a0a', radius: 14 },
  frame: { stroke: '#00ff87', width: 3, inset: 2, radius: 12 },
  mark: { d: 'M32 12 52 50H12Z', stroke: '#00ff87', width: 5 },
  dot: { cx: 32, cy: 38, r: 5, fill: '#00ffbb' },
} as const;

const hex = (value: string) =>
  rgb(
    parseInt(value.slice(1, 3), 16) / 255,
    parseInt(value.slice(3, 5), 16) / 255,
    parseInt(value.slice(5, 7), 16) / 255,
  );

/** An SVG path of a rounded square (x, y its top-left in SVG units, y downwards). */
const roundedSquare = (x: number, y: number, size: number, r: number) =>
  `M${x + r} ${y}H${x + size - r}A${r} ${r} 0 0 1 ${x + size} ${y + r}V${y + size - r}` +
  `A${r} ${r} 0 0 1 ${x + size - r} ${y + size}H${x + r}A${r} ${r} 0 0 1 ${x} ${y + size - r}` +
  `V${y + r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`;

/** Draws the logo with its top-left corner at (x, top) on the page, `size` points square. */
export function drawLogo(page: PDFPage, x: number, top: number, size: number): void {
  const s = size / 64;
  const { tile, frame, mark, dot } = LOGO_SVG_SHAPES;
  page.drawSvgPath(roundedSquare(0, 0, 64, tile.radius), { x, y: top, scale: s, color: hex(tile.fill) });
  page.drawSvgPath(roundedSquare(frame.inset, frame.inset, 64 - 2 * frame.inset, frame.radius), {
    x,
    y: top,
    scale: s,
    borderColor: hex(frame.stroke),
    borderWidth: frame.width * s,
  });
  // The SVG's stroke-linejoin="round"; pdf-lib has no option for it, so set it around the one path.
  page.pushOperators(pushGraphicsState(), setLineJoin(LineJoinStyle.Round));
  page.drawSvgPath(mark.d, {
    x,
    y: top,
    scale: s,
    borderColor: hex(mark.stroke),
    borderWidth: mark.width * s,
  });
  page.pushOperators(popGraphicsState());
  page.drawCircle({ x: x + dot.cx * s, y: top - dot.cy * s, size: dot.r * s, color: hex(dot.fill) });
}
