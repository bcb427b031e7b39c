import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { SHELL } from '../admin-copy.ts';
import { $me } from '../stores/session.ts';

/**
 * An owner's screen (issue 21): an editor who opens it by its address is told it is for owners, instead of being
 * shown a form the server would refuse. Until the role is known, nothing of the screen shows.
 */
export function OwnersOnly({
  heading,
  message,
  children,
}: {
  heading: string;
  message: string;
  children: ReactNode;
}) {
  const role = useStore($me)?.role;
  if (role === 'owner') return children;
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {heading}
      </h1>
      {role ? (
        <p className="alert alert-info" role="status">
          {message}
        </p>
      ) : (
        <p className="admin-loading">{SHELL.loading}</p>
      )}
    </section>
  );
}
