/**
 * A course's brochure, an A4 PDF made at build time from the same catalogue entry and Site settings
 * the course page shows (so the two cannot disagree): the company's details, summary and facts, syllabus,
 * outcomes, batches with dates and fees, trainers with qualifications, the refund policy and a QR code to the
 * page. A root module, so the page's endpoint reaches the server's PDF kit without importing src/server.
 */
import { showIstDay, utcToIstDay } from './lib/ist.ts';
import { coursePath, earlyBirdOpen, feeText, type ShownCourse } from './lib/catalogue.ts';
import { feeWithGst, gstWords } from './lib/gst.ts';
import { COURSES_PAGE } from './lib/page-words.ts';
import { brandName } from './lib/site-config.ts';
import type { SiteSettings } from './lib/site-settings.ts';
import { drawQr, newPdf, PDF_COLOURS, TextFlow } from './server/pdf/kit.ts';

/** The brochure must stay small enough to send over a phone's data. */
export const BROCHURE_MAX_BYTES = 300 * 1024;

/** Markdown as plain lines: the brochure prints words, not markup (headings, emphasis and link targets go). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}|>)[ \t]*/gm, '')
    .replace(/^[ \t]*[-*+][ \t]+/gm, '• ')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .trim();
}

export interface BrochureInput {
  course: ShownCourse;
  settings: Pick<SiteSettings, 'address' | 'email' | 'phone' | 'gstin'>;
  /** The course's own refund policy, else Site settings' (as the page shows it). */
  refundPolicy: string;
  /** The site's origin, for the page's address and its QR code. */
  site: URL;
  /** When the build made it (the batches' seats are as of then). */
  madeAt: Date;
}

export async function courseBrochure({
  course,
  settings,
  refundPolicy,
  site,
  madeAt,
}: BrochureInput): Promise<Uint8Array> {
  const pdf = await newPdf({
    title: COURSES_PAGE.brochureTitle(course.title),
    subject: course.summary ?? course.title,
    createdAt: madeAt,
  });
  const flow = new TextFlow(pdf);
  const muted = { size: 9.5, colour: PDF_COLOURS.muted };
  const heading = (words: string) => {
    flow.space(8);
    flow.text(words, { size: 14, bold: true, colour: PDF_COLOURS.brand });
  };
  const pageUrl = new URL(coursePath(course.slug), site).href;
  const gst = gstWords(settings.gstin, course.gstIncluded);
  const modeOf = (mode: string) => COURSES_PAGE.modes[mode as keyof typeof COURSES_PAGE.modes] ?? mode;
  const level = COURSES_PAGE.levels[course.level as keyof typeof COURSES_PAGE.levels] ?? course.level;

  // The company, and a QR code to the course page in the top corner.
  const { page, y } = flow.current;
  await drawQr(pdf.doc, page, pageUrl, { x: page.getWidth() - 56 - 84, y: y - 84, size: 84 });
  flow.text(brandName, { size: 20, bold: true, colour: PDF_COLOURS.brand });
  for (const line of settings.address ?? []) flow.text(line, muted);
  flow.text([settings.email, settings.phone].filter(Boolean).join(' · '), muted);
  if (settings.gstin) flow.text(`GSTIN: ${settings.gstin}`, muted);
  flow.space(18);
  flow.rule();

  flow.text(course.title, { size: 22, bold: true });
  if (course.summary) flow.text(course.summary, { size: 12 });
  flow.space(4);
  const facts = [
    course.duration ? `${COURSES_PAGE.duration}: ${course.duration}` : '',
    level ? `${COURSES_PAGE.level}: ${level}` : '',
    typeof course.fee === 'number' ? `${COURSES_PAGE.fee}: ${feeWithGst(feeText(course.fee), gst)}` : '',
  ].filter(Boolean);
  for (const fact of facts) flow.text(fact, { bold: true });
  if (course.description) {
    flow.space(4);
    flow.text(plainText(course.description));
  }
  if (course.prerequisites) {
    heading(COURSES_PAGE.prerequisites);
    flow.text(course.prerequisites);
  }

  if ((course.syllabus?.length ?? 0) > 0) {
    heading(COURSES_PAGE.syllabus);
    for (const [index, module] of (course.syllabus ?? []).entries()) {
      flow.text(`${index + 1}. ${module.title ?? ''}`, { bold: true });
      for (const topic of module.topics ?? []) flow.text(topic, { indent: 18, marker: '•' });
    }
  }

  if ((course.outcomes?.length ?? 0) > 0) {
    heading(COURSES_PAGE.outcomes);
    for (const outcome of course.outcomes ?? []) flow.text(outcome, { indent: 12, marker: '•' });
  }

  heading(COURSES_PAGE.batches);
  if (course.batches.length === 0) flow.text(COURSES_PAGE.batchesEmpty);
  const today = utcToIstDay(madeAt.toISOString());
  for (const batch of course.batches) {
    flow.text(batch.name, { bold: true });
    const fee =
      batch.fee === null ? '' : `${COURSES_PAGE.columns.fee}: ${feeWithGst(feeText(batch.fee), gst)}`;
    const early = earlyBirdOpen(batch, today)
      ? COURSES_PAGE.earlyBird(feeText(batch.earlyBirdFee), showIstDay(batch.earlyBirdUntil))
      : '';
    for (const line of [
      COURSES_PAGE.dates(showIstDay(batch.startDate), showIstDay(batch.endDate)),
      `${batch.schedule} · ${modeOf(batch.mode)}${batch.venue ? ` · ${batch.venue}` : ''}`,
      [fee, early].filter(Boolean).join(' · '),
      `${COURSES_PAGE.columns.seats}: ${COURSES_PAGE.seats(batch.seatsLeft, batch.capacity)} (${COURSES_PAGE.states[batch.state]})`,
    ].filter(Boolean))
      flow.text(line, { indent: 12 });
  }
  if (course.batches.length > 0)
    flow.text(COURSES_PAGE.brochureBatchesAsOf(showIstDay(madeAt.toISOString())), muted);

  if (course.teachers.length > 0) {
    heading(COURSES_PAGE.trainers);
    for (const trainer of course.teachers) {
      flow.text([trainer.name, trainer.role].filter(Boolean).join(', '), { bold: true });
      for (const qualification of trainer.qualifications ?? [])
        flow.text(qualification, { indent: 12, marker: '•' });
      if (trainer.bio) flow.text(trainer.bio, { indent: 12, ...muted });
    }
  }

  if (refundPolicy) {
    heading(COURSES_PAGE.refundPolicy);
    flow.text(plainText(refundPolicy));
  }

  flow.space(6);
  flow.rule();
  flow.text(`${COURSES_PAGE.brochureMore}: ${pageUrl}`, muted);
  return pdf.doc.save();
}
