import { describe, expect, it, vi } from 'vitest';
import { pdfQrCodes, pdfText } from '../../../tests/support/pdf.ts';
import {
  A4_LANDSCAPE,
  drawLogo,
  drawQr,
  LOGO_SVG_SHAPES,
  newPdf,
  PDF_COLOURS,
  TextFlow,
  wrapText,
} from './kit.ts';

describe('PDF kit', () => {
  it('prints a Devanagari name beside Latin text and rupees, in a small file', async () => {
    const { doc, fonts } = await newPdf({ title: 'Kit check', createdAt: new Date('2026-11-26T00:00:00Z') });
    const page = doc.addPage([A4_LANDSCAPE.width, A4_LANDSCAPE.height]);
    page.drawText('प्रिया वर्मा', { x: 60, y: 480, size: 28, font: fonts.bold, color: PDF_COLOURS.ink });
    page.drawText('Priya Verma paid ₹12,500', { x: 60, y: 440, size: 14, font: fonts.regular });
    const bytes = await doc.save();

    expect(bytes.length).toBeLessThan(300 * 1024);
    const text = await pdfText(bytes);
    expect(text).toContain('Priya Verma paid ₹12,500');
    // Shaping reorders the vowel sign ि before the conjunct it follows in the text (that is how it is drawn), so
    // a viewer's extracted text holds the same letters in drawing order: every one of them is there, none is a
    // missing-glyph box.
    for (const letter of ['प', 'र', 'ि', 'य', 'ा', 'व', 'म']) expect(text).toContain(letter);
    expect(text).not.toContain('\uFFFD');
  });

  it('draws a QR code a phone can read back', async () => {
    const { doc } = await newPdf({ title: 'QR check' });
    const page = doc.addPage();
    const url = 'https://deltasecure.example/verify/DLT-2026-7KQ9-M2XH';
    await drawQr(doc, page, url, { x: 40, y: 40, size: 120 });
    expect(await pdfQrCodes(await doc.save())).toEqual([url]);
  });

  it('wraps long text inside the width, cutting a word longer than a line', async () => {
    const { fonts } = await newPdf({ title: 'Wrap check' });
    const lines = wrapText(`Refunds within 7 days. ${'x'.repeat(300)}`, fonts.regular, 10, 200);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(fonts.regular.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(lines.join('').replace(/\s/g, '')).toBe(`Refundswithin7days.${'x'.repeat(300)}`);
  });

  it('measures a text once per process: a later document wraps the same words into the same lines unmeasured', async () => {
    const words = `Seats are held for 48 hours after enrolment; fees are refunded within 7 days. ${'y'.repeat(120)}`;
    const first = await newPdf({ title: 'Wrap once' });
    const lines = wrapText(words, first.fonts.bold, 13, 180);
    const later = await newPdf({ title: 'Wrap again' });
    const measure = vi.spyOn(later.fonts.bold, 'widthOfTextAtSize');
    expect(wrapText(words, later.fonts.bold, 13, 180)).toEqual(lines);
    expect(measure).not.toHaveBeenCalled();
    // Another size is another width: measured afresh.
    wrapText(words, later.fonts.bold, 12, 180);
    expect(measure).toHaveBeenCalled();
  });

  it('makes the same bytes from kept widths, QR pictures and deflated streams as from fresh ones', async () => {
    const memo = (name: string) =>
      (globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>)[
        Symbol.for(`delta:process-memo:${name}`)
      ];
    const url = 'https://deltasecure.example/courses/cloud-security';
    const make = async () => {
      const pdf = await newPdf({ title: 'Same bytes', createdAt: new Date('2026-11-26T00:00:00Z') });
      const flow = new TextFlow(pdf);
      await drawQr(pdf.doc, flow.current.page, url, { x: 400, y: 700, size: 84 });
      flow.text('प्रिया वर्मा paid ₹12,500 for the Cloud Security batch starting in January.', { bold: true });
      flow.text(`Refunds within 7 days of the start. ${'z'.repeat(90)}`);
      return Buffer.from(await pdf.doc.save());
    };
    for (const name of ['pdf-deflated', 'pdf-qr-embedders', 'pdf-text-widths']) memo(name)?.clear();
    const fresh = await make();
    const deflatedCount = memo('pdf-deflated')?.size ?? 0;
    expect(deflatedCount).toBeGreaterThan(0);
    const kept = await make();
    // Nothing deflated anew (the fonts' subsets and the picture were kept), and not one byte differs.
    expect(memo('pdf-deflated')?.size).toBe(deflatedCount);
    expect(kept.equals(fresh)).toBe(true);
    expect(await pdfQrCodes(kept)).toEqual([url]);
  });
});

describe('the logo', () => {
  it('is drawn from the same shapes as public/logo.svg', async () => {
    const { readFile } = await import('node:fs/promises');
    const svg = await readFile(new URL('../../../public/logo.svg', import.meta.url), 'utf8');
    const { tile, frame, mark, dot } = LOGO_SVG_SHAPES;
    expect(svg).toContain(`rx="${tile.radius}" fill="${tile.fill}"`);
    expect(svg).toContain(
      `rx="${frame.radius}" fill="none" stroke="${frame.stroke}" stroke-width="${frame.width}"`,
    );
    expect(svg).toContain(`d="${mark.d}" fill="none" stroke="${mark.stroke}" stroke-width="${mark.width}"`);
    expect(svg).toContain(`cx="${dot.cx}" cy="${dot.cy}" r="${dot.r}" fill="${dot.fill}"`);
    expect(svg.match(/<(rect|path|circle)\b/g)).toHaveLength(4);

    const { doc } = await newPdf({ title: 'Logo check' });
    const page = doc.addPage([A4_LANDSCAPE.width, A4_LANDSCAPE.height]);
    drawLogo(page, 40, 500, 64);
    expect((await doc.save()).length).toBeLessThan(40 * 1024);
  });
});
