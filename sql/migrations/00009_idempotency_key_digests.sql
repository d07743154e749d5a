-- Idempotency keys are opaque: the API stores the hex SHA-256 of the
-- client's key (api/idempotency.go), never the key, so no client bytes
-- reach a text column. Keys stored before are rewritten the same way, so a
-- request retried across the upgrade is still recognised. updated_at is
-- left alone: nothing about the order or top-up changed.

-- +goose Up
ALTER TABLE orders DISABLE TRIGGER orders_updated_at;
UPDATE orders SET idempotency_key = encode(sha256(convert_to(idempotency_key, 'UTF8')), 'hex')
WHERE idempotency_key IS NOT NULL;
ALTER TABLE orders ENABLE TRIGGER orders_updated_at;

ALTER TABLE topup_orders DISABLE TRIGGER topup_orders_updated_at;
UPDATE topup_orders SET idempotency_key = encode(sha256(convert_to(idempotency_key, 'UTF8')), 'hex')
WHERE idempotency_key IS NOT NULL;
ALTER TABLE topup_orders ENABLE TRIGGER topup_orders_updated_at;

-- +goose Down
-- A digest cannot be turned back into its key; the digests stay.
SELECT 1;
