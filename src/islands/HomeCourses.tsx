import { PUBLIC } from '../lib/messages.ts';
import { fetchPublicList } from '../lib/public-api.ts';
import type { PublicItem } from '../lib/public-items.ts';
import { describeWithPrefix } from '../lib/list-messages.ts';
import { useRevalidatedList } from './use-revalidated-list.ts';

export type CourseItem = PublicItem<'homeCourse'>;

const load = (signal: AbortSignal) => fetchPublicList('homeCourse', signal);
const describe = (error: unknown) =>
  describeWithPrefix(error, (reason) => PUBLIC.coursesFetchFailedPrefix + reason);

/** Who Can JOIN course cards: 'Loading courses...', error, 'No courses available', loaded. */
export default function HomeCourses({ initial }: { initial?: readonly CourseItem[] }) {
  const { state } = useRevalidatedList(initial, load, describe);

  if (state.phase === 'loading' || state.phase === 'retrying')
    return (
      <p className="state" role="status">
        {PUBLIC.loadingCourses}
      </p>
    );
  if (state.phase === 'error')
    return (
      <p className="state state--error" role="alert">
        {state.error}
      </p>
    );
  if (state.items.length === 0) return <p className="state">{PUBLIC.emptyCourses}</p>;
  return (
    <ul className="grid grid--2 course-list plain-list">
      {state.items.map((item) => (
        <li key={item._id} className="card course-card">
          <h3>{item.title}</h3>
          <p className="muted">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
