import { useState } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';

import { guardRedirect, type GuardKind } from '@/app/guard-redirect';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';
import { getPendingOrder } from '@/lib/pending-order';

/** A layout route that applies one guard to its children. */
export function Guard({ kind }: { kind: GuardKind }) {
  const session = useSession();
  const to = guardRedirect(kind, session);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

/** /{username}: only the signed-in user's own name (inside the user guard). */
export function UsernameGuard() {
  const { username } = useParams();
  const { user } = useSession();
  return user && username === user.username ? <Outlet /> : <Navigate to={paths.notFound} replace />;
}

/** /order: only with a pending order selection (checked on arrival: a confirmed order removes it, and the page stays). */
export function OrderGuard() {
  const [allowed] = useState(() => getPendingOrder() !== null);
  return allowed ? <Outlet /> : <Navigate to={paths.notFound} replace />;
}
