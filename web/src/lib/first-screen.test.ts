import { afterEach, describe, expect, it } from 'vitest';

// eslint-disable-next-line no-restricted-imports -- index.html, the server's page, lies outside src, which @/ names
import index from '../../index.html?raw';
import { pageEndsFirstScreen } from '@/lib/first-screen';

// What the server puts in the page: the content of one of index.html's templates.
function serveCopy(selector: string) {
  const template = document.createElement('div');
  template.innerHTML = index.slice(index.indexOf('<body>') + '<body>'.length, index.indexOf('<div id="root">'));
  const content = template.querySelector<HTMLTemplateElement>(selector)!.content.firstElementChild!;
  document.body.prepend(content.cloneNode(true));
}

afterEach(() => document.getElementById('first-screen')?.remove());

describe('which page waits for its own first screen', () => {
  it('keeps /home’s banner copy on /home, and a game’s copy on the game’s page', () => {
    serveCopy('#first-screen-template');
    expect(pageEndsFirstScreen('/home')).toBe(true);
    document.getElementById('first-screen')!.remove();
    serveCopy('template[data-first-screen="detail"]');
    expect(pageEndsFirstScreen('/detail/top-up/mobile-legends')).toBe(true);
  });

  // Offline, the worker answers every page with the shell it fetched as a guest for /
  // (sw.ts), which carries /home's banner copy when guests may browse: a game's page
  // must not wait under it for its first card's image.
  it('does not keep /home’s banner copy on a game’s page', () => {
    serveCopy('#first-screen-template');
    expect(pageEndsFirstScreen('/detail/top-up/mobile-legends')).toBe(false);
  });

  it('lets any other page end its copy at once', () => {
    serveCopy('template[data-first-screen="top-up"]');
    expect(pageEndsFirstScreen('/top-up')).toBe(false);
  });
});
