/**
 * The student's "Your enrolment" page for the bench: an enrolment into an upcoming batch of a course with a fee,
 * posted as the enrolment form posts it, and the page's signed link from the submission's answer (the link the
 * success screen shows and the acknowledgement e-mails). The site's UPI payee is set first when it has none, so
 * the page shows what a paying student's does: the amount, the UPI QR and link, and the reference.
 */
import { contentFamilies, settingsFamily } from '../../src/lib/collections.ts';
import { PUBLIC_PATHS } from '../../src/lib/public-api.ts';
import { adminSession } from './admin.ts';

interface Batch {
  _id: string;
  name: string;
  course: string;
  startDate: string;
}

interface Course {
  _id: string;
  title: string;
  fee?: number;
}

/** The bench's payee, as a company would set it under Settings → Courses. */
const UPI = { upiVpa: 'deltasecure@okhdfcbank', upiPayeeName: 'DeltaSecure Technologies' };

async function data<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Signs the student up for a batch with a fee and answers the path of their page (`/enrolment/{token}`). */
export async function studentPagePath(base: string): Promise<string> {
  const session = await adminSession(base);
  const staff = { cookie: session, origin: base };
  const settings = await data<Record<string, unknown>>(
    await fetch(`${base}${settingsFamily.path}?drafts=1`, { headers: staff }),
    'GET settings',
  );
  if (!settings.upiVpa) {
    await data(
      await fetch(base + settingsFamily.path, {
        method: 'PUT',
        headers: { ...staff, 'content-type': 'application/json' },
        body: JSON.stringify({ ...settings, ...UPI }),
      }),
      'PUT settings',
    );
  }

  const [batches, courses] = await Promise.all([
    fetch(base + contentFamilies.batch.path).then((r) => data<Batch[]>(r, 'GET batches')),
    fetch(base + contentFamilies.course.path).then((r) => data<Course[]>(r, 'GET courses')),
  ]);
  const now = Date.now();
  const feeOf = (batch: Batch) => courses.find((course) => course._id === batch.course);
  const batch = batches.find(
    (candidate) => Date.parse(candidate.startDate) > now && (feeOf(candidate)?.fee ?? 0) > 0,
  );
  if (!batch) throw new Error('no upcoming batch of a course with a fee to enrol in');

  const answer = await fetch(base + PUBLIC_PATHS.enroll, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: 'Meera Iyer',
      email: `bench-student-${now}@example.com`,
      phone: '+91 90000 54321',
      course: feeOf(batch)!.title,
      message: '',
      batch: batch._id,
    }),
  });
  const text = await answer.text();
  if (answer.status !== 201)
    throw new Error(`the enrolment answered ${answer.status}: ${text.slice(0, 200)}`);
  const { enrolmentPage, payment } = JSON.parse(text) as {
    enrolmentPage?: { href: string };
    payment?: unknown;
  };
  if (!enrolmentPage) throw new Error('the enrolment answer carries no page link');
  if (!payment) throw new Error(`the enrolment into ${batch.name} asked for no payment`);
  return enrolmentPage.href;
}
