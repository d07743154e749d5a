-- Captcha solutions spent, so one cannot be replayed on any node until its
-- challenge expires (pruned after), and failed logins per account, which
-- decide when a login must carry a captcha.

-- +goose Up

CREATE TABLE captcha_spent (
    challenge  BYTEA       PRIMARY KEY CHECK (octet_length(challenge) = 32),
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX captcha_spent_expires ON captcha_spent (expires_at);

-- account is the login identifier as keyed (normalised phone or lower-case
-- e-mail), known or not, so the answer tells nothing about who is a customer.
CREATE TABLE login_failures (
    account    TEXT        PRIMARY KEY,
    failures   INTEGER     NOT NULL CHECK (failures > 0),
    since      TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_failures_since ON login_failures (since);

-- +goose Down
DROP TABLE login_failures;
DROP TABLE captcha_spent;
