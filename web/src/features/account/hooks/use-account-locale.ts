import { useEffect } from 'react';

import { saveLocale } from '@/features/account/api/account';
import { useSession } from '@/hooks/use-session';
import { changeLanguage, i18n, isLanguage } from '@/lib/i18n';
import { getStoredUser, saveUser } from '@/lib/session';

/**
 * Keeps the UI language and the account's (users.locale) one: the
 * account's is applied on this device when the session starts, when it is
 * fetched again and when another device changes it (user.updated); a
 * switch made here, from any language control, is saved to the account.
 * Signed out, or before a first choice, the device's own language stays.
 * Mount once, in the layout.
 */
export function useAccountLocale() {
  const { authenticated, user } = useSession();
  const locale = authenticated ? user?.locale : undefined;

  useEffect(() => {
    if (isLanguage(locale) && i18n.language !== locale) void changeLanguage(locale);
  }, [locale]);

  useEffect(() => {
    if (!authenticated) return;
    const onChange = (language: string) => {
      const current = getStoredUser();
      if (!current || !isLanguage(language) || current.locale === language) return;
      saveLocale(language).then(
        (answer) => saveUser(answer.data),
        (error: unknown) => console.warn('Could not save the language', error),
      );
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [authenticated]);
}
