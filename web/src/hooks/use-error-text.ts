import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/api-client';

/** The server's message of a failed request (data.message or message), if any. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { message?: unknown; data?: { message?: unknown } };
  if (typeof record.data?.message === 'string' && record.data.message) return record.data.message;
  if (typeof record.message === 'string' && record.message) return record.message;
  return undefined;
}

/** The stable machine code of a failed request's answer (`code`), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' && code ? code : undefined;
}

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
      if (isApiError(error)) {
        if (error.status === 'TIMEOUT_ERROR') return t('errors.timeout');
        if (error.status === 'FETCH_ERROR') return t('errors.network');
        if (error.status === 'PARSING_ERROR') return t('errors.parsing');
      }
      return fallback ?? (error instanceof Error && error.message ? error.message : t('error.unknown'));
    },
    [t, i18n],
  );
}
