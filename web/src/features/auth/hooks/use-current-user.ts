import { useState } from 'react';

import { getStoredUser } from '@/lib/session';
import type { User } from '@/types/api';

/**
 * The signed-in user as saved in the `user` cookie at login.
 * Later: refreshed from GET /api/user/{id} and realtime `user.updated`.
 */
export function useCurrentUser(): User | null {
  const [user] = useState(getStoredUser);
  return user;
}
