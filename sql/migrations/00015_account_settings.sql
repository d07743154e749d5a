-- Account settings (docs/spec.md, account settings): the language a customer
-- chose, kept on the server so every device and every server-written message
-- uses it; a request to delete the account that an admin completes; where and
-- with what each session signed in; which account asked for a code to a
-- new phone number; and an index for the wallet statement's kind filter.

-- +goose Up

-- NULL: never chosen, so the device's own language applies.
ALTER TABLE users ADD COLUMN locale TEXT CHECK (locale IN ('my', 'en'));
-- deletion_requested_at is the customer's request; deleted_at is the admin
-- completing it, after which the row holds no personal data (orders keep
-- pointing at it for the accounts).
ALTER TABLE users ADD COLUMN deletion_requested_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN deleted_at TIMESTAMPTZ;
ALTER TABLE users ADD CONSTRAINT users_deleted_requested_check
    CHECK (deleted_at IS NULL OR deletion_requested_at IS NOT NULL);
CREATE INDEX users_deletion_requested_idx ON users (deletion_requested_at)
    WHERE deletion_requested_at IS NOT NULL AND deleted_at IS NULL;

-- The browser's User-Agent at sign-in (cut to 512 characters) and the
-- client's address, updated with last_used_at at most once a minute.
ALTER TABLE api_tokens ADD COLUMN user_agent TEXT NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512);
ALTER TABLE api_tokens ADD COLUMN ip INET;

-- A code to verify a new phone number belongs to the account that asked
-- for it: only that account may exchange it.
ALTER TABLE otp_codes ADD COLUMN user_id BIGINT REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_verify_phone_user_check
    CHECK (purpose <> 'verify_phone' OR user_id IS NOT NULL);

-- The wallet statement filtered by kind (GET /api/wallet/ledger?kind=)
-- walks the customer's entries of that kind from the cursor instead of
-- every entry in the shop newer than it (docs/benchmarks.md, statement).
CREATE INDEX wallet_ledger_user_kind_idx ON wallet_ledger (user_id, kind, id DESC);

-- user.updated carries the language and the deletion request too, so a
-- change made on one device reaches the customer's others live.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION event_user(u users) RETURNS JSONB
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
    RETURN jsonb_build_object(
        'id', u.id,
        'username', u.username,
        'phone_number', u.phone,
        'email', u.email,
        'wallet_amount', u.wallet_amount,
        'is_admin', u.is_admin,
        'is_banned', u.is_banned,
        'ban_reason', u.ban_reason,
        'locale', u.locale,
        'deletion_requested_at', event_time(u.deletion_requested_at),
        'created_at', event_time(u.created_at));
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP INDEX wallet_ledger_user_kind_idx;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION event_user(u users) RETURNS JSONB
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
    RETURN jsonb_build_object(
        'id', u.id,
        'username', u.username,
        'phone_number', u.phone,
        'email', u.email,
        'wallet_amount', u.wallet_amount,
        'is_admin', u.is_admin,
        'is_banned', u.is_banned,
        'ban_reason', u.ban_reason,
        'created_at', event_time(u.created_at));
END
$$;
-- +goose StatementEnd
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_verify_phone_user_check;
ALTER TABLE otp_codes DROP COLUMN user_id;
ALTER TABLE api_tokens DROP COLUMN ip;
ALTER TABLE api_tokens DROP COLUMN user_agent;
DROP INDEX users_deletion_requested_idx;
ALTER TABLE users DROP CONSTRAINT users_deleted_requested_check;
ALTER TABLE users DROP COLUMN deleted_at;
ALTER TABLE users DROP COLUMN deletion_requested_at;
ALTER TABLE users DROP COLUMN locale;
