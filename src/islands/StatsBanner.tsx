import { useRef } from 'react';
import {
  ABOUT_STATIC,
  COUNTER_COURSES_DURATION_MS,
  COUNTER_CUSTOMERS_DURATION_MS,
  COUNTER_START_DELAY_MS,
  COUNTER_VISIBILITY_THRESHOLD,
} from '../lib/constants.ts';
import { HOME } from '../lib/public-copy.ts';
import { useCounter } from './use-counter.ts';
import { useInView } from './use-in-view.ts';
import { useTotalCourses } from './use-total-courses.ts';

function Counter({ label, value, final, id }: { label: string; value: number; final: number; id: string }) {
  return (
    <div className="counter card">
      <span className="counter__value" aria-hidden="true" data-counter={id}>
        {value}
      </span>
      <span className="visually-hidden">{final}</span>
      <span className="counter__label">{label}</span>
    </div>
  );
}

/** About section with the two counters (spec section 2 "Home", section 9 timings). */
export default function StatsBanner({ initialTotalCourses }: { initialTotalCourses: number }) {
  const section = useRef<HTMLElement>(null);
  const visible = useInView(section, COUNTER_VISIBILITY_THRESHOLD);
  const totalCourses = useTotalCourses(initialTotalCourses, visible);
  const courses = useCounter(totalCourses, visible, COUNTER_START_DELAY_MS, COUNTER_COURSES_DURATION_MS);
  const customers = useCounter(
    ABOUT_STATIC.happyCustomers,
    visible,
    COUNTER_START_DELAY_MS,
    COUNTER_CUSTOMERS_DURATION_MS,
  );

  return (
    <section ref={section} className="section section--alt" aria-labelledby="about-heading">
      <div className="container about-grid">
        <div>
          <h2 id="about-heading">{HOME.about.heading}</h2>
          <p className="muted">{HOME.about.description1}</p>
          <p className="muted">{HOME.about.description2}</p>
        </div>
        <div className="counters">
          <Counter id="courses" label={HOME.counters.totalCourses} value={courses} final={totalCourses} />
          <Counter
            id="customers"
            label={HOME.counters.happyCustomers}
            value={customers}
            final={ABOUT_STATIC.happyCustomers}
          />
        </div>
      </div>
    </section>
  );
}
