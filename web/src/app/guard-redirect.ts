import { paths } from '@/config/paths';
import { isAuthenticated, type Session } from '@/lib/session';

export type GuardKind = 'guest' | 'user' | 'admin' | 'banned';

/** docs/spec.md §6: where a visitor goes instead of a guarded route, or null to let them in. */
export function guardRedirect(kind: GuardKind, session: Session): string | null {
  const user = isAuthenticated(session) ? session.user : null;
  switch (kind) {
    case 'guest':
      return user ? paths.home : null;
    case 'user':
      if (!user) return paths.login;
      if (user.is_banned) return paths.banned;
      return user.is_admin ? paths.dashboard : null;
    case 'admin':
      if (!user) return paths.login;
      if (user.is_banned) return paths.banned;
      return user.is_admin ? null : paths.home;
    case 'banned':
      return user?.is_banned ? null : paths.notFound;
  }
}
