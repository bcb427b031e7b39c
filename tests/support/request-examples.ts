/**
 * One valid submission per request family, for the tests that walk every family (a new family must add its own:
 * the type requires it). The enrolment names a course the caller creates.
 */
import type { RequestFamilyKey } from '../../src/families/index.ts';
import { utcToIstDay } from '../../src/lib/ist.ts';

export const requestExample = (
  key: RequestFamilyKey,
  person: { name: string; email: string; phone: string },
  course: string,
): Record<string, unknown> => {
  const examples: Record<RequestFamilyKey, Record<string, unknown>> = {
    contact: { ...person, message: 'Please call' },
    enroll: { ...person, course },
    assessment: {
      ...person,
      organisation: 'Audited Organisation',
      scope: { webApps: 1 },
      environment: 'staging',
      nda: 'no',
      wantedBy: utcToIstDay(new Date(Date.now() + 30 * 86_400_000).toISOString()),
    },
  };
  return examples[key];
};
