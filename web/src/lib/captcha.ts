// The forgot-password overlay asks a captcha provider before sending a code.
// Providers are pluggable; with none configured the captcha is ready at once
// and adds nothing to the request (the server rate-limits otp/send anyway).

export interface CaptchaProvider {
  /** Sets the (invisible) captcha up inside `container`; resolves when it can be solved. */
  init(container: HTMLElement): Promise<void>;
  /** Solves the captcha; resolves with a token for the server, or undefined when none is needed. */
  execute(): Promise<string | undefined>;
  /** Removes the widget (called when the overlay closes and before re-initialising). */
  reset(): void;
}

/** No captcha: ready at once, no token. */
export const noCaptcha: CaptchaProvider = {
  init: () => Promise.resolve(),
  execute: () => Promise.resolve(undefined),
  reset: () => undefined,
};

let provider: CaptchaProvider = noCaptcha;

export function getCaptchaProvider(): CaptchaProvider {
  return provider;
}

/** Installs a provider (a deployment's captcha, or a fake in tests). */
export function setCaptchaProvider(next: CaptchaProvider | null) {
  provider = next ?? noCaptcha;
}
