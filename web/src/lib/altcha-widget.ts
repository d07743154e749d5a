// ALTCHA's widget, loaded on demand by lib/captcha.ts so no route pays for
// it up front. The "external" build keeps the app's CSP strict: its styles
// are a CSS file (no inline <style>) and the SHA-256 solver is a worker file
// from this origin (no blob: worker).
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';

import { i18n } from '@/lib/i18n';

// The server's challenges are ALTCHA's "SHA-256" kind (internal/captcha).
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

const keys = ['label', 'verifying', 'verified', 'error', 'expired', 'waitAlert', 'verificationRequired'] as const;

/** Gives the widget its texts in the UI language (shown only if it must say something). */
export function registerTexts() {
  const texts: Record<string, string> = { footer: '' };
  for (const key of keys) texts[key] = i18n.t(`captcha.widget.${key}`);
  globalThis.$altcha.i18n.set(i18n.language, texts);
}
