import { describe, expect, it } from 'vitest';
import { contentFamilies, enrollCourseFamily, requestFamilies, statsFamily } from './collections.ts';
import { PUBLIC_PATHS } from './public-api.ts';

describe('PUBLIC_PATHS', () => {
  it('agrees with the collections registry', () => {
    expect(PUBLIC_PATHS).toEqual({
      homeContent: contentFamilies.homeContent.path,
      homeService: contentFamilies.homeService.path,
      homeCourse: contentFamilies.homeCourse.path,
      serviceContent: contentFamilies.serviceContent.path,
      career: contentFamilies.career.path,
      enrollCourse: enrollCourseFamily.path,
      stats: statsFamily.path,
      contact: requestFamilies.contact.path,
      enroll: requestFamilies.enroll.path,
    });
  });
});
