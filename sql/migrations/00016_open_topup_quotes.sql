-- A customer's open top-up quote is kept, so asking again for the same
-- amount by the same method answers the same total until the quote expires
-- or backs a top-up (docs/spec.md §9; docs/architecture.md#the-money-path).
-- Before, every visit drew a new verification amount: a customer who
-- copied 10,243 Ks, paid in the banking app and came back to a reloaded
-- tab faced 10,359 Ks.
--
-- A row is one (customer, amount, method) quote; payment_method_id 0 is a
-- quote asked without a method. An open quote also holds its total, so no
-- other customer is quoted the same one meanwhile. The signed token the
-- customer sends with the top-up stays the proof; a row only makes the
-- answer stable, and it goes when its top-up is created or it expires.

-- +goose Up
CREATE TABLE topup_quotes (
    user_id             BIGINT      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount              BIGINT      NOT NULL CHECK (amount > 0),
    payment_method_id   BIGINT      NOT NULL CHECK (payment_method_id >= 0),
    verification_amount BIGINT      NOT NULL CHECK (verification_amount > 0),
    total               BIGINT      GENERATED ALWAYS AS (amount + verification_amount) STORED,
    nonce               BYTEA       NOT NULL UNIQUE CHECK (octet_length(nonce) = 16),
    expires_at          TIMESTAMPTZ NOT NULL,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, amount, payment_method_id)
);
CREATE INDEX topup_quotes_total_idx ON topup_quotes (total, expires_at);
CREATE INDEX topup_quotes_expires_idx ON topup_quotes (expires_at);

-- +goose Down
DROP TABLE topup_quotes;
