import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { requestErrorKey, serverMessage } from '@/lib/api-errors';
import { errorTextByCode } from '@/lib/server-text';

/**
 * Turns any failed request into a sentence: our own words for its code
 * (errors.codes, in both languages, with the answer's numbers), else the server's words,
 * else the request error kind in the UI language.
 */
export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallback?: string): string => {
      const byCode = errorTextByCode(t, error);
      if (byCode) return byCode;
      const message = serverMessage(error);
      if (message) return message;
      const kind = requestErrorKey(error);
      if (kind) return t(kind);
      return fallback ?? (error instanceof Error && error.message ? error.message : t('error.unknown'));
    },
    [t],
  );
}
