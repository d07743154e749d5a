-- A customer may cancel their own pending top-up (a transfer they did not
-- make after all, a wrong amount). Cancelling is a decision like confirm or
-- reject: pending → cancelled once, by compare-and-set on the status, so an
-- admin's decision and the customer's cancel cannot both win. A cancelled
-- top-up frees its (method, total) at once: the open-total index and the
-- held totals count only pending and confirmed ones.

-- +goose Up

ALTER TABLE topup_orders DROP CONSTRAINT topup_orders_status_check;
ALTER TABLE topup_orders ADD CONSTRAINT topup_orders_status_check
    CHECK (status IN ('pending', 'confirmed', 'rejected', 'cancelled'));
ALTER TABLE topup_orders DROP CONSTRAINT topup_orders_decision_check;
ALTER TABLE topup_orders ADD CONSTRAINT topup_orders_decision_check CHECK (
    (status = 'pending' AND decided_at IS NULL) OR
    (status = 'confirmed' AND decided_at IS NOT NULL) OR
    (status = 'rejected' AND decided_at IS NOT NULL AND reject_reason IS NOT NULL AND btrim(reject_reason) <> '') OR
    -- The owner decided: no admin, no reason.
    (status = 'cancelled' AND decided_at IS NOT NULL AND decided_by IS NULL)
);

-- +goose Down

UPDATE topup_orders SET status = 'rejected', reject_reason = 'Cancelled by the customer' WHERE status = 'cancelled';
ALTER TABLE topup_orders DROP CONSTRAINT topup_orders_decision_check;
ALTER TABLE topup_orders ADD CONSTRAINT topup_orders_decision_check CHECK (
    (status = 'pending' AND decided_at IS NULL) OR
    (status = 'confirmed' AND decided_at IS NOT NULL) OR
    (status = 'rejected' AND decided_at IS NOT NULL AND reject_reason IS NOT NULL AND btrim(reject_reason) <> '')
);
ALTER TABLE topup_orders DROP CONSTRAINT topup_orders_status_check;
ALTER TABLE topup_orders ADD CONSTRAINT topup_orders_status_check
    CHECK (status IN ('pending', 'confirmed', 'rejected'));
