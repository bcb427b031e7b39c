/** Points: the points editor in the form; a bulleted list on the card. */
import { asList } from '../../lib/fields/kind.ts';
import type { PointsField } from '../../lib/fields.ts';
import { PointsEditor } from '../parts/PointsEditor.tsx';
import type { AdminFieldKind } from './parts.tsx';

export const pointsAdmin: AdminFieldKind<PointsField> = {
  Input: ({ field, id, value, onChange, error, disabled }) => (
    <PointsEditor
      id={id}
      rule={field}
      points={Array.isArray(value) ? (value as string[]) : []}
      onChange={onChange}
      error={error}
      disabled={disabled}
    />
  ),
  Cell: ({ value }) => {
    const points = asList(value);
    return points.length > 0 ? (
      <ul className="item-points">
        {points.map((point, index) => (
          <li key={index}>{point}</li>
        ))}
      </ul>
    ) : null;
  },
};
