import { createHash } from 'node:crypto';

import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, with each test its own client address: the server
 * (with-server.sh trusts X-Forwarded-For from loopback) counts its
 * per-address limits (registrations, logins, captcha) per test, as it would
 * count one customer's phone, not the whole of one worker's share of the
 * suite as one phone. Per worker, the journeys' registrations and admin
 * logins outran those limits once the screenshot passes that spaced them
 * out were cut (CI, 429 on sign-up and admin login). The limits themselves
 * are tested in the Go tests (api/auth_test.go, login_lockout_test.go,
 * otp_test.go, sms_limits_test.go, clientip_test.go).
 *
 * The address is drawn from 198.18.0.0/15 (set aside for benchmarks) by the
 * test's id, its repeat and its retry: stable for a test, distinct between
 * tests. Every spec imports `test` and `expect` from here (lint-enforced).
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    const hash = createHash('sha256').update(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`).digest();
    const address = `198.${18 + (hash[0]! & 1)}.${hash[1]!}.${hash[2]!}`;
    await provide({ 'X-Forwarded-For': address });
  },
});
