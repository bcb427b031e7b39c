/**
 * The certificate as a PDF: A4 landscape, the company's name and logo, the holder (any script the
 * kit's font prints, Devanagari included), course, batch dates, number, issue date in IST, and a QR code to the
 * verification page with a line on how to verify. Not encrypted: students merge it into job applications. A
 * revoked certificate is still printable for staff, but marked revoked across the page (the public download
 * refuses it: docs/decisions.md §35).
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { showIstDay } from '../../lib/ist.ts';
import { CERTIFICATE_PDF as WORDS } from '../../lib/messages.ts';
import { A4_LANDSCAPE, drawLogo, drawQr, newPdf, PDF_COLOURS, wrapText } from '../pdf/kit.ts';
import { degrees, rgb } from 'pdf-lib';
import { VERIFY_PAGE_PATH, type Verification } from './lookup.ts';

/** The verification page a certificate's QR code opens. */
export const verifyUrlOf = (origin: string, number: string) =>
  `${origin}${VERIFY_PAGE_PATH}/${encodeURIComponent(number)}`;

export const pdfFileName = (number: string) => `certificate-${number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;

const { width: W, height: H } = A4_LANDSCAPE;
const MARGIN = 56;

function centred(
  page: PDFPage,
  text: string,
  y: number,
  font: PDFFont,
  size: number,
  color = PDF_COLOURS.ink,
) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (W - width) / 2, y, size, font, color });
}

/** Largest size ≤ `size` at which `text` fits in `maxWidth` (a long name shrinks rather than running off). */
function fitted(text: string, font: PDFFont, size: number, maxWidth: number, min = 14): number {
  let current = size;
  while (current > min && font.widthOfTextAtSize(text, current) > maxWidth) current -= 1;
  return current;
}

export async function certificatePdf(v: Verification, issuer: string, origin: string): Promise<Uint8Array> {
  const { doc, fonts } = await newPdf({
    title: WORDS.docTitle(v.holderName, v.course),
    subject: WORDS.number(v.number),
    createdAt: v.issuedOn ? new Date(v.issuedOn) : undefined,
  });
  doc.setAuthor(issuer);
  const page = doc.addPage([W, H]);
  const { regular, bold } = fonts;
  const url = verifyUrlOf(origin, v.number);

  // A double frame in the print green.
  page.drawRectangle({
    x: 20,
    y: 20,
    width: W - 40,
    height: H - 40,
    borderColor: PDF_COLOURS.brand,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 28,
    y: 28,
    width: W - 56,
    height: H - 56,
    borderColor: PDF_COLOURS.rule,
    borderWidth: 1,
  });

  drawLogo(page, MARGIN, H - MARGIN, 52);
  page.drawText(issuer, { x: MARGIN + 66, y: H - MARGIN - 34, size: 24, font: bold, color: PDF_COLOURS.ink });

  centred(page, WORDS.title, H - 150, bold, 34, PDF_COLOURS.brand);
  centred(page, WORDS.certifies, H - 200, regular, 15, PDF_COLOURS.muted);
  const holder = v.holderName || '—';
  centred(page, holder, H - 252, bold, fitted(holder, bold, 38, W - 2 * MARGIN - 40));
  centred(page, WORDS.completed, H - 290, regular, 15, PDF_COLOURS.muted);
  let y = H - 328;
  for (const line of wrapText(v.course, bold, 22, W - 2 * MARGIN - 80).slice(0, 2)) {
    centred(page, line, y, bold, 22);
    y -= 28;
  }
  if (v.batch) {
    centred(
      page,
      WORDS.batch(v.batch.name, showIstDay(v.batch.startDate), showIstDay(v.batch.endDate)),
      y - 2,
      regular,
      13,
      PDF_COLOURS.muted,
    );
  }

  // Bottom left: the facts a verifier types; bottom right: the QR code.
  const qrSize = 104;
  const qrX = W - MARGIN - qrSize;
  const facts = [
    WORDS.issuedOn(showIstDay(v.issuedOn)),
    ...(v.validUntil ? [WORDS.validUntil(showIstDay(v.validUntil))] : []),
    WORDS.number(v.number),
  ];
  let factY = 150;
  for (const [index, fact] of facts.entries()) {
    page.drawText(fact, { x: MARGIN, y: factY, size: 12, font: index === facts.length - 1 ? bold : regular });
    factY -= 18;
  }
  await drawQr(doc, page, url, { x: qrX, y: 84, size: qrSize });
  const scanWidth = regular.widthOfTextAtSize(WORDS.scan, 9);
  page.drawText(WORDS.scan, {
    x: qrX + (qrSize - scanWidth) / 2,
    y: 72,
    size: 9,
    font: regular,
    color: PDF_COLOURS.muted,
  });
  let howY = 84;
  for (const line of wrapText(WORDS.howTo(url, origin), regular, 9, qrX - MARGIN - 24)) {
    page.drawText(line, { x: MARGIN, y: howY, size: 9, font: regular, color: PDF_COLOURS.muted });
    howY -= 12;
  }

  if (v.status === 'revoked') {
    const mark = WORDS.revoked(showIstDay(v.revokedOn), v.revokedReason ?? '');
    const size = fitted(mark, bold, 30, W - 160, 12);
    page.drawText(mark, {
      x: 90,
      y: H / 2 - 140,
      size,
      font: bold,
      color: rgb(0.75, 0.1, 0.1),
      rotate: degrees(16),
      opacity: 0.85,
    });
  }
  return doc.save();
}
