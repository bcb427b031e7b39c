/**
 * What a public page or island shows of a family's item, as types derived from the registry's schemas: a field
 * renamed in a definition is a compile error in every section that reads it, not blank text after
 * revalidation. Types only: the schemas (zod) never reach an island bundle.
 */
import type { z } from 'zod';
import type { contentFamilies, enrollCourseFamily } from './collections.ts';
import type { ContentFamilyKey, LookupFamilyKey } from '../families/index.ts';

/** The server's bookkeeping: visitors' pages never read it. */
type Bookkeeping = 'createdAt' | 'updatedAt' | 'position' | 'published' | 'imageUrl';

export type PublicItem<K extends ContentFamilyKey> = Omit<
  z.infer<(typeof contentFamilies)[K]['itemSchema']>,
  Bookkeeping
>;

/** A public list's item: a content family's, or a lookup's (the enrollable courses). */
export type PublicListItem<K extends ContentFamilyKey | LookupFamilyKey> = K extends ContentFamilyKey
  ? PublicItem<K>
  : Pick<z.infer<typeof enrollCourseFamily.itemSchema>, '_id' | 'courseName'>;
