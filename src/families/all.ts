/**
 * Every family of the site, one file each in this folder, in sidebar order: adding a family is adding its file and
 * its line here. index.ts derives everything else from this list; families.test.ts fails when a file of the folder
 * is missing from it.
 */
import { family as article } from './article.ts';
import { family as assessment } from './assessment.ts';
import { family as batch } from './batch.ts';
import { family as career } from './career.ts';
import { family as caseStudy } from './case-study.ts';
import { family as certificate } from './certificate.ts';
import { family as contact } from './contact.ts';
import { family as course } from './course.ts';
import { family as enrollCourse } from './enroll-course.ts';
import { family as enroll } from './enroll.ts';
import { family as hallOfFame } from './hall-of-fame.ts';
import { family as homeContent } from './home-content.ts';
import { family as homeCourse } from './home-course.ts';
import { family as homeService } from './home-service.ts';
import { family as learnerTestimonial } from './learner-testimonial.ts';
import { family as serviceContent } from './service-content.ts';
import { family as siteSettings } from './site-settings.ts';
import { family as stats } from './stats.ts';
import { family as trainer } from './trainer.ts';
import type { FamilyDefinition } from './define.ts';

/**
 * Every family, in sidebar order (the seed too creates them in this order, so a family refers only to families
 * before it).
 */
export const FAMILY_DEFINITIONS = [
  homeContent,
  homeService,
  homeCourse,
  serviceContent,
  career,
  hallOfFame,
  caseStudy,
  contact,
  enroll,
  assessment,
  enrollCourse,
  trainer,
  course,
  batch,
  certificate,
  article,
  learnerTestimonial,
  stats,
  siteSettings,
] as const satisfies readonly FamilyDefinition[];
