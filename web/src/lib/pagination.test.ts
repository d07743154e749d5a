import { describe, expect, it } from 'vitest';

import { pageWindow, parsePage } from '@/lib/pagination';

describe('pageWindow (docs/spec.md §2, §9)', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1, 5)).toEqual([1]);
    expect(pageWindow(2, 4, 5)).toEqual([1, 2, 3, 4]);
  });

  it('keeps 5 numbers around the current page, with ellipses where pages are left out', () => {
    expect(pageWindow(1, 10, 5)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis']);
    expect(pageWindow(6, 10, 5)).toEqual(['start-ellipsis', 4, 5, 6, 7, 8, 'end-ellipsis']);
    expect(pageWindow(10, 10, 5)).toEqual(['start-ellipsis', 6, 7, 8, 9, 10]);
  });

  it('keeps 3 numbers under 640px', () => {
    expect(pageWindow(1, 10, 3)).toEqual([1, 2, 3, 'end-ellipsis']);
    expect(pageWindow(5, 10, 3)).toEqual(['start-ellipsis', 4, 5, 6, 'end-ellipsis']);
    expect(pageWindow(10, 10, 3)).toEqual(['start-ellipsis', 8, 9, 10]);
  });

  it('clamps a page outside 1..last', () => {
    expect(pageWindow(99, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(0, 7, 3)).toEqual([1, 2, 3, 'end-ellipsis']);
  });

  it('reads ?page as a whole number, default 1', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });
});
