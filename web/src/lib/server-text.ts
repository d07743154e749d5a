import type { TFunction } from 'i18next';

import { errorBody } from '@/lib/api-errors';

// The server's words are shown by their stable code (docs/architecture.md#the-api-contract):
// errors.codes.<code> in the UI language, with the numbers the answer sent.
// Only a code the app does not know yet falls back to the server's sentence,
// which the server already wrote in the UI language (Accept-Language).

/** The locale key of a server code. */
export function codeKey(code: string): string {
  return `errors.codes.${code}`;
}

/** A server code in the UI language, or undefined when the app has no words for it. */
export function translateCode(t: TFunction, code: string | undefined, params?: Record<string, unknown>): string | undefined {
  if (!code) return undefined;
  const key = codeKey(code);
  if (!t(key, { defaultValue: '' })) return undefined;
  const text: unknown = t(key as never, { ...params } as never);
  return typeof text === 'string' ? text : undefined;
}

/** The code of a failed answer's first field error in form order, or of its only one. */
function firstFieldCode(codes: Record<string, string[]>, order: readonly string[]): string | undefined {
  for (const field of order) {
    const code = codes[field]?.[0];
    if (code) return code;
  }
  const fields = Object.keys(codes).sort();
  return fields.length ? codes[fields[0]!]?.[0] : undefined;
}

const formOrder = ['username', 'phone_number', 'email', 'password', 'password_confirmation', 'code', 'reset_token'];

/**
 * A failed answer's sentence by code: a 422 "invalid" says its first field's
 * error, as the server's message does.
 */
export function errorTextByCode(t: TFunction, error: unknown): string | undefined {
  const body = errorBody(error);
  if (!body) return undefined;
  const codes = body.codes ?? {};
  if (body.code === 'invalid') {
    const field = firstFieldCode(codes, formOrder);
    if (field) return translateCode(t, field);
  }
  return translateCode(t, body.code, body.params);
}

/** Each field's first error by code in the UI language, else the server's words for it. */
export function fieldTextsByCode(t: TFunction, error: unknown): Record<string, string> {
  const body = errorBody(error);
  const out: Record<string, string> = {};
  if (!body?.errors) return out;
  for (const [field, list] of Object.entries(body.errors)) {
    const words = Array.isArray(list) ? list[0] : undefined;
    const text = translateCode(t, body.codes?.[field]?.[0]) ?? words;
    if (typeof text === 'string') out[field] = text;
  }
  return out;
}
