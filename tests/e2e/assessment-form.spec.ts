/**
 * Issue 25 in Chromium, on the public runner (its local SMTP server answers /__local/mail): the assessment form
 * on /services sent without JavaScript (a plain POST, a 303 to the thank-you page) and with it (fetch, the result
 * in place, the landing page's utm_source kept as the lead source); each time staff are notified and the sender
 * gets an acknowledgement; staff find the request by its source and export it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { requestFamilies } from '../../src/lib/collections.ts';
import { utcToIstDay } from '../../src/lib/ist.ts';
import { ASSESSMENT_VALIDATION } from '../../src/lib/api-messages.ts';
import { ASSESSMENT_FORM } from '../../src/lib/messages.ts';
import { ACKNOWLEDGE, NOTIFY } from '../../src/lib/staff-messages.ts';
import { LOCAL_MAIL_PATH } from '../../scripts/local/local-notifications.ts';
import { unique } from './admin-support.ts';
import { expect, projectBaseURL, test } from './fixtures.ts';

const family = requestFamilies.assessment;

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

const inDays = (days: number) => utcToIstDay(new Date(Date.now() + days * 86_400_000).toISOString());

async function fillForm(
  page: Page,
  organisation: string,
  name: string,
  email: string,
  wantedBy = inDays(21),
) {
  const form = page.locator('form[data-assessment-form]');
  await form.getByLabel(ASSESSMENT_FORM.organisation, { exact: true }).fill(organisation);
  await form.getByLabel(ASSESSMENT_FORM.name, { exact: true }).fill(name);
  await form.getByLabel(ASSESSMENT_FORM.email, { exact: true }).fill(email);
  await form.getByLabel(ASSESSMENT_FORM.phone, { exact: true }).fill('+91 98765 43210');
  await form.getByLabel(ASSESSMENT_FORM.scope.webApps, { exact: true }).fill('2');
  await form.getByLabel(ASSESSMENT_FORM.scope.apis, { exact: true }).fill('4');
  await form.getByLabel(ASSESSMENT_FORM.environment.production, { exact: true }).check();
  await form.getByLabel(ASSESSMENT_FORM.compliance.rbi, { exact: true }).check();
  await form.getByLabel(ASSESSMENT_FORM.compliance['cert-in'], { exact: true }).check();
  await form.getByLabel(ASSESSMENT_FORM.wantedBy, { exact: true }).fill(wantedBy);
  await form.getByLabel(ASSESSMENT_FORM.nda.yes, { exact: true }).check();
  await form.getByRole('button', { name: ASSESSMENT_FORM.submit }).click();
}

/** The notification to staff and the acknowledgement to the sender, within 10 s. */
async function expectMails(request: APIRequestContext, organisation: string, name: string, email: string) {
  const mails = async () => (await (await request.get(LOCAL_MAIL_PATH)).json()) as Mail[];
  await expect
    .poll(
      async () =>
        (await mails()).find((mail) => mail.subject === NOTIFY.otherSubject('assessment', organisation, name))
          ?.text ?? null,
      { timeout: 10_000, intervals: [250] },
    )
    .toContain(email);
  await expect
    .poll(async () => (await mails()).filter((mail) => mail.to.includes(email)).map((mail) => mail.subject), {
      timeout: 10_000,
      intervals: [250],
    })
    .toEqual([ACKNOWLEDGE.assessment.subject]);
  const [ack] = (await mails()).filter((mail) => mail.to.includes(email));
  expect(ack?.text).not.toContain(name);
  expect(ack?.text).not.toContain(organisation);
}

async function cleanUp(adminApi: APIRequestContext, email: string) {
  const list = (await (await adminApi.get(`${family.path}?q=${encodeURIComponent(email)}`)).json()) as {
    data: { _id: string }[];
  };
  await Promise.all(list.data.map((item) => adminApi.delete(`${family.path}/${item._id}`)));
}

test('the assessment form works without JavaScript: a plain POST, the thank-you page, both e-mails', async ({
  browser,
  adminApi,
  request,
}) => {
  const organisation = unique('No-JS Org');
  const name = unique('No-JS Person');
  const email = `assess-nojs-${Date.now().toString(36)}@example.com`;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: projectBaseURL(test.info().project.use),
  });
  try {
    const page = await context.newPage();
    await page.goto('/services');
    // Each service links to the form.
    const links = page.getByRole('link', { name: new RegExp(`^${ASSESSMENT_FORM.linkFromService}`) });
    if ((await links.count()) > 0) await expect(links.first()).toHaveAttribute('href', '#assessment');
    await fillForm(page, organisation, name, email);
    await expect(page).toHaveURL(/\/services\/assessment-received$/);
    await expect(page.getByText(ASSESSMENT_FORM.thanksText, { exact: true })).toBeVisible();
    await expectMails(request, organisation, name, email);
  } finally {
    await context.close();
    await cleanUp(adminApi, email);
  }
});

