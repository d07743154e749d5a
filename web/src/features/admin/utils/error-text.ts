import type { TFunction } from 'i18next';

import { isApiError } from '@/lib/api-client';

/** What to tell the admin about a failed call (the server's message when it sent one). */
export function errorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (typeof error.status === 'number') return error.message;
    return t('admin.common.networkError');
  }
  return t('admin.common.unknownError');
}
