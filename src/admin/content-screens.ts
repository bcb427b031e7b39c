/**
 * A content family's admin screen, from its definition (src/families/index.ts): the heading, the noun on the
 * buttons, the list layout and the spec's list-fetch error policy. The form and the list card are derived from the
 * family's fields. Save and delete failures show the server's reason whenever it sent one (docs/decisions.md 22).
 */
import { ApiError } from '../lib/api-client.ts';
import { contentFamilies, type ContentFamily } from '../lib/collections.ts';
import { definitionsOfKind, type ContentDefinition, type ContentFamilyKey } from '../families/index.ts';

export interface ContentScreenConfig {
  family: ContentFamily;
  heading: string;
  /** Noun on the submit button: 'Add Content' / 'Update Content'. */
  noun: string;
  layout: 'grid' | 'list';
  /** What the screen's items are and where they show, under the heading; null for none. */
  hint?: string | null;
  /** When the browser cannot decode or downscale the picked image. */
  imageFailed: string;
  /** The message for a failed list fetch. */
  fetchError: (error: unknown) => string;
}

const isFormatError = (error: unknown) => error instanceof ApiError && error.kind === 'format';
const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : null);

/** The spec's list-fetch error wording of each policy (registry.ts, ListErrorPolicy). */
function fetchErrorOf({ admin, messages }: ContentDefinition): (error: unknown) => string {
  const { fetchFailed } = messages;
  const formatAware = (error: unknown) =>
    isFormatError(error) ? (admin.invalidData ?? fetchFailed) : fetchFailed;
  switch (admin.listErrors) {
    case 'spec-home':
      // The server's message, else 'Server error occurred'; no response has its own text.
      return (error) => {
        if (!(error instanceof ApiError)) return fetchFailed;
        if (error.serverMessage) return error.serverMessage;
        if (error.kind === 'http') return admin.fetchServerError ?? fetchFailed;
        if (error.kind === 'network' || error.kind === 'timeout') return admin.noResponse ?? fetchFailed;
        return fetchFailed;
      };
    case 'format':
      return formatAware;
    case 'server-first':
      return (error) => serverMessage(error) ?? formatAware(error);
    case 'fixed':
      return () => fetchFailed;
  }
}

/** Every content family's screen, from its definition in the registry and its derived schemas. */
export const CONTENT_SCREENS = Object.fromEntries(
  definitionsOfKind('content').map((definition): [string, ContentScreenConfig] => [
    definition.key,
    {
      family: (contentFamilies as Record<string, ContentFamily>)[definition.key]!,
      heading: definition.admin.heading,
      noun: definition.admin.noun,
      layout: definition.admin.layout,
      hint: definition.admin.hint ?? null,
      imageFailed: definition.messages.imageFailed,
      fetchError: fetchErrorOf(definition),
    },
  ]),
) as Record<ContentFamilyKey, ContentScreenConfig>;
