// A page's first screen painted before any JavaScript (index.html): the
// server's stand-in for /home's banner or a game's first products, or the
// copy of a guest's /login or of /top-up that index.html's script puts in.
// It must give way to the app.

const FIRST_SCREEN_ID = 'first-screen';

/** Removes the stand-in; the app's own banner (or page) is now what shows. */
export function endFirstScreen() {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

/** Whether a stand-in is showing (on /home: the server knows a banner is active). */
export function hasFirstScreen(): boolean {
  return document.getElementById(FIRST_SCREEN_ID) !== null;
}

/**
 * Whether the page at pathname removes the stand-in itself, once what it
 * shows has loaded: /home (its banner) and a game's page (its first cards).
 * Any other page has drawn its copy's content when the layout renders. The
 * banner's copy (index.html marks it data-page="home") is /home's alone: the
 * worker's offline shell, fetched for / (sw.ts), brings it to every page.
 */
export function pageEndsFirstScreen(pathname: string): boolean {
  if (document.getElementById(FIRST_SCREEN_ID)?.dataset.page === 'home') return pathname === '/home';
  return pathname === '/home' || /^\/detail\/[^/]+\/[^/]+\/?$/.test(pathname);
}
