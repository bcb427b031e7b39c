/**
 * Every site setting, in the admin form's order: the words of each public page, then what several pages share
 * (the courses' refund policy and payment details, credentials, the company's contacts, acknowledgements, the map
 * and the footer). The settings' type, schemas and seed are derived from this list in site-settings.ts.
 */
import { MAX_LENGTH } from './constants.ts';
import {
  booleanField,
  emailField,
  groupField,
  linesField,
  markdownField,
  textField,
  urlField,
} from './fields.ts';
import { VALIDATION } from './api-messages.ts';
import { HOW_TO_APPLY, SERVICES } from './page-words.ts';
import {
  aboutPage,
  count,
  GSTIN_LENGTH,
  inGroup,
  LABEL_MAX,
  link,
  MCC_LENGTH,
  phone,
  securityPage,
  servicesPage,
  step,
  tooLong,
  UPI_MAX,
  URL_MAX,
  words,
  type SettingField,
} from './setting-builders.ts';
import { MAP_EMBED_ORIGINS } from './site-config.ts';
import { ACK_SETTINGS, COURSE_SETTINGS, SETTINGS, TRUST_SETTINGS } from './staff-messages.ts';

/** An E.164 number: a country code and up to 15 digits. */
const E164_MAX = 20;
const CREDENTIALS_MAX = 12;

