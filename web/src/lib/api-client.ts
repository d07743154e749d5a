import { myanmarDigits } from '@/lib/digits';
import { getToken, markBanned } from '@/lib/session';
import type { Envelope } from '@/types/envelope';

// The only module that calls fetch. Every failure becomes an ApiError whose
// status is one of docs/spec.md §8's request error kinds or the HTTP status code.

export const API_BASE = '/api';
export const DEFAULT_TIMEOUT_MS = 15_000;

export type ApiErrorKind = 'TIMEOUT_ERROR' | 'FETCH_ERROR' | 'PARSING_ERROR';
export type ApiErrorStatus = ApiErrorKind | number;

export class ApiError extends Error {
  /** A request error kind, or the HTTP status for an error response. */
  readonly status: ApiErrorStatus;
  /** The parsed JSON body (or raw text) of an error response; the raw text for PARSING_ERROR. */
  readonly body: unknown;

  constructor(status: ApiErrorStatus, message: string, body?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  headers?: HeadersInit;
  /** Cancels the request; a caller abort is rethrown as is, not mapped to an error kind. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Send the bearer token when present (default true). */
  auth?: boolean;
  /** 'blob': a successful body is returned as a Blob (receipt images); errors stay JSON. */
  responseType?: 'json' | 'blob';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const url = new URL(`${API_BASE}/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

function pageLanguage(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang !== 'my') return 'en';
  return myanmarDigits() ? 'my-u-nu-mymr' : 'my';
}

async function request<T>(method: Method, path: string, payload: unknown, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  // The server writes its messages in this language (docs/architecture.md#the-api-contract);
  // lib/i18n keeps the page's lang attribute on the UI language.
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', pageLanguage());
  let body: BodyInit | undefined;
  if (payload instanceof FormData) {
    body = payload; // the browser sets the multipart boundary
  } else if (payload !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(payload);
  }
  const token = options.auth === false ? undefined : getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const callerSignal = options.signal;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  const transportError = (error: unknown): unknown => {
    if (timedOut) return new ApiError('TIMEOUT_ERROR', 'The request timed out.', undefined, { cause: error });
    if (callerSignal?.aborted) return error;
    return new ApiError('FETCH_ERROR', 'The network request failed.', undefined, { cause: error });
  };

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(buildUrl(path, options.params), {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      if (options.responseType === 'blob' && response.ok) return (await response.blob()) as T;
      text = await response.text();
    } catch (error) {
      throw transportError(error);
    }

    let data: unknown = undefined;
    if (text.trim() !== '') {
      try {
        data = JSON.parse(text);
      } catch (error) {
        if (response.ok) {
          throw new ApiError('PARSING_ERROR', 'The server sent a response that is not JSON.', text, { cause: error });
        }
        data = text;
      }
    }
    if (!response.ok) {
      // docs/architecture.md#the-api-contract: a banned user gets 403 with ban_reason; the guards then show /banned.
      if (response.status === 403 && token && typeof data === 'object' && data !== null && 'ban_reason' in data) {
        markBanned(typeof data.ban_reason === 'string' ? data.ban_reason : null);
      }
      throw new ApiError(response.status, messageOf(data) ?? `Request failed with status ${response.status}.`, data);
    }
    return data as T;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, payload?: unknown, options?: RequestOptions) => request<T>('POST', path, payload, options),
  put: <T>(path: string, payload?: unknown, options?: RequestOptions) => request<T>('PUT', path, payload, options),
  patch: <T>(path: string, payload?: unknown, options?: RequestOptions) => request<T>('PATCH', path, payload, options),
  /** payload: a DELETE that names what to delete in its body (a push subscription by endpoint). */
  delete: <T>(path: string, options?: RequestOptions, payload?: unknown) => request<T>('DELETE', path, payload, options),
  /** GET a binary body (an image) with the bearer token, e.g. for an object URL. */
  blob: (path: string, options?: RequestOptions) => request<Blob>('GET', path, undefined, { ...options, responseType: 'blob' }),
};

/** GET an enveloped answer and return its data: the fetcher of every SWR key (an apiPath). */
export async function getData<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await api.get<Envelope<T>>(path, options)).data;
}
