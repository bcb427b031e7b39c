/**
 * The shape of a family's definition, for each kind of family (one file per family in this folder; index.ts
 * lists them and derives the rest). Types only, plus the helper that keeps a content definition's literal types:
 * zod-free, so the admin's first load can read definitions for its navigation.
 *
 * Kinds:
 * - `content`: items staff write and visitors read (public list, drafts, order, trash, history);
 * - `request`: personal data visitors send (public create, staff list, follow-up, CSV, privacy, retention);
 * - `lookup`: a list of names other things pick from (enrollable courses);
 * - `singleton`: one document (stats, site settings). Its fields (of the same kinds) live beside its schemas in
 *   src/lib/stats.ts and src/lib/site-settings.ts, joined to it in collections.ts: they carry zod and the
 *   settings' defaults, which the admin's first load (reading these definitions) must not.
 */
import type { Field } from '../lib/fields.ts';

/**
 * `section`: one of the spec's nine sidebar links; `catalogue`: the course catalogue's screens, a
 * navigation of their own below the nine; `tool`: the staff tools below those.
 */
export type ScreenGroup = 'section' | 'catalogue' | 'tool';

/** Where a family appears in the admin: its own screen, a sidebar link and a route. */
export interface AdminScreenDefinition {
  /** The router's name for the screen (nanostores route). */
  route: string;
  /** The path under /deltaadmin. */
  path: string;
  /** The sidebar label and the document title. */
  label: string;
  /** Which navigation lists it (see ScreenGroup). */
  group: ScreenGroup;
  /** Shown under the screen's heading: what the screen's items are and where they show. */
  hint?: string;
  /** Shown to owners only (the API refuses editors anyway). */
  ownerOnly?: boolean;
}

export interface ContentMessages {
  added: string;
  updated: string;
  deleted: string;
  empty: string;
  fetchFailed: string;
  addFailed: string;
  updateFailed: string;
  deleteFailed: string;
  /** When the browser cannot decode or downscale the picked image. */
  imageFailed: string;
}

/**
 * How a content screen words a failed list fetch (spec section 8, different per screen):
 * `spec-home`: the server's message, else 'Server error occurred', no response its own text;
 * `format`: a malformed answer has its own text; `server-first`: the server's reason, else as `format`;
 * `fixed`: always the family's fetchFailed.
 */
export type ListErrorPolicy = 'spec-home' | 'format' | 'server-first' | 'fixed';

/**
 * A field an item must have before it may be published (a course's prospectus). A draft may lack it;
 * publishing, or saving a published item, without it is refused with `message` for that field. `setting`: a Site
 * settings key whose value stands in when the item leaves the field empty (a course's refund policy).
 */
export interface PublishRequirement {
  field: string;
  message: string;
  setting?: string;
}

/**
 * The public pages a page body of its own renders (src/server/preview/renderers.ts holds one renderer each, and the
 * compiler checks that every name has one).
 */
export type PageBody = 'article' | 'caseStudy' | 'course';

/**
 * Where an item's preview shows: `page`, the public page whose section lists the family's items (the preview
 * shows the item as a card in that page's shell); `body`, a family with a page per item, rendered as that page.
 */
export type PreviewPlacement = { page: string } | { body: PageBody };

export interface ContentDefinition<K extends string = string, F extends Field = Field> {
  key: K;
  kind: 'content';
  /** In form order: the admin form and list card show them in this order. */
  fields: readonly F[];
  /** The field that names an item (lists, confirmations, "Editing: …", the trash, the audit log). */
  titleField: F['name'];
  /** Where the admin's Preview shows an item (required: a family without one would preview as the home page). */
  preview: PreviewPlacement;
  admin: AdminScreenDefinition & {
    /** The screen's heading (and the family's name in the trash and the audit log). */
    heading: string;
    /** Noun on the submit button: 'Add Content' / 'Update Content'. */
    noun: string;
    layout: 'grid' | 'list';
    listErrors: ListErrorPolicy;
    /** Extra messages of a policy (the home content screen's). */
    fetchServerError?: string;
    noResponse?: string;
    invalidData?: string;
  };
  confirmDelete: string | null;
  messages: ContentMessages;
  /** What a published item must have (none: any valid item may be published). */
  publishRequires?: readonly PublishRequirement[];
  /**
   * Staff only (certificates hold personal data): no public list or item, no build-time loader; staff
   * read the list and items with or without `?drafts=1`.
   */
  staffOnly?: boolean;
  /**
   * A field the server fills when a create leaves it empty (a certificate's number),
   * unique in the family and fixed once stored: an update may repeat it, never change it.
   */
  serial?: { field: string; prefix: string };
  /**
   * Items are revoked rather than unpublished (certificates): `POST {path}/{id}/revoke` `{reason}`, which the admin's
   * list offers as a button asking for the reason; a revoked item shows its reason and date.
   */
  revoke?: { button: string; prompt: string; done: string; failed: string; revoked: string };
  /**
   * Staff download each item as a PDF (certificates): `GET {path}/{id}/pdf`, which the admin's list offers as a
   * link per item; `label` names it for screen readers by the item's serial number (else its title).
   */
  pdf?: { button: string; label: (name: string) => string };
  /** Fields of which an item must have at least one (a catalogue course or a course name): else `message` on the first. */
  requireOneOf?: readonly { fields: readonly string[]; message: string }[];
  /**
   * A date-time field the server sets to the time of the first write that leaves the item published, when the item
   * has none (an article's first-published date); staff may give one themselves.
   */
  stampOnPublish?: string;
}

