import type { Captcha } from '@/lib/captcha';

// jsdom has no Web Workers to solve the real widget with, so unit tests use
// this stand-in: ready at once, each solution a new token. The real widget
// is solved in Chromium by the Playwright journeys (e2e/captcha.spec.ts).

let solved = 0;

export function fakeCaptcha(): Captcha {
  return {
    init: () => Promise.resolve(),
    execute: () => Promise.resolve(`solved-${++solved}`),
    reset: () => undefined,
  };
}
