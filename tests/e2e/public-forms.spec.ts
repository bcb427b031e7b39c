/** Contact and enrolment forms end to end: states, messages verbatim, and the stored request in the admin API. */
import type { APIRequestContext, Page } from '@playwright/test';
import EnrollForm from '../../src/islands/EnrollForm.tsx';
import { HONEYPOT_FIELD } from '../../src/lib/constants.ts';
import { GENERIC, PUBLIC } from '../../src/lib/messages.ts';
import { VALIDATION } from '../../src/lib/api-messages.ts';
import { PUBLIC_PATHS } from '../../src/lib/public-api.ts';
import { CONTACT, ENROLL, PRIVACY, REQUIRED_NOTE } from '../../src/lib/public-copy.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { answer, holdRequests, waitForIsland, withoutBakedData } from './public-helpers.ts';

interface Listed {
  data: { name: string; email: string; phone: string; message?: string; course?: string }[];
}

test.describe('contact form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await waitForIsland(page, 'ContactForm');
  });

  test('sends, shows Sending... then the success message, clears the form; the admin sees the request', async ({
    page,
    adminApi,
  }) => {
    const email = `visitor-${Date.now()}@example.com`;
    await page.getByLabel(CONTACT.name, { exact: true }).fill('Asha Verma');
    await page.getByLabel(CONTACT.email, { exact: true }).fill(email);
    await page.getByLabel(CONTACT.phone, { exact: true }).fill('+91 98765 43210');
    await page
      .getByLabel(CONTACT.message, { exact: true })
      .fill('Please call me about a web security review.');
    const release = await holdRequests(page, PUBLIC_PATHS.contact);
    await page.getByRole('button', { name: CONTACT.submit }).click();
    const sending = page.getByRole('button', { name: PUBLIC.contactSending });
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByText(PUBLIC.contactSuccess, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: CONTACT.submit })).toBeEnabled();
    for (const label of [CONTACT.name, CONTACT.email, CONTACT.phone, CONTACT.message])
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');

    const listed = (await (await adminApi.get(PUBLIC_PATHS.contact)).json()) as Listed;
    expect(listed.data.find((entry) => entry.email === email)).toMatchObject({
      name: 'Asha Verma',
      phone: '+91 98765 43210',
      message: 'Please call me about a web security review.',
    });
  });

  test('failures show the server message, else the error message; success false shows the spec message', async ({
    page,
  }) => {
    const fill = async () => {
      await page.getByLabel(CONTACT.name, { exact: true }).fill('Ravi');
      await page.getByLabel(CONTACT.email, { exact: true }).fill('ravi@example.com');
      await page.getByLabel(CONTACT.phone, { exact: true }).fill('9876543210');
      await page.getByLabel(CONTACT.message, { exact: true }).fill('Hello');
    };
    const submit = () => page.getByRole('button', { name: CONTACT.submit }).click();
    const cases: [() => Promise<void>, string][] = [
      [
        () =>
          answer(page, PUBLIC_PATHS.contact, 429, {
            success: false,
            message: 'Too many requests. Please try again later.',
          }),
        'Too many requests. Please try again later.',
      ],
      [() => answer(page, PUBLIC_PATHS.contact, 500, {}), GENERIC.server],
      [
        async () => {
          await page.route(
            (url) => url.pathname === PUBLIC_PATHS.contact,
            (route) => route.abort(),
          );
        },
        GENERIC.network,
      ],
      [() => answer(page, PUBLIC_PATHS.contact, 200, { success: false }), PUBLIC.contactNotSuccessful],
    ];
    for (const [arrange, message] of cases) {
      await page.unroute((url) => url.pathname === PUBLIC_PATHS.contact);
      await arrange();
      await fill();
      await submit();
      await expect(page.locator('.alert--error')).toHaveText(message);
      await expect(page.getByLabel(CONTACT.name, { exact: true })).toHaveValue('Ravi'); // kept for another try
    }
  });

  test('marks every field the server refuses at once, at the field, and focuses the first (issue 21)', async ({
    page,
  }) => {
    // Both pass the browser's own checks (type=email, type=tel) and are refused by the server's.
    await page.getByLabel(CONTACT.name, { exact: true }).fill('Ravi');
    await page.getByLabel(CONTACT.email, { exact: true }).fill('ravi@localhost');
    await page.getByLabel(CONTACT.phone, { exact: true }).fill('call me');
    await page.getByLabel(CONTACT.message, { exact: true }).fill('Hello');
    await page.getByRole('button', { name: CONTACT.submit }).click();
    const email = page.getByLabel(CONTACT.email, { exact: true });
    const phone = page.getByLabel(CONTACT.phone, { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(VALIDATION.emailInvalid);
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(VALIDATION.phoneInvalid);
    await expect(email).toBeFocused();
    for (const label of [CONTACT.name, CONTACT.message])
      await expect(page.getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid', /.*/);
    await expectNoAxeViolations(page);

    // Correcting a field clears its own mark only; the next send goes through.
    await email.fill('ravi@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', /.*/);
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await phone.fill('+91 98765 43210');
    await page.getByRole('button', { name: CONTACT.submit }).click();
    await expect(page.getByText(PUBLIC.contactSuccess, { exact: true })).toBeVisible();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  });

  test('after a send, the focus is on the result, not lost to the page (issue 21)', async ({ page }) => {
    await page.getByLabel(CONTACT.name, { exact: true }).fill('Asha');
    await page.getByLabel(CONTACT.email, { exact: true }).fill(`focus-${Date.now()}@example.com`);
    await page.getByLabel(CONTACT.phone, { exact: true }).fill('+91 98765 43210');
    await page.getByLabel(CONTACT.message, { exact: true }).fill('Where does the focus go?');
    await page.getByRole('button', { name: CONTACT.submit }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(PUBLIC.contactSuccess, { exact: true })).toBeFocused();

    // A failure no field explains takes the focus the same way.
    await answer(page, PUBLIC_PATHS.contact, 500, {});
    await page.getByLabel(CONTACT.name, { exact: true }).fill('Asha');
    await page.getByLabel(CONTACT.email, { exact: true }).fill('asha@example.com');
    await page.getByLabel(CONTACT.phone, { exact: true }).fill('+91 98765 43210');
    await page.getByLabel(CONTACT.message, { exact: true }).fill('Again');
    await page.getByRole('button', { name: CONTACT.submit }).click();
    await expect(page.getByText(GENERIC.server, { exact: true })).toBeFocused();
  });

  test('the heading and intro are the Site settings words; each required field is marked', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { name: SITE_SETTINGS_SEED.contactHeading })).toBeVisible();
    await expect(page.getByRole('form', { name: SITE_SETTINGS_SEED.contactHeading })).toBeVisible();
    await expect(page.locator('main')).toContainText(SITE_SETTINGS_SEED.contactIntro);
    await expect(page.locator('main')).not.toContainText('Please Share Some Information here');
    const form = page.locator('form');
    await expect(form).toContainText(REQUIRED_NOTE);
    await expect(form.locator('.field-label .required-mark')).toHaveCount(4);
  });

  test('carries a hidden honeypot and the privacy notice', async ({ page }) => {
    const trap = page.locator(`input[name="${HONEYPOT_FIELD}"]`);
    await expect(trap).toHaveAttribute('tabindex', '-1');
    expect(await trap.evaluate((element) => element.closest('[aria-hidden="true"]') !== null)).toBe(true);
    expect(await trap.boundingBox()).toMatchObject({ width: expect.any(Number) });
    expect(await trap.evaluate((element) => element.getBoundingClientRect().right < 0)).toBe(true);
    const form = page.locator('form');
    await expect(form).toContainText(PRIVACY.notice);
    await expect(form.getByRole('link', { name: PRIVACY.link })).toHaveAttribute('href', '/privacy-policy');
  });
});

