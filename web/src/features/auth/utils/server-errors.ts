import type { TFunction } from 'i18next';

import { isApiError } from '@/lib/api-client';
import { requestErrorKey, serverMessage } from '@/lib/api-errors';
import { errorTextByCode, fieldTextsByCode } from '@/lib/server-text';

// The API's words are shown by their codes (lib/server-text); a code the app
// does not know yet is shown as the server wrote it, already in the UI language.

/** The first server error of each field (docs/spec.md §3), in the UI language. */
export function fieldErrorsOf(error: unknown, t: TFunction): Record<string, string> {
  return fieldTextsByCode(t, error);
}

/** A sentence for any failed request: the server's message, or the request error kind. */
export function messageOf(error: unknown, t: TFunction, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const kind = requestErrorKey(error);
  if (kind) return t(kind);
  if (error.status === 429) return t('reset.errors.tooMany');
  return errorTextByCode(t, error) ?? serverMessage(error) ?? fallback;
}
