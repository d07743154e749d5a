// The server's stand-in for /home's banner (index.html's first-screen
// template): painted before any JavaScript, it must give way to the app.

const FIRST_SCREEN_ID = 'first-screen';

/** Removes the stand-in; the app's own banner (or page) is now what shows. */
export function endFirstScreen() {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

/** Whether the stand-in is showing: the server knows a banner is active. */
export function hasFirstScreen(): boolean {
  return document.getElementById(FIRST_SCREEN_ID) !== null;
}
