import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { errorCode, requestErrorKey, serverMessage } from '@/lib/api-errors';

/**
 * Turns any failed request into a sentence: our own words for the codes the
 * locales name (errors.codes, in both languages), else the server's words,
 * else the request error kind in the UI language.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallback?: string): string => {
      const code = errorCode(error);
      if (code && i18n.exists(`errors.codes.${code}`)) return t(`errors.codes.${code}` as 'errors.timeout');
      const message = serverMessage(error);
      if (message) return message;
      const kind = requestErrorKey(error);
      if (kind) return t(kind);
      return fallback ?? (error instanceof Error && error.message ? error.message : t('error.unknown'));
    },
    [t, i18n],
  );
}
