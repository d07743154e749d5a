import { afterEach, describe, expect, it, vi } from 'vitest';

import { api, ApiError } from '@/lib/api-client';

// fetch is the network edge of the client: stub it here and nowhere else.
function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('api client', () => {
  it('asks for the server’s words in the page language, with Myanmar digits when the reader chose them', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(Response.json({ success: true })));
    const sent = async () => {
      await api.get('/ping');
      const init = fetchMock.mock.calls.at(-1)?.[1];
      return new Headers(init?.headers).get('Accept-Language');
    };
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = 'en';
      expect(await sent()).toBe('en');
      document.documentElement.lang = 'my';
      expect(await sent()).toBe('my');
      localStorage.setItem('digits', 'myanmar');
      expect(await sent()).toBe('my-u-nu-mymr');
      document.documentElement.lang = 'en';
      expect(await sent()).toBe('en');
    } finally {
      localStorage.removeItem('digits');
      document.documentElement.lang = before;
    }
  });

  it('calls /api with JSON, query params and the bearer token from the cookie', async () => {
    document.cookie = 'token=abc123; path=/';
    const fetchMock = stubFetch(() => Promise.resolve(Response.json({ success: true, data: [1, 2] })));

    await expect(api.post('/order', { product_id: 7 }, { params: { page: 2, q: undefined } })).resolves.toEqual({
      success: true,
      data: [1, 2],
    });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${window.location.origin}/api/order?page=2`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"product_id":7}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(Response.json({ success: true })));
    await api.get('/games');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('maps a timeout to TIMEOUT_ERROR', async () => {
    stubFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await failure(api.get('/games', { timeoutMs: 10 }));
    expect(error.status).toBe('TIMEOUT_ERROR');
  });

  it('maps a network failure to FETCH_ERROR', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/games'));
    expect(error.status).toBe('FETCH_ERROR');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('maps a body that is not JSON to PARSING_ERROR', async () => {
    stubFetch(() => Promise.resolve(new Response('<!doctype html><html></html>', { status: 200 })));
    const error = await failure(api.get('/games'));
    expect(error.status).toBe('PARSING_ERROR');
    expect(error.body).toBe('<!doctype html><html></html>');
  });

  it('maps an HTTP error to its status with the parsed body', async () => {
    const body = {
      success: false,
      message: 'The given data was invalid.',
      errors: { phone_number: ['The phone number has already been taken.'] },
    };
    stubFetch(() => Promise.resolve(Response.json(body, { status: 422 })));
    const error = await failure(api.post('/register', { phone_number: '09123' }));
    expect(error.status).toBe(422);
    expect(error.body).toEqual(body);
    expect(error.message).toBe('The given data was invalid.');
  });

  it('returns undefined for an empty success body', async () => {
    stubFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    await expect(api.delete('/messages/3')).resolves.toBeUndefined();
  });

  it('rethrows a caller abort as is', async () => {
    stubFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/games', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api client and bans', () => {
  it('marks the stored user banned on 403 with ban_reason', async () => {
    const { startSession, getSession } = await import('@/lib/session');
    startSession('tok', { id: 1, username: 'a', phone_number: '1', wallet_amount: 0, is_admin: false, is_banned: false });
    stubFetch(() => Promise.resolve(Response.json({ success: false, message: 'Banned', ban_reason: 'Fraud' }, { status: 403 })));
    const error = await failure(api.get('/orders'));
    expect(error.status).toBe(403);
    expect(getSession().user).toMatchObject({ is_banned: true, ban_reason: 'Fraud' });
  });
});
