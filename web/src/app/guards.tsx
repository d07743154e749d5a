import { useState } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';

import { guardRedirect, type GuardKind } from '@/app/guard-redirect';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { couldBeUsername } from '@/features/auth/utils/validation';
import { useConfig } from '@/features/config/api/config';
import { useSession } from '@/hooks/use-session';
import { loginPath } from '@/lib/navigation';
import { getPendingOrder, getPlacedOrder } from '@/lib/pending-order';

/**
 * A layout route that applies one guard to its children. With guest browsing
 * (GUEST_BROWSING, from /api/config) a guest sees the 'browse' pages, and one
 * sent to sign in from a user page comes back to it afterwards (?next=).
 * Without it, exactly docs/spec.md §6.
 */
export function Guard({ kind }: { kind: GuardKind }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const { data: config, isLoading } = useConfig();
  const signedOut = !session.authenticated && (kind === 'browse' || kind === 'user');
  // A guest's way depends on the setting: wait for it (one small, cached answer).
  if (signedOut && !config && isLoading) return <PageSpinner />;
  const guestBrowsing = config?.guest_browsing === true;
  let to = guardRedirect(kind, session, guestBrowsing);
  if (to === paths.login && signedOut && guestBrowsing) to = loginPath(pathname + search);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

/**
 * /{username}: only the signed-in user's own name. A path that cannot be a
 * username at all is the 404 page for everyone, signed in or not; a signed-in
 * visitor on anyone else's name too. Only a possible name sends a signed-out
 * visitor to log in (it may be theirs).
 */
export function UsernameGuard() {
  const { username = '' } = useParams();
  const session = useSession();
  if (!couldBeUsername(username)) return <Navigate to={paths.notFound} replace />;
  const to = guardRedirect('user', session);
  // Signed out (to log in) and banned (to /banned) go first, as on every user page.
  if (to && (!session.authenticated || session.user?.is_banned)) return <Navigate to={to} replace />;
  if (session.user?.username !== username) return <Navigate to={paths.notFound} replace />;
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

/**
 * /order: only with a pending order selection (checked on arrival: a confirmed order removes it, and the page stays).
 * Without one, a tab that has just placed an order (its success screen reloaded) is shown that order.
 */
export function OrderGuard() {
  const [to] = useState(() => {
    if (getPendingOrder() !== null) return null;
    const placed = getPlacedOrder();
    return placed === null ? paths.notFound : paths.orderDetail(placed);
  });
  return to === null ? <Outlet /> : <Navigate to={to} replace />;
}
