import { useRef } from 'react';
import {
  COUNTER_COURSES_DURATION_MS,
  COUNTER_CUSTOMERS_DURATION_MS,
  COUNTER_START_DELAY_MS,
  COUNTER_VISIBILITY_THRESHOLD,
} from '../lib/constants.ts';
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

interface Props {
  initialTotalCourses: number;
  /** The "Happy Customers" figure of Site settings, read at build time. */
  happyCustomers: number;
  labels: { totalCourses: string; happyCustomers: string };
}

/**
 * The two counters of the About section (spec section 2 "Home", section 9 timings). They watch the enclosing
 * section; the About text around them is static HTML.
 */
export default function StatsBanner({ initialTotalCourses, happyCustomers, labels }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const visible = useInView(root, COUNTER_VISIBILITY_THRESHOLD);
  const totalCourses = useTotalCourses(initialTotalCourses, visible);
  const courses = useCounter(totalCourses, visible, COUNTER_START_DELAY_MS, COUNTER_COURSES_DURATION_MS);
  const customers = useCounter(
    happyCustomers,
    visible,
    COUNTER_START_DELAY_MS,
    COUNTER_CUSTOMERS_DURATION_MS,
  );

  return (
    <div ref={root} className="counters">
      <Counter id="courses" label={labels.totalCourses} value={courses} final={totalCourses} />
      <Counter id="customers" label={labels.happyCustomers} value={customers} final={happyCustomers} />
    </div>
  );
}
