// A page's first screen painted before any JavaScript (index.html): the
// server's stand-in for /home's banner, or the copy of a guest's /login or
// of /top-up that index.html's script puts in. It must give way to the app.

const FIRST_SCREEN_ID = 'first-screen';

/** Removes the stand-in; the app's own banner (or page) is now what shows. */
export function endFirstScreen() {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

/** Whether a stand-in is showing (on /home: the server knows a banner is active). */
export function hasFirstScreen(): boolean {
  return document.getElementById(FIRST_SCREEN_ID) !== null;
}
