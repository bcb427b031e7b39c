import { describe, expect, it } from 'vitest';
import { contentFamilies } from '../../src/lib/collections.ts';
import { plantsGenerically } from '../support/family-payloads.ts';

describe('the families a generic payload can create (tests/support/family-payloads.ts)', () => {
  it('are derived from the definitions: not the staff-only, the gated or those needing typed values', () => {
    const generic = Object.values(contentFamilies)
      .filter(plantsGenerically(120))
      .map((family) => family.key);
    expect(generic).toEqual(expect.arrayContaining(['homeContent', 'career', 'hallOfFame', 'caseStudy']));
    // Staff only; a field of two it needs one of; what publishing needs; a course and a count of seats; names of
    // at most 80 characters.
    for (const key of ['certificate', 'article', 'course', 'batch', 'trainer'])
      expect(generic).not.toContain(key);
    expect(Object.values(contentFamilies).filter(plantsGenerically(80))).toContainEqual(
      expect.objectContaining({ key: 'trainer' }),
    );
  });
});
