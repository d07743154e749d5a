-- What the store may spend on SMS, shared by every node: a counter per
-- clock hour and per day (Asia/Yangon) that a send takes one from, under a
-- row lock, or is refused when the period's budget is spent. Old periods
-- are pruned with expired codes.

-- +goose Up

CREATE TABLE sms_budget (
    period    TEXT        NOT NULL CHECK (period IN ('hour', 'day')),
    starts_at TIMESTAMPTZ NOT NULL,
    used      INTEGER     NOT NULL CHECK (used >= 0),
    PRIMARY KEY (period, starts_at)
);

-- +goose Down
DROP TABLE sms_budget;
