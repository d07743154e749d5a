import { useEffect } from 'react';

import { watchSystemTheme } from '@/lib/theme';

/** Keeps the page theme on the system preference until the user chooses one. Mount once. */
export function useSystemTheme() {
  useEffect(() => watchSystemTheme(), []);
}