export const SETTING_FIELDS = [
  words('home', 'heroLine', 'Home page: line under the slideshow', {
    hint: 'Shown with the two buttons below the slideshow.',
  }),
  words('home', 'heroServicesLabel', 'Home page: button to Services', { max: LABEL_MAX }),
  words('home', 'heroEnrollLabel', 'Home page: button to Enroll', { max: LABEL_MAX }),
  words('home', 'aboutDescription1', 'Home page About section, first paragraph', {
    kind: 'textarea',
    max: MAX_LENGTH.description,
    hint: 'The About section of the home page (the About page has its own texts below).',
  }),
  words('home', 'aboutDescription2', 'Home page About section, second paragraph', {
    kind: 'textarea',
    max: MAX_LENGTH.description,
    hint: 'Followed on the page by "N+ projects delivered so far."',
  }),
  count(
    'totalProjects',
    'Projects delivered',
    'The N of "N+ projects delivered so far." in the home page About section.',
  ),
  count('happyCustomers', 'Happy customers', 'The "Happy Customers" counter of the home page.'),
  step('applyStep1Text', `step 1 (${HOW_TO_APPLY.steps[0].title})`),
  step('applyStep2Text', `step 2 (${HOW_TO_APPLY.steps[1].title})`),
  step('applyStep3Text', `step 3 (${HOW_TO_APPLY.steps[2].title})`),
  // The /about page, top to bottom: the mission heading, its three cards, then the mission and contact cards.
  aboutPage('aboutMissionHeading', 'About page: heading'),
  aboutPage('aboutCard1Title', 'About page: first card, title'),
  aboutPage('aboutCard1Text', 'About page: first card, text', MAX_LENGTH.description),
  aboutPage('aboutCard2Title', 'About page: second card, title'),
  aboutPage('aboutCard2Text', 'About page: second card, text', MAX_LENGTH.description),
  aboutPage('aboutCard3Title', 'About page: third card, title'),
  aboutPage('aboutCard3Text', 'About page: third card, text', MAX_LENGTH.description),
  aboutPage('aboutMissionTitle', 'About page: mission card, title'),
  aboutPage('aboutMissionText', 'About page: mission card, text', MAX_LENGTH.description),
  aboutPage('aboutContactTitle', 'About page: contact card, title'),
  aboutPage('aboutContactText', 'About page: contact card, text (the phone and e-mail follow it)'),
  servicesPage('servicesAudience1Text', `${SERVICES.audiences[0].title}, text`, 'textarea'),
  servicesPage('servicesAudience2Text', `${SERVICES.audiences[1].title}, text`, 'textarea'),
  servicesPage('servicesAudience3Text', `${SERVICES.audiences[2].title}, text`, 'textarea'),
  servicesPage('servicesContentHeading', 'heading above the services in detail', 'text'),
  words('contactPage', 'contactNumbersHeading', 'Contact page: heading above the numbers'),
  words('contactPage', 'contactHeading', 'Contact page: form heading'),
  words('contactPage', 'contactIntro', 'Contact page: text above the form', {
    kind: 'textarea',
    max: MAX_LENGTH.title * 2,
    hint: 'Leave empty for none.',
    optional: true,
  }),
  words('contactPage', 'contactMapHeading', 'Contact page: heading above the map'),
  words('careersPage', 'careersHeading', 'Careers page: heading'),
  words('careersPage', 'careerApplyTo', 'Careers page: how to apply', {
    max: URL_MAX,
    format: 'applyTo',
    hint: "An e-mail address or a web address starting with https://. Each career's Apply button uses it, unless the career names its own.",
  }),
  inGroup(
    'securityPage',
    textField('securityContact', {
      label: TRUST_SETTINGS.securityContactLabel,
      hint: TRUST_SETTINGS.securityContactHint,
      required: null,
      max: URL_MAX,
      format: 'contactUri',
    }),
  ),
  securityPage('securityIntro', 'introduction'),
  securityPage('securityScope', 'scope'),
  securityPage('securityReport', 'how to report'),
  securityPage('securityPromise', 'what we promise'),
  securityPage('securitySafeHarbour', 'safe harbour'),
  inGroup(
    'securityPage',
    booleanField('bountyOffered', {
      label: TRUST_SETTINGS.bountyOfferedLabel,
      hint: TRUST_SETTINGS.bountyOfferedHint,
    }),
  ),
  words('securityPage', 'bountyText', TRUST_SETTINGS.bountyTextLabel, {
    kind: 'textarea',
    max: MAX_LENGTH.description,
    hint: TRUST_SETTINGS.bountyTextHint,
    optional: true,
  }),
  inGroup(
    'courses',
    markdownField('refundPolicy', {
      label: COURSE_SETTINGS.refundPolicyLabel,
      hint: COURSE_SETTINGS.refundPolicyHint,
      required: null,
      max: MAX_LENGTH.description,
    }),
  ),
  words('courses', 'upiVpa', COURSE_SETTINGS.upiVpaLabel, {
    max: UPI_MAX,
    format: 'upiVpa',
    hint: COURSE_SETTINGS.upiVpaHint,
    optional: true,
  }),
  words('courses', 'upiPayeeName', COURSE_SETTINGS.upiPayeeNameLabel, {
    max: UPI_MAX,
    hint: COURSE_SETTINGS.upiPayeeNameHint,
    optional: true,
  }),
  words('courses', 'upiMerchantCode', COURSE_SETTINGS.upiMerchantCodeLabel, {
    max: MCC_LENGTH,
    format: 'mcc',
    hint: COURSE_SETTINGS.upiMerchantCodeHint,
    optional: true,
  }),
  words('courses', 'gstin', COURSE_SETTINGS.gstinLabel, {
    max: GSTIN_LENGTH,
    format: 'gstin',
    hint: COURSE_SETTINGS.gstinHint,
    optional: true,
  }),
  inGroup(
    'credentials',
    groupField('credentials', {
      label: TRUST_SETTINGS.credentialsLabel,
      hint: TRUST_SETTINGS.credentialsHint,
      noun: TRUST_SETTINGS.credentialNoun,
      min: 0,
      max: CREDENTIALS_MAX,
      fields: [
        textField('name', {
          label: TRUST_SETTINGS.credentialName,
          required: TRUST_SETTINGS.credentialNameRequired,
          max: MAX_LENGTH.title,
        }),
        textField('issuer', {
          label: TRUST_SETTINGS.credentialIssuer,
          required: null,
          max: MAX_LENGTH.title,
        }),
        textField('reference', { label: TRUST_SETTINGS.credentialId, required: null, max: MAX_LENGTH.title }),
        urlField('verifyUrl', {
          label: TRUST_SETTINGS.credentialVerifyUrl,
          required: null,
          max: URL_MAX,
          reasons: { invalid: SETTINGS.urlInvalid, tooLong: tooLong(URL_MAX) },
        }),
      ],
    }),
  ),
  inGroup(
    'contact',
    linesField('address', {
      label: 'Address',
      hint: 'Each line of the address on a line of its own, as the footer shows it.',
      min: 1,
      maxLines: 4,
      max: MAX_LENGTH.title,
      reasons: { invalid: SETTINGS.linesInvalid(1, 4), tooLong: tooLong(MAX_LENGTH.title) },
    }),
  ),
  inGroup(
    'contact',
    emailField('email', {
      label: 'Company e-mail',
      required: VALIDATION.emailRequired,
      max: MAX_LENGTH.email,
      reasons: { invalid: VALIDATION.emailInvalid, tooLong: tooLong(MAX_LENGTH.email) },
    }),
  ),
  phone('phone', 'Phone', 'Shown in the footer, on About and on Contact.', false),
  phone('phoneSecondary', 'Second phone', 'Shown on Contact; leave empty for none.', true),
  inGroup(
    'contact',
    textField('whatsappNumber', {
      label: TRUST_SETTINGS.whatsappLabel,
      hint: TRUST_SETTINGS.whatsappHint,
      required: null,
      max: E164_MAX,
      format: 'e164',
    }),
  ),
  // The acknowledgement e-mail to whoever sent a request, sent or not per kind of request.
  inGroup('acknowledgements', booleanField('ackContact', ACK_SETTINGS.contact)),
  inGroup('acknowledgements', booleanField('ackEnroll', ACK_SETTINGS.enroll)),
  inGroup('acknowledgements', booleanField('ackAssessment', ACK_SETTINGS.assessment)),
  link(
    'map',
    'mapEmbedUrl',
    'Map embed address',
    `The map shown on Contact (an embed address from ${MAP_EMBED_ORIGINS.join(', ')}).`,
    MAP_EMBED_ORIGINS,
  ),
  link('map', 'mapLinkUrl', 'Map link', 'Opens the location in a maps app or a new tab.'),
  {
    ...link(
      'site',
      'certificateUrl',
      'Certificate link',
      'The Certificate link of the navigation bar: /verify (this site’s certificate check) or another site’s address.',
    ),
    allowPath: true,
  },
  words('site', 'footerTagline', 'Footer line'),
] as const satisfies readonly SettingField[];
