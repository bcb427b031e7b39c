/**
 * The assessment form's choices (the API's names) and how a plain HTML form's fields become the JSON
 * the API reads. Zod-free: the /services page's enhancement script imports it, and so does the server.
 */
/** Where the form is: the assessment section of /services (its refusals come back here; /security links to it). */
export const ASSESSMENT_FORM_PATH = '/services#assessment';
export const SCOPE_KEYS = ['webApps', 'apis', 'mobileApps', 'ipAddresses', 'cloudAccounts'] as const;
export const ENVIRONMENTS = ['production', 'staging'] as const;
export const COMPLIANCE_REASONS = [
  'cert-in',
  'rbi',
  'sebi',
  'iso27001',
  'pci-dss',
  'client',
  'other',
] as const;
export const NDA_ANSWERS = ['yes', 'no'] as const;

/**
 * A plain HTML form's fields as the JSON the schema reads: `scope[webApps]=2` becomes `scope.webApps`,
 * `source[utmSource]` likewise, and `compliance` (checkboxes) is always a list.
 */
export function formToAssessment(form: URLSearchParams | FormData): Record<string, unknown> {
  const body: Record<string, unknown> = { compliance: form.getAll('compliance') };
  for (const [name, entry] of form) {
    const value = typeof entry === 'string' ? entry : '';
    if (name === 'compliance') continue;
    const nested = /^(scope|source)\[(\w+)\]$/.exec(name);
    if (nested) {
      const [, group = '', key = ''] = nested;
      const target = (body[group] ??= {}) as Record<string, string>;
      target[key] = value;
    } else body[name] = value;
  }
  const source = body.source as Record<string, string> | undefined;
  // The form's source fields are empty when its script did not run: no source, as for a client that sends none.
  if (source && Object.values(source).every((value) => value === '')) delete body.source;
  else if (source) for (const key of Object.keys(source)) if (source[key] === '') delete source[key];
  if (body.gstin === '') delete body.gstin;
  if (body.notes === '') delete body.notes;
  return body;
}
