import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PageHead } from '@/components/seo/page-head';

function addMeta(attribute: 'name' | 'property', key: string, content: string) {
  const meta = document.createElement('meta');
  meta.setAttribute(attribute, key);
  meta.content = content;
  document.head.append(meta);
  return meta;
}

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
