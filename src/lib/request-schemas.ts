/**
 * The schemas of the request families, from their fields (src/families/contact.ts, enroll.ts, assessment.ts):
 * the stored item schema is derived whole, as a content family's is; the public forms' input schemas keep the
 * spec's messages field by field (schemas.ts, assessment.ts), and take from the fields what a field kind says in
 * those words (an enrolment's batch, a reference). docs/decisions.md §83 says which parts are still hand-written.
 */
import { z } from 'zod';
import { family as assessment } from '../families/assessment.ts';
import { family as contact } from '../families/contact.ts';
import { ENROLMENT_BATCH, family as enroll } from '../families/enroll.ts';
import type { RequestFamilyKey } from '../families/index.ts';
import { AssessmentInputSchema } from './assessment.ts';
import { kindOf, valueFields, type Field, type ValueShape } from './fields.ts';
import { ContactInputSchema, EnrollInputSchema, FollowUpSchema, StoredMetaSchema } from './schemas.ts';

type MetaShape = (typeof StoredMetaSchema)['shape'];
type FollowUpShape = (typeof FollowUpSchema)['shape'];
export type RequestItemSchemaOf<F extends Field> = z.ZodObject<MetaShape & ValueShape<F> & FollowUpShape>;

/** A request's stored item: what every stored item carries, its fields, and what staff add to it. */
export function requestItemSchemaOf<F extends Field>(fields: readonly F[]): RequestItemSchemaOf<F> {
  return StoredMetaSchema.extend(
    Object.fromEntries(valueFields(fields).map((field) => [field.name, kindOf(field).stored(field)])),
  ).extend(FollowUpSchema.shape) as unknown as RequestItemSchemaOf<F>;
}

/** An optional field of a public form as its kind checks it, with an empty value sent as no value at all. */
const optionalInput = (field: Field & { required: null }) =>
  kindOf(field)
    .input(field)
    .transform((value) => (value === '' ? undefined : value));

/** An assessment's scope: how many targets of each kind (no field kind holds counts). */
const assessmentScope = { scope: z.record(z.string(), z.number()) };

/** Each request family's public input schema and stored item schema. */
export const REQUEST_SCHEMAS = {
  contact: { inputSchema: ContactInputSchema, itemSchema: requestItemSchemaOf(contact.fields) },
  enroll: {
    inputSchema: EnrollInputSchema.extend({ [ENROLMENT_BATCH.name]: optionalInput(ENROLMENT_BATCH) }),
    itemSchema: requestItemSchemaOf(enroll.fields),
  },
  assessment: {
    inputSchema: AssessmentInputSchema,
    itemSchema: requestItemSchemaOf(assessment.fields).extend(assessmentScope),
  },
} as const satisfies Record<RequestFamilyKey, { inputSchema: z.ZodType; itemSchema: z.ZodType }>;
