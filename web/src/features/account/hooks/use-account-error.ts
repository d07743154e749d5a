import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useErrorText } from '@/hooks/use-error-text';
import { fieldTextsByCode } from '@/lib/server-text';

/**
 * Words for a failed settings change, by the server's codes (errors.codes,
 * both languages): `message` for the whole answer, `field` for the error
 * under one input (undefined when the server put none there).
 */
export function useAccountError() {
  const { t } = useTranslation();
  const message = useErrorText();
  const field = useCallback((error: unknown, name: string): string | undefined => fieldTextsByCode(t, error)[name], [t]);
  return { message, field };
}
