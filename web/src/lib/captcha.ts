// The captcha: a proof of work the browser solves before register, a reset
// code, and a login after failed ones (the server decides). It is
// self-hosted (ALTCHA's widget against /api/captcha/challenge), and the
// widget's code loads only when a form first needs it (lib/altcha-widget.ts).

export interface Captcha {
  /** Sets the (invisible) widget up inside `container`; resolves when it can be solved. */
  init(container: HTMLElement): Promise<void>;
  /** Solves a fresh challenge (after init has finished); resolves with the payload the server checks (captcha_token). */
  execute(): Promise<string>;
  /** Removes the widget (on close, and before setting it up again). */
  reset(): void;
}

/** The altcha-widget element's methods that are used here. */
interface AltchaElement extends HTMLElement {
  verify(): Promise<{ payload?: string | null } | null>;
}

/** Where the widget fetches a challenge: the API's, never a third party's. */
const CHALLENGE_URL = '/api/captcha/challenge';
/** A widget that has not mounted by then is reported as failed to start. */
const LOAD_TIMEOUT_MS = 30_000;

/** The real captcha: ALTCHA's web component, invisible, solving on demand. */
export function altchaCaptcha(language: () => string): Captcha {
  let widget: AltchaElement | null = null;
  let setup: Promise<void> | null = null;
  const mount = async (container: HTMLElement) => {
    const { registerTexts } = await import('@/lib/altcha-widget');
    registerTexts();
    const element = document.createElement('altcha-widget') as AltchaElement;
    element.setAttribute('challenge', CHALLENGE_URL);
    element.setAttribute('display', 'invisible');
    element.setAttribute('auto', 'off');
    element.setAttribute('language', language());
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new Error('captcha did not load')), LOAD_TIMEOUT_MS);
      const done = () => {
        window.clearTimeout(timer);
        resolve();
      };
      element.addEventListener('load', done, { once: true });
    });
    container.replaceChildren(element);
    widget = element;
    await loaded;
  };
  return {
    init(container) {
      setup = mount(container);
      return setup;
    },
    async execute() {
      if (!setup) throw new Error('captcha not set up');
      await setup;
      if (!widget) throw new Error('captcha removed');
      const result = await widget.verify();
      if (!result?.payload) throw new Error('captcha not solved');
      return result.payload;
    },
    reset() {
      widget?.remove();
      widget = null;
      setup = null;
    },
  };
}

type Factory = () => Captcha;

let factory: Factory | null = null;

/** A new captcha for one form (the default is the real one, in the UI language). */
export function newCaptcha(): Captcha {
  if (factory) return factory();
  return altchaCaptcha(() => document.documentElement.lang || 'en');
}

/** Replaces the captcha (tests without a browser's workers); null restores the real one. */
export function setCaptchaFactory(next: Factory | null) {
  factory = next;
}
