import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $me } from '../stores/session.ts';

/**
 * An owner's screen: an editor who opens it by its address is told it is for owners, instead of being
 * shown a form the server would refuse. The role is read before the first screen shows; when it could not be read
 * (the API is down), the screen itself shows and says its own load failure, and the server still refuses an editor.
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
  if (role === 'owner' || role === undefined) return children;
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {heading}
      </h1>
      <p className="alert alert-info" role="status">
        {message}
      </p>
    </section>
  );
}
