import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { PageHead } from '@/components/seo/page-head';
import { changeLanguage } from '@/lib/i18n';
import en from '@/locales/en.json';
import my from '@/locales/my.json';

function addMeta(attribute: 'name' | 'property', key: string, content: string) {
  const meta = document.createElement('meta');
  meta.setAttribute(attribute, key);
  meta.content = content;
  document.head.append(meta);
  return meta;
}

// index.html's tags, made anew by each test.
afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
});

describe('PageHead', () => {
  it('sets the title and updates the default meta tags in place, restoring them on leave', () => {
    const robots = addMeta('name', 'robots', 'index, follow');
    const description = addMeta('name', 'description', 'Default description');
    const ogTitle = addMeta('property', 'og:title', 'Shwe Top-Up');

    const { unmount } = render(<PageHead title="Shwe Top-Up Home" description="Game top-ups" robots="noindex" />);

    expect(document.title).toBe('Shwe Top-Up Home');
    expect(robots.content).toBe('noindex');
    expect(description.content).toBe('Game top-ups');
    expect(ogTitle.content).toBe('Shwe Top-Up Home');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);

    unmount();
    expect(robots.content).toBe('index, follow');
    expect(description.content).toBe('Default description');
    expect(ogTitle.content).toBe('Shwe Top-Up');
  });
});

describe('PageHead description', () => {
  it('is the store description in the active language when the page names none, and follows a switch', async () => {
    const description = addMeta('name', 'description', 'Default description');
    const ogDescription = addMeta('property', 'og:description', 'Default description');

    render(<PageHead title="Shwe Top-Up" />);
    expect(description.content).toBe(en.meta.description);
    expect(ogDescription.content).toBe(en.meta.description);

    await act(() => changeLanguage('my'));
    expect(description.content).toBe(my.meta.description);
    expect(ogDescription.content).toBe(my.meta.description);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
