// Reading back the PDFs the site makes, the way a person or a phone would: the text a viewer extracts, and the QR
// codes its pictures carry, decoded from their pixels.
import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

export async function decodeQr(png: Uint8Array): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ??
    null
  );
}

/** Every QR code among the PDF's embedded PNG pictures (pdf-lib stores a PNG as a Flate image plus an SMask). */
export async function pdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = Number(dict.get(PDFName.of('Width'))?.toString());
    const height = Number(dict.get(PDFName.of('Height'))?.toString());
    const colourSpace = dict.get(PDFName.of('ColorSpace'));
    const channels =
      colourSpace === PDFName.of('DeviceRGB') ? 3 : colourSpace === PDFName.of('DeviceGray') ? 1 : 0;
    if (!channels || dict.get(PDFName.of('BitsPerComponent'))?.toString() !== '8') continue;
    const { inflateSync } = await import('node:zlib');
    const raw = inflateSync(object.contents);
    const png = await sharp(raw, { raw: { width, height, channels: channels as 1 | 3 } })
      .png()
      .toBuffer();
    const text = await decodeQr(png);
    if (text) found.push(text);
  }
  return found;
}

/**
 * Whether the extracted text shows a Devanagari name as printed: shaping draws a vowel sign such as ि before the
 * conjunct it follows and joins conjuncts through the virama, so a viewer's text holds the name's letters in drawing
 * order, not its spelling. Every letter (the virama aside) must be there and no missing-glyph mark.
 */
export function showsDevanagari(text: string, name: string): boolean {
  const letters = [...name].filter((letter) => letter.trim() !== '' && letter !== '\u094D');
  return !text.includes('\uFFFD') && letters.every((letter) => text.includes(letter));
}