test.describe('enrol form', () => {
  test('requires all five fields after trimming; any edit clears the message; submits end to end', async ({
    page,
    adminApi,
  }) => {
    await page.goto('/enroll');
    await waitForIsland(page, 'EnrollForm');
    const submit = page.getByRole('button', { name: ENROLL.submit });
    const error = page.locator('.alert--error');
    await submit.click();
    await expect(error).toHaveText(PUBLIC.enrollAllRequired);
    await page.getByLabel(ENROLL.name, { exact: true }).fill('   ');
    await expect(error).toHaveCount(0);

    const email = `student-${Date.now()}@example.com`;
    await page.getByLabel(ENROLL.email, { exact: true }).fill(email);
    await page.getByLabel(ENROLL.phone, { exact: true }).fill('+91 90000 12345');
    const options = await page.getByLabel(ENROLL.course, { exact: true }).locator('option').allTextContents();
    expect(options[0]).toBe(ENROLL.chooseCourse);
    expect(options.length).toBeGreaterThan(1);
    const course = options[1]!;
    await page.getByLabel(ENROLL.course, { exact: true }).selectOption(course);
    await page.getByLabel(ENROLL.message, { exact: true }).fill('Weekend batch please.');
    await submit.click();
    await expect(error).toHaveText(PUBLIC.enrollAllRequired); // the name is only spaces
    await page.getByLabel(ENROLL.name, { exact: true }).fill('Meera Iyer');
    await expect(error).toHaveCount(0);

    const release = await holdRequests(page, PUBLIC_PATHS.enroll);
    await submit.click();
    await expect(page.getByRole('button', { name: PUBLIC.enrollSubmitting })).toBeDisabled();
    release();
    const success = page.getByText(PUBLIC.enrollSuccess, { exact: true });
    await expect(success).toBeVisible();
    await expect(page.getByLabel(ENROLL.name, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(ENROLL.course, { exact: true })).toHaveValue('');
    await page.getByLabel(ENROLL.name, { exact: true }).fill('x');
    await expect(success).toHaveCount(0);

    const listed = (await (await adminApi.get(PUBLIC_PATHS.enroll)).json()) as Listed;
    expect(listed.data.find((entry) => entry.email === email)).toMatchObject({
      name: 'Meera Iyer',
      course,
      phone: '+91 90000 12345',
      message: 'Weekend batch please.',
    });
  });

  test('marks each missing field with its own message; Message is optional, as on the server', async ({
    page,
    adminApi,
  }) => {
    await page.goto('/enroll');
    await waitForIsland(page, 'EnrollForm');
    await page.getByRole('button', { name: ENROLL.submit }).click();
    await expect(page.locator('.alert--error')).toHaveText(PUBLIC.enrollAllRequired);
    const marked: [string, string][] = [
      [ENROLL.name, VALIDATION.nameRequired],
      [ENROLL.email, VALIDATION.emailRequired],
      [ENROLL.phone, VALIDATION.phoneRequired],
      [ENROLL.course, VALIDATION.courseRequired],
    ];
    for (const [label, message] of marked) {
      const control = page.getByLabel(label, { exact: true });
      await expect(control).toHaveAttribute('aria-invalid', 'true');
      await expect(control).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel(ENROLL.name, { exact: true })).toBeFocused();
    await expect(page.getByLabel(ENROLL.message, { exact: true })).not.toHaveAttribute('aria-invalid', /.*/);

    // Editing a field clears its mark only.
    await page.getByLabel(ENROLL.name, { exact: true }).fill('Nisha Rao');
    await expect(page.getByLabel(ENROLL.name, { exact: true })).not.toHaveAttribute('aria-invalid', /.*/);
    await expect(page.getByLabel(ENROLL.email, { exact: true })).toHaveAttribute('aria-invalid', 'true');

    const email = `no-message-${Date.now()}@example.com`;
    await page.getByLabel(ENROLL.email, { exact: true }).fill(email);
    await page.getByLabel(ENROLL.phone, { exact: true }).fill('9876501234');
    await page.getByLabel(ENROLL.course, { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: ENROLL.submit }).click();
    await expect(page.getByText(PUBLIC.enrollSuccess, { exact: true })).toBeVisible();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    const listed = (await (await adminApi.get(PUBLIC_PATHS.enroll)).json()) as Listed;
    expect(listed.data.find((entry) => entry.email === email)).toMatchObject({ name: 'Nisha Rao' });
  });

  test('shows the server reason on the field for a bad e-mail, a bad phone and a withdrawn course, next to the button', async ({
    page,
    adminApi,
  }) => {
    const courseName = `Withdrawn course ${Date.now()}`;
    const created = (await (
      await adminApi.post(PUBLIC_PATHS.enrollCourse, { data: { courseName } })
    ).json()) as { data: { _id: string } };
    await page.goto('/enroll');
    await waitForIsland(page, 'EnrollForm');
    const course = page.getByLabel(ENROLL.course, { exact: true });
    await expect(course.locator('option', { hasText: courseName })).toHaveCount(1);

    const fill = async (overrides: { email?: string; phone?: string; course?: string } = {}) => {
      await page.getByLabel(ENROLL.name, { exact: true }).fill('Kiran');
      await page.getByLabel(ENROLL.email, { exact: true }).fill(overrides.email ?? 'kiran@example.com');
      await page.getByLabel(ENROLL.phone, { exact: true }).fill(overrides.phone ?? '9876543210');
      if (overrides.course) await course.selectOption(overrides.course);
      else await course.selectOption({ index: 1 });
    };
    const submit = page.getByRole('button', { name: ENROLL.submit });
    const alert = page.locator('.alert--error');
    const cases: [() => Promise<void>, string, string][] = [
      [() => fill({ email: 'kiran-at-example' }), ENROLL.email, VALIDATION.emailInvalid],
      [() => fill({ phone: 'call me' }), ENROLL.phone, VALIDATION.phoneInvalid],
      [
        async () => {
          await fill({ course: courseName });
          await adminApi.delete(`${PUBLIC_PATHS.enrollCourse}/${created.data._id}`);
        },
        ENROLL.course,
        VALIDATION.courseUnknown,
      ],
    ];
    for (const [arrange, label, message] of cases) {
      await arrange();
      await submit.click();
      await expect(alert).toHaveText(message);
      const control = page.getByLabel(label, { exact: true });
      await expect(control).toHaveAttribute('aria-invalid', 'true');
      await expect(control).toHaveAccessibleDescription(message);
      await expect(page.getByLabel(ENROLL.name, { exact: true })).toHaveValue('Kiran'); // kept for another try
      // The result is on screen beside the button, not below the fold.
      await expect(alert).toBeInViewport();
      const [button, result] = [await submit.boundingBox(), await alert.boundingBox()];
      expect(
        button && result && Math.abs(button.y + button.height / 2 - (result.y + result.height / 2)),
      ).toBeLessThan(24);
    }
  });

  test('marks the required fields, and the Message as not required (issue 21)', async ({ page }) => {
    await page.goto('/enroll');
    await waitForIsland(page, 'EnrollForm');
    const form = page.locator('form');
    await expect(form).toContainText(REQUIRED_NOTE);
    for (const label of [ENROLL.name, ENROLL.email, ENROLL.phone, ENROLL.course]) {
      const field = form.locator('.field', { has: page.getByLabel(label, { exact: true }) });
      await expect(field.locator('.field-label .required-mark'), label).toHaveText('*');
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
    const message = form.locator('.field', { has: page.getByLabel(ENROLL.message, { exact: true }) });
    await expect(message.locator('.required-mark')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a failed submission shows the spec message', async ({ page }) => {
    await answer(page, PUBLIC_PATHS.enroll, 500, { success: false, message: 'ignored' });
    await page.goto('/enroll');
    await waitForIsland(page, 'EnrollForm');
    await page.getByLabel(ENROLL.name, { exact: true }).fill('Kiran');
    await page.getByLabel(ENROLL.email, { exact: true }).fill('kiran@example.com');
    await page.getByLabel(ENROLL.phone, { exact: true }).fill('9876543210');
    await page.getByLabel(ENROLL.course, { exact: true }).selectOption({ index: 1 });
    await page.getByLabel(ENROLL.message, { exact: true }).fill('Hi');
    await page.getByRole('button', { name: ENROLL.submit }).click();
    await expect(page.locator('.alert--error')).toHaveText(PUBLIC.enrollFailed);
    await expect(page.getByLabel(ENROLL.name, { exact: true })).toHaveValue('Kiran');
  });

  test('the course list revalidates from the API, and fails with the spec message when nothing was baked', async ({
    page,
  }) => {
    await answer(page, PUBLIC_PATHS.enrollCourse, 200, {
      success: true,
      data: [{ _id: 'n1', courseName: 'Bug Bounty Bootcamp' }],
    });
    await page.goto('/enroll');
    await expect(page.getByLabel(ENROLL.course, { exact: true }).locator('option')).toHaveText([
      ENROLL.chooseCourse,
      'Bug Bounty Bootcamp',
    ]);

    // A failed refresh keeps the baked courses.
    await page.unroute((url) => url.pathname === PUBLIC_PATHS.enrollCourse);
    await answer(page, PUBLIC_PATHS.enrollCourse, 500, {});
    await page.reload();
    await waitForIsland(page, 'EnrollForm');
    await expect(page.locator('.alert--error')).toHaveCount(0);
    expect(await page.getByLabel(ENROLL.course, { exact: true }).locator('option').count()).toBeGreaterThan(
      1,
    );

    await withoutBakedData(page, '/enroll', 'EnrollForm', EnrollForm);
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(PUBLIC.enrollCoursesFailed);
    await expect(page.getByLabel(ENROLL.course, { exact: true }).locator('option')).toHaveText([
      ENROLL.chooseCourse,
    ]);
  });
});

/**
 * Issue 25.7: the contact and enrolment forms send the visit's lead source too. /contact and /enroll keep it
 * themselves (they leave out the every-page script for their JavaScript budget), so both roads are driven: a
 * campaign landing on the form, and one landing on the home page before going to the form. No cookie is set.
 */
test.describe('lead sources of the contact and enrolment forms', () => {
  interface WithSource {
    data: { email: string; source?: Record<string, string> }[];
  }
  const sourceOf = async (adminApi: APIRequestContext, path: string, email: string) =>
    ((await (await adminApi.get(`${path}?q=${encodeURIComponent(email)}`)).json()) as WithSource).data.find(
      (entry) => entry.email === email,
    )?.source;

  test('a campaign landing on /contact: the message carries its utm_*, and the CSV its Source', async ({
    page,
    adminApi,
  }) => {
    const email = `lead-contact-${Date.now()}@example.com`;
    await page.goto('/contact?utm_source=linkedin&utm_medium=social&utm_campaign=vapt');
    await waitForIsland(page, 'ContactForm');
    await page.getByLabel(CONTACT.name, { exact: true }).fill('Lead Contact');
    await page.getByLabel(CONTACT.email, { exact: true }).fill(email);
    await page.getByLabel(CONTACT.phone, { exact: true }).fill('+91 98765 43210');
    await page.getByLabel(CONTACT.message, { exact: true }).fill('A campaign brought me here.');
    await page.getByRole('button', { name: CONTACT.submit }).click();
    await expect(page.getByText(PUBLIC.contactSuccess, { exact: true })).toBeVisible();
    expect(await sourceOf(adminApi, PUBLIC_PATHS.contact, email)).toEqual({
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: 'vapt',
    });
    const csv = await (
      await adminApi.get(`${PUBLIC_PATHS.contact}/export.csv?q=${encodeURIComponent(email)}`)
    ).text();
    const [header, row] = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toMatch(/,Source$/);
    expect(row).toMatch(/,linkedin$/);
    expect(await page.context().cookies()).toEqual([]);
  });

  test('a visit that landed on the home page from a newsletter enrols with that source; a typed address is direct', async ({
    page,
    adminApi,
    browser,
  }) => {
    const enrol = async (target: Page, email: string) => {
      await target.goto('/enroll');
      await waitForIsland(target, 'EnrollForm');
      await target.getByLabel(ENROLL.name, { exact: true }).fill('Lead Student');
      await target.getByLabel(ENROLL.email, { exact: true }).fill(email);
      await target.getByLabel(ENROLL.phone, { exact: true }).fill('+91 90000 12345');
      const course = target.getByLabel(ENROLL.course, { exact: true });
      await course.selectOption((await course.locator('option').allTextContents())[1]!);
      await target.getByRole('button', { name: ENROLL.submit }).click();
      await expect(target.getByText(PUBLIC.enrollSuccess, { exact: true })).toBeVisible();
    };
    const email = `lead-enrol-${Date.now()}@example.com`;
    await page.goto('/?utm_source=newsletter');
    await enrol(page, email);
    expect(await sourceOf(adminApi, PUBLIC_PATHS.enroll, email)).toEqual({ utmSource: 'newsletter' });
    expect(await page.context().cookies()).toEqual([]);

    const typed = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const direct = `lead-direct-${Date.now()}@example.com`;
      await enrol(await typed.newPage(), direct);
      expect(await sourceOf(adminApi, PUBLIC_PATHS.enroll, direct)).toEqual({ referrer: 'direct' });
    } finally {
      await typed.close();
    }
  });
});