test('enhanced, it sends with fetch, answers in place and keeps the landing page’s utm_source', async ({
  page,
  adminApi,
  request,
}) => {
  const organisation = unique('JS Org');
  const name = unique('JS Person');
  const email = `assess-js-${Date.now().toString(36)}@example.com`;
  try {
    // The visit lands on the home page from a LinkedIn campaign, then goes to /services.
    await page.goto('/?utm_source=linkedin&utm_medium=social&utm_campaign=vapt');
    await page.goto('/services');
    await fillForm(page, organisation, name, email);
    await expect(page.getByText(ASSESSMENT_FORM.thanksText, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/services$/);
    await expectMails(request, organisation, name, email);

    const found = (await (
      await adminApi.get(`${family.path}?source=linkedin&q=${encodeURIComponent(email)}`)
    ).json()) as { data: { _id: string; source?: Record<string, string>; status: string }[] };
    expect(found.data).toHaveLength(1);
    expect(found.data[0]?.source).toEqual({
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: 'vapt',
    });
    const csv = await (await adminApi.get(`${family.path}/export.csv?source=linkedin`)).text();
    const row = csv.split('\r\n').find((line) => line.includes(email));
    expect(row).toContain(',linkedin,New,');
    // Staff move it on; the export says so, the source still beside it.
    expect(
      (
        await adminApi.patch(`${family.path}/${found.data[0]!._id}`, { data: { status: 'qualified' } })
      ).status(),
    ).toBe(200);
    const moved = await (await adminApi.get(`${family.path}/export.csv?source=linkedin`)).text();
    expect(moved.split('\r\n').find((line) => line.includes(email))).toContain(',linkedin,Qualified,');

    // A refused field is marked beside it, and nothing is stored.
    await fillForm(page, organisation, name, email, inDays(-3));
    await expect(page.locator('#assessment-wantedBy-error')).toHaveText(ASSESSMENT_VALIDATION.wantedByPast);
    await expect(page.getByLabel(ASSESSMENT_FORM.wantedBy, { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const after = (await (await adminApi.get(`${family.path}?q=${encodeURIComponent(email)}`)).json()) as {
      data: unknown[];
    };
    expect(after.data).toHaveLength(1);
  } finally {
    await cleanUp(adminApi, email);
  }
});

test('a visit landing on /services from a campaign keeps its utm_* in the request, and staff read labels', async ({
  page,
  adminApi,
  request,
}) => {
  const organisation = unique('Landing Org');
  const name = unique('Landing Person');
  const email = `assess-landing-${Date.now().toString(36)}@example.com`;
  try {
    // The campaign's link leads straight to the form's page: its script starts before the layout's lead source.
    await page.goto('/services?utm_source=google&utm_medium=cpc&utm_campaign=audit#assessment');
    await fillForm(page, organisation, name, email);
    await expect(page.getByText(ASSESSMENT_FORM.thanksText, { exact: true })).toBeVisible();
    const found = (await (
      await adminApi.get(`${family.path}?source=google&q=${encodeURIComponent(email)}`)
    ).json()) as { data: { source?: Record<string, string> }[] };
    expect(found.data.map((item) => item.source)).toEqual([
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'audit' },
    ]);
    // Staff's e-mail names the choices in words, not the names the API stores.
    const staffMail = async () =>
      ((await (await request.get(LOCAL_MAIL_PATH)).json()) as Mail[]).find(
        (mail) => mail.subject === NOTIFY.otherSubject('assessment', organisation, name),
      )?.text ?? '';
    await expect.poll(staffMail, { timeout: 10_000, intervals: [250] }).toContain(email);
    const text = await staffMail();
    expect(text).toContain('Scope: Web apps: 2; APIs: 4');
    expect(text).toContain('Environment: Production');
    expect(text).toMatch(/^Compliance: (CERT-In; RBI|RBI; CERT-In)$/m);
    expect(text).toContain('NDA: Yes');
    expect(text).not.toMatch(/webApps|cert-in|production/);
  } finally {
    await cleanUp(adminApi, email);
  }
});

test('/security leads a buyer to the assessment form', async ({ page }) => {
  await page.goto('/security');
  await page.getByRole('link', { name: ASSESSMENT_FORM.heading, exact: true }).click();
  await expect(page).toHaveURL(/\/services#assessment$/);
  await expect(page.getByRole('heading', { name: ASSESSMENT_FORM.heading, exact: true })).toBeInViewport();
});
