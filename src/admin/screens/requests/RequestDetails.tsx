/**
 * What a request says, as its row shows it: an assessment request's details, and long texts clamped to their first
 * lines.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { showIstDay } from '../../../lib/ist.ts';
import { ASSESSMENT_ADMIN } from '../../../lib/staff-messages.ts';
import { REQUESTS } from '../../admin-copy.ts';
import type { RequestItem } from '../../stores/request-store.ts';

/** What an assessment request asks for: the organisation, the scope and the rest of the form. */
export function AssessmentDetails({ item }: { item: Extract<RequestItem, { organisation: string }> }) {
  const words = ASSESSMENT_ADMIN;
  const scope = Object.entries(item.scope)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => `${words.scope[key] ?? key}: ${count}`)
    .join(', ');
  return (
    <>
      <dt>{words.organisation}</dt>
      <dd>{item.organisation}</dd>
      <dt>{words.scopeLabel}</dt>
      <dd>{scope}</dd>
      <dt>{words.environmentLabel}</dt>
      <dd>{words.environment[item.environment] ?? item.environment}</dd>
      <dt>{words.complianceLabel}</dt>
      <dd>{item.compliance.map((reason) => words.compliance[reason] ?? reason).join(', ') || '—'}</dd>
      <dt>{words.wantedBy}</dt>
      <dd>{showIstDay(item.wantedBy)}</dd>
      <dt>{words.nda}</dt>
      <dd>{item.nda === 'yes' ? words.yes : words.no}</dd>
      {item.gstin && (
        <>
          <dt>{words.gstin}</dt>
          <dd>{item.gstin}</dd>
        </>
      )}
      {item.notes && (
        <>
          <dt>{words.notes}</dt>
          <dd>
            <ClampedText text={item.notes} />
          </dd>
        </>
      )}
    </>
  );
}

/**
 * A long message shows its first lines with "Show more", so one request does not push the rest of the list away;
 * a short one shows whole, with no button.
 */
export function ClampedText({ text }: { text: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured, not counted in characters: what is hidden depends on the card's width.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <>
      <p ref={ref} id={id} className={expanded ? 'request-message' : 'request-message message-clamped'}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? REQUESTS.showLess : REQUESTS.showMore}
        </button>
      )}
    </>
  );
}
