/**
 * Site settings, stats and backups: labels, hints and messages of the owner's tools.
 * Part of the staff message catalogue (src/lib/staff-messages.ts).
 */

/** The owner's backup download in the admin. */
export const BACKUP_COPY = {
  download: 'Download backup',
  hint: 'One archive of all content, enquiries and pictures. Keep it somewhere safe: it holds personal data.',
} as const;

/** Site settings: the company details, About text, figures and footer line staff edit. */
/**
 * How to apply for a career, in its form and in Site settings. Here, not in messages.ts, which the
 * public islands carry: only staff type one.
 */
export const APPLY_TO_INVALID = 'Please enter an e-mail address or a web address starting with https://';

export const SETTINGS = {
  updated: 'Site settings saved.',
  updateFailed: 'Failed to save the site settings',
  fetchFailed: 'Failed to load the site settings',
  restored: 'Earlier site settings restored.',
  restoreFailed: 'Failed to restore the earlier site settings',
  required: (label: string) => `${label} is required`,
  countInvalid: 'Must be a whole number from 0 to 1,000,000',
  urlInvalid: 'Please enter a full web address starting with https://',
  mapOriginInvalid: (origins: string) => `The map must be an embed address from one of: ${origins}`,
  linesInvalid: (min: number, max: number) => `Please enter ${min} to ${max} lines`,
} as const;

/** The stats' field (spec section 2: the Stats screen's input). */
export const STATS_LABELS = {
  totalCourses: 'Total courses',
} as const;

/** The settings the course pages and their fees read: labels and hints of the Site settings form. */
/** The trust settings: the security page, the credentials, WhatsApp. */
export const TRUST_SETTINGS = {
  securityContactLabel: 'Security page: where to report (security.txt Contact)',
  securityContactHint:
    'A mailto: address (mailto:security@example.com) or an https:// link to a report form. Leave empty to use the company e-mail.',
  bountyOfferedLabel: 'Security page: we pay a bug bounty',
  bountyOfferedHint: 'Leave unticked to say that there is no paid bounty.',
  bountyTextLabel: 'Security page: bounty terms',
  bountyTextHint:
    'Shown when the bounty box is ticked: what is rewarded and how much. Leave empty for a short line.',
  credentialsLabel: 'Credentials',
  credentialsHint:
    'Certifications and empanelments the company holds (ISO 27001, CERT-In empanelment…), shown on About and Services. Leave empty for none.',
  credentialNoun: 'Credential',
  credentialName: 'Name',
  credentialNameRequired: 'Name is required',
  credentialIssuer: 'Issued by',
  credentialId: 'ID or certificate number',
  credentialVerifyUrl: 'Verification link',
  whatsappLabel: 'WhatsApp number',
  whatsappHint:
    'The number of the "Chat on WhatsApp" link on every public page, with its country code (+91 98765 43210). Leave empty to hide the link.',
} as const;

export const COURSE_SETTINGS = {
  refundPolicyLabel: 'Course pages: refund policy',
  refundPolicyHint: 'Shown on every course page that does not state its own. Leave empty for none.',
  upiVpaLabel: 'Course fees: UPI ID',
  upiVpaHint:
    'The UPI payee address fees are paid to, such as deltasecure@okhdfcbank. Leave empty to offer no UPI payment.',
  upiPayeeNameLabel: 'Course fees: UPI payee name',
  upiPayeeNameHint: 'The name a payer sees in the UPI app, as the bank account holds it.',
  gstinLabel: 'Course fees: GSTIN',
  gstinHint: 'The 15-character GST number printed on fee receipts. Leave empty if not registered.',
  upiMerchantCodeLabel: 'Course fees: UPI merchant code',
  upiMerchantCodeHint:
    'The four-digit merchant category code on your UPI merchant account (8299 for schools and training). With it, each enrolment’s payment link is a merchant payment carrying its own transaction reference. Without it the link asks the payer to pay a person: UPI apps show it as a payment to an individual, may warn the payer or hold the amount to their person-to-person limit, and the bank does not treat it as a business collection.',
  /** Shown to editors above the payment settings, which they see but cannot change. */
  ownersOnly:
    'Only owners can change where students pay: the UPI ID, payee name, merchant code and GSTIN are shown here read-only. Ask an owner to change them.',
} as const;

/** The e-mail every owner gets when the payment settings change (who, when, what, from where). */
export const PAYMENT_SETTINGS_ALERT = {
  subject: 'The website’s payment details were changed',
  intro: (who: string, when: string) =>
    `${who} changed where students pay course fees on the website, on ${when}:`,
  change: (label: string, from: string, to: string) =>
    `- ${label}: ${from ? `“${from}”` : '(empty)'} → ${to ? `“${to}”` : '(empty)'}`,
  address: (ip: string) => `The change came from the address ${ip}.`,
  check:
    'New enrolments are now asked to pay to these details. If you did not expect this change, sign in to the admin, check Site settings and the Activity log, and set a new password for the account that made it.',
  why: 'Every owner of the website gets this e-mail when the payment details change.',
  signature: 'DeltaSecure website',
} as const;
