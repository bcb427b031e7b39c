/**
 * Google's rules for course structured data (Search Central, "Course info" and "Course list"), as far as they are
 * about which properties must be present: every `Course` found anywhere in the JSON-LD needs `name`, `description`,
 * `provider`, `offers` (each `Offer` with its `category`) and at least one `hasCourseInstance`; every
 * `CourseInstance` needs `courseMode` and `courseSchedule` or `courseWorkload`. An `ItemList` needs items. The
 * answers name the path of each offending object, like the Rich Results Test's error list.
 */
type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const present = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

function problemsOfNode(node: Node, path: string): string[] {
  const type = node['@type'];
  const missing = (keys: readonly string[]) =>
    keys.filter((key) => !present(node[key])).map((key) => `${path}: ${String(type)} lacks ${key}`);
  if (type === 'Course') {
    const offers = listOf(node.offers).filter(isNode);
    return [
      ...missing(['name', 'description', 'provider', 'offers', 'hasCourseInstance']),
      ...offers.filter((offer) => !present(offer.category)).map(() => `${path}.offers: Offer lacks category`),
    ];
  }
  if (type === 'CourseInstance') {
    const schedule = present(node.courseSchedule) || present(node.courseWorkload);
    return [
      ...missing(['courseMode']),
      ...(schedule ? [] : [`${path}: CourseInstance lacks courseSchedule or courseWorkload`]),
    ];
  }
  if (type === 'ItemList') return missing(['itemListElement']);
  return [];
}

/** Every breach of Google's course rules in a page's JSON-LD (objects, arrays of them, nested); [] when none. */
export function googleCourseProblems(data: unknown, path = '$'): string[] {
  if (Array.isArray(data))
    return data.flatMap((entry, index) => googleCourseProblems(entry, `${path}[${index}]`));
  if (!isNode(data)) return [];
  return [
    ...problemsOfNode(data, path),
    ...Object.entries(data).flatMap(([key, value]) => googleCourseProblems(value, `${path}.${key}`)),
  ];
}