/**
 * A request CSV column: a stored field under a header staff read (`time`: IST date and time; `day`: an IST day;
 * `status`: its label; `counts`: an object's non-zero counts; `list`: a list's entries; `source`: the lead source).
 */
export interface RequestCsvColumn {
  field: string;
  header: string;
  format?: 'time' | 'day' | 'status' | 'counts' | 'list' | 'source';
  /**
   * A column added after the columns tests pin (the Source of contact and enrolment requests): written
   * only when some exported request has the field, so an export of requests without it keeps its exact columns.
   */
  whenPresent?: true;
  /** Text written with its line breaks (a message, a note); every other column is written on one line. */
  multiline?: true;
  /**
   * The words staff read for the field's stored choices (a list's items, a count's keys): the notification shows
   * these, the CSV keeps the stored names that a spreadsheet filters on.
   */
  labels?: Readonly<Record<string, string>>;
}

export interface RequestDefinition<K extends string = string, F extends Field = Field> {
  key: K;
  kind: 'request';
  /**
   * What a request stores from its form, of the content families' field kinds, in form order: the stored item
   * schema is derived from them, and a reference (an enrolment's batch) is checked and looked up through its
   * field. The public form's input schema keeps the spec's messages (src/lib/schemas.ts, docs/decisions.md §83).
   */
  fields: readonly F[];
  /** The field that names a request (the trash, the audit log). */
  titleField: string;
  admin: AdminScreenDefinition;
  /** What one is called in a sentence ("Asha's contact message") and when it has no name. */
  noun: string;
  unnamed: string;
  /** The follow-up statuses staff move a request through; the first is where a submission starts. */
  statuses: readonly [string, ...string[]];
  /** The CSV's columns, in order. */
  csvColumns: readonly RequestCsvColumn[];
  /** Whether the list filters by course (enrolments). */
  courseFilter: boolean;
  messages: { deleted: string; empty: string; fetchFailed: string; deleteFailed: string };
  /** The acknowledgement's subject and its "what happens next" line (no text the sender typed). */
  acknowledgement: { subject: string; next: string };
  /** The public form's answer to a stored (or honeypot) submission. */
  received: string;
  /**
   * Whether a plain HTML form may POST it (`application/x-www-form-urlencoded`, answered with a 303 to
   * `thanks` or to the form's page): the assessment form works without JavaScript.
   */
  htmlForm?: { thanks: string; refused: string };
}

export interface LookupDefinition<K extends string = string> {
  key: K;
  kind: 'lookup';
  titleField: string;
  admin: AdminScreenDefinition;
  confirmDelete: string;
}

export interface SingletonDefinition<K extends string = string> {
  key: K;
  kind: 'singleton';
  /**
   * `document`: a bare document with no history (stats); `item`: one item under a fixed id of a collection
   * named by the key, so it has a history like content (site settings).
   */
  storage: 'document' | 'item';
  /** Its API path segment, when it is not the key. */
  segment?: string;
  /** The name in the audit log and the Activity screen. */
  name: string;
  admin: AdminScreenDefinition;
}

export type FamilyDefinition = ContentDefinition | RequestDefinition | LookupDefinition | SingletonDefinition;

/**
 * Checks a content definition and keeps its literal types (field names become the item type's keys; `staffOnly`
 * stays a literal, so the registry derives the staff-only families). A missing required part does not compile.
 */
export const defineContent = <
  const K extends string,
  const F extends Field,
  const A extends ContentDefinition['admin'],
  const S extends boolean = false,
>(
  definition: Omit<ContentDefinition<K, F>, 'kind' | 'admin' | 'staffOnly'> & { admin: A; staffOnly?: S },
): ContentDefinition<K, F> & { admin: A; staffOnly?: S } => ({ kind: 'content', ...definition });
