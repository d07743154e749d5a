import { isApiError } from '@/lib/api-client';
import type { ApiErrorBody } from '@/types/envelope';

// The one reader of a failed request's body (ApiError.body). Features turn
// what it finds into words; none of them parses the body itself.

/** The JSON body of a failed request, when the server sent one. */
export function errorBody(error: unknown): ApiErrorBody | undefined {
  if (!isApiError(error)) return undefined;
  const { body } = error;
  return typeof body === 'object' && body !== null ? body : undefined;
}

/** The stable machine `code` every API error carries next to its message. */
export function errorCode(error: unknown): string | undefined {
  const code: unknown = errorBody(error)?.code;
  return typeof code === 'string' && code ? code : undefined;
}

/** The server's own sentence (data.message or message), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  const body = errorBody(error);
  const nested: unknown = body?.data?.message;
  if (typeof nested === 'string' && nested.trim()) return nested;
  const message: unknown = body?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** The seconds a 429 asks to wait (its retry_after), if any. */
export function retryAfter(error: unknown): number | undefined {
  const wait: unknown = errorBody(error)?.retry_after;
  return typeof wait === 'number' && wait > 0 ? wait : undefined;
}

/** Whether a failed login's answer says the next try needs a captcha. */
export function captchaRequired(error: unknown): boolean {
  return errorBody(error)?.captcha_required === true;
}

/** The server's first error of each field, as it wrote them. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors: unknown = errorBody(error)?.errors;
  const out: Record<string, string> = {};
  if (typeof errors !== 'object' || errors === null) return out;
  for (const [field, list] of Object.entries(errors as Record<string, unknown>)) {
    const first: unknown = Array.isArray(list) ? list[0] : list;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

/** The server's first error for one field, if the error carries one. */
export function fieldError(error: unknown, field: string): string | undefined {
  return fieldErrors(error)[field];
}

/** The locale key of a request that got no answer to read (timeout, no network, not JSON). */
export function requestErrorKey(error: unknown): 'errors.timeout' | 'errors.network' | 'errors.parsing' | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 'TIMEOUT_ERROR') return 'errors.timeout';
  if (error.status === 'FETCH_ERROR') return 'errors.network';
  if (error.status === 'PARSING_ERROR') return 'errors.parsing';
  return undefined;
}
