/**
 * The message catalogue, staff half: what only staff see (sign-in, admin screens, confirmations, enquiry
 * follow-up, notifications, data-rights tools, backups). Visitor-facing strings are in messages.ts; the split
 * keeps these out of the public pages' JavaScript. Strings are verbatim from the spec (section 8 and section 5).
 */
export * from './staff-words/identity.ts';
export * from './staff-words/screens.ts';
export * from './staff-words/requests.ts';
export * from './staff-words/training.ts';
export * from './staff-words/settings.ts';
export * from './staff-words/editing.ts';
export * from './staff-words/insights.ts';
