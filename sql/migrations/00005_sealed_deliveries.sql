-- Delivered secrets stay sealed at rest (docs/architecture.md#the-money-path: "secrets a customer
-- buys are encrypted with APP_KEY"). A code delivered as a message, and the
-- outbox event that pushes that message, would otherwise hold the code in
-- the clear. Both get a sealed column (secret.Box); when it is set, the
-- plain column holds only a placeholder.

-- +goose Up

-- When set, the message's real title (a redeem code); title then holds a
-- placeholder naming the product, so listings, admin views and dumps of the
-- table show no code.
ALTER TABLE messages ADD COLUMN title_sealed BYTEA;

-- When set, the real payload; payload is then '{}'.
ALTER TABLE outbox ADD COLUMN payload_sealed BYTEA;

-- +goose Down
ALTER TABLE outbox DROP COLUMN payload_sealed;
ALTER TABLE messages DROP COLUMN title_sealed;
