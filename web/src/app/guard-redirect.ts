import { paths } from '@/config/paths';
import { isAuthenticated, type Session } from '@/lib/session';

/** 'browse': a page a guest may see when the shop allows guest browsing (home, game pages), else as 'user'. */
export type GuardKind = 'guest' | 'user' | 'browse' | 'admin' | 'banned';

/** docs/spec.md §6: where a visitor goes instead of a guarded route, or null to let them in. */
export function guardRedirect(kind: GuardKind, session: Session, guestBrowsing = false): string | null {
  const user = isAuthenticated(session) ? session.user : null;
  switch (kind) {
    case 'guest':
      return user ? paths.home : null;
    case 'browse':
    case 'user':
      // A guest may browse when the shop allows it; anyone signed in is guarded as on every user page.
      if (!user) return kind === 'browse' && guestBrowsing ? null : paths.login;
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
