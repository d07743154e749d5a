-- The back office: the audit log is filtered by action (the
-- audit view) and orders are claimed by an admin.

-- +goose Up

CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC, id DESC);
-- A claimed order names its admin; the queue shows who holds what.
CREATE INDEX orders_claimed_idx ON orders (claimed_by) WHERE status = 'processing';

-- +goose Down
DROP INDEX orders_claimed_idx;
DROP INDEX audit_log_action_idx;
