import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useErrorText } from '@/hooks/use-error-text';
import { errorCode, fieldError } from '@/lib/api-errors';

/**
 * Words for a failed settings change: the account's own words for its
 * error codes (account.errors, both languages), else what useErrorText
 * finds. `field` reads the error under one input: the code's words when
 * the server put it there, else the server's words for that field.
 */
export function useAccountError() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const byCode = useCallback(
    (error: unknown): string | undefined => {
      const code = errorCode(error);
      return code && i18n.exists(`account.errors.${code}`) ? t(`account.errors.${code}` as 'account.title') : undefined;
    },
    [t, i18n],
  );
  const message = useCallback((error: unknown) => byCode(error) ?? errorText(error), [byCode, errorText]);
  const field = useCallback(
    (error: unknown, name: string): string | undefined => {
      const server = fieldError(error, name);
      return server === undefined ? undefined : (byCode(error) ?? server);
    },
    [byCode],
  );
  return { message, field };
}
