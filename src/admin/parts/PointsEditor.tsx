/**
 * The points editor (spec section 5): service content starts with 4 inputs that cannot be removed, up to 10;
 * careers start with 1, up to 10, and a point can be removed while more than 1 remain.
 */
import { MAX_LENGTH } from '../../lib/constants.ts';
import { FORM } from '../admin-copy.ts';
import type { PointsField } from '../../lib/fields.ts';
import { FieldError } from './FieldError.tsx';

interface Props {
  id: string;
  /** The field's rule: its label, the fixed inputs, how many must stay and the most allowed. */
  rule: Pick<PointsField, 'label' | 'fixed' | 'keepAtLeast' | 'max'>;
  points: string[];
  onChange: (points: string[]) => void;
  error: string | undefined;
  disabled: boolean;
}

export function PointsEditor({ id, rule, points, onChange, error, disabled }: Props) {
  const errorId = `${id}-error`;
  const update = (index: number, value: string) =>
    onChange(points.map((point, i) => (i === index ? value : point)));
  const removable = (index: number) => index >= rule.fixed && points.length > rule.keepAtLeast;
  return (
    <fieldset className="points" aria-describedby={error ? errorId : undefined}>
      <legend>{rule.label}</legend>
      {points.map((point, index) => (
        <div className="point-row" key={index}>
          <input
            type="text"
            value={point}
            aria-label={FORM.point(index + 1)}
            aria-required={index < rule.fixed || undefined}
            aria-invalid={error && point.trim() === '' ? true : undefined}
            maxLength={MAX_LENGTH.point}
            disabled={disabled}
            onChange={(event) => update(index, event.target.value)}
          />
          {removable(index) && (
            <button
              type="button"
              className="btn btn-danger btn-small"
              disabled={disabled}
              aria-label={FORM.removePoint(index + 1)}
              onClick={() => onChange(points.filter((_, i) => i !== index))}
            >
              ×
            </button>
          )}
        </div>
      ))}
      {points.length < rule.max && (
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={disabled}
          onClick={() => onChange([...points, ''])}
        >
          {FORM.addPoint}
        </button>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
