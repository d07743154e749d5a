-- A top-up quote (the signed {user, amount, verification amount T}) backs
-- one top-up only. Before, the same quote could back any number of
-- requests for its 30 minutes, so once #1 was confirmed a re-screenshot of
-- the same transfer could be sent as #2 with the same exact total, and an
-- admin matching bank notifications by total credited it twice. The
-- quote's random nonce is kept with the top-up it backs, unique; rows
-- from before have none.
--
-- The admin also matches a notification by (payment method, total) for a
-- day after confirming, so a total stays taken while pending and for 24 h
-- after confirmation (store/topups.go checks it; the partial unique index
-- of 00003 still decides races between pending requests). This index
-- serves that check and the quote's search for a free total.

-- +goose Up
ALTER TABLE topup_orders
    ADD COLUMN quote_nonce BYTEA CHECK (octet_length(quote_nonce) = 16),
    ADD CONSTRAINT topup_orders_quote_key UNIQUE (quote_nonce);
CREATE INDEX topup_orders_recent_total_idx ON topup_orders (total, payment_method_id)
    WHERE status IN ('pending', 'confirmed');

-- +goose Down
DROP INDEX topup_orders_recent_total_idx;
ALTER TABLE topup_orders DROP COLUMN quote_nonce;
