import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { showPublicProfile } from '../page/profile-page';

/**
 * /u/:handle inside the app (a signed-in visit, or a link followed in the app): the same page a
 * signed-out visitor loads on its own (public-profile.html), drawn without React.
 */
export function PublicProfileRoute() {
  const { handle = '' } = useParams();
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => (host.current ? showPublicProfile(host.current, handle) : undefined), [handle]);
  return <div ref={host} />;
}
