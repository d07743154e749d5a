// SWR keys are API paths: the string a GET asks for (with its query) is the
// key its answer is cached under, so a key says what it holds and a change
// can revalidate everything under a path (keyUnder).

export type Query = Record<string, string | number | boolean | null | undefined>;

/** An API path with its query string (null and undefined values left out): a GET's URL and its SWR key. */
export function apiPath(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/** Whether an SWR key is `path` itself or lies under it (a query of it or a sub-path). */
export function keyUnder(key: unknown, path: string): boolean {
  return typeof key === 'string' && (key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}/`));
}
