-- The wallet statement of one month (GET /api/wallet/ledger?month=, and its
-- CSV) takes only that month's entries of the customer by this index, then
-- sorts them (store/statement.go): walking the shop's newer entries by id
-- was 55,000 rows for a month half a year back (docs/benchmarks.md).

-- +goose Up
CREATE INDEX wallet_ledger_user_created_idx ON wallet_ledger (user_id, created_at);

-- +goose Down
DROP INDEX wallet_ledger_user_created_idx;
