-- Receipts that check themselves: every stored receipt is read on the
-- server (text by Tesseract, a perceptual fingerprint of the pixels) after
-- the upload, never while the customer waits, and admins see checks built
-- from the reading beside the top-up.
--
--   * receipt_read_jobs is the queue: a row per upload still to read,
--     written in the upload's own statement. Any node takes the oldest due
--     row (FOR UPDATE SKIP LOCKED) and leases it; a node killed mid-run
--     leaves a lease that runs out, and the next node reads it again. The
--     row goes in the transaction that stores the reading, so a receipt is
--     read to completion once however many nodes share the database.
--   * receipt_readings holds what was learnt. It keeps no pixels: the text,
--     the fields with their confidences, and the fingerprint. The retention
--     job clears the text with the file (it is a transcript of the
--     customer's bank screen); the fields and the fingerprint stay, like
--     the file's SHA-256, to recognise the transfer when it comes again.
--   * receipt_image_matches are pairs of receipts whose fingerprints are
--     near (distance at most 0.40, the largest threshold an operator may
--     set); which of them count as near-duplicates is decided when shown,
--     with the threshold of that moment.
--   * topup_orders.quoted_at is when the quote behind a top-up was issued:
--     a receipt older than its quote shows a transfer made before the
--     customer knew the total to send.

-- +goose Up

CREATE TABLE receipt_read_jobs (
    upload_id    BIGINT      PRIMARY KEY REFERENCES uploads (id),
    attempts     INTEGER     NOT NULL DEFAULT 0,
    leased_until TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX receipt_read_jobs_due_idx ON receipt_read_jobs (leased_until, created_at, upload_id);

CREATE TABLE receipt_readings (
    upload_id                 BIGINT      PRIMARY KEY REFERENCES uploads (id),
    status                    TEXT        NOT NULL CHECK (status IN ('read', 'not_available', 'failed')),
    problem                   TEXT        NOT NULL DEFAULT '',
    raw_text                  TEXT        NOT NULL DEFAULT '' CHECK (length(raw_text) <= 20000),
    amount                    BIGINT      CHECK (amount > 0),
    amount_confidence         REAL        NOT NULL DEFAULT 0,
    transaction_id            TEXT        CHECK (length(transaction_id) BETWEEN 1 AND 64),
    -- receiptocr.CanonicalID of transaction_id: the form ids are compared in.
    transaction_key           TEXT        CHECK (length(transaction_key) BETWEEN 1 AND 64),
    transaction_id_confidence REAL        NOT NULL DEFAULT 0,
    paid_at                   TIMESTAMPTZ,
    paid_at_confidence        REAL        NOT NULL DEFAULT 0,
    app                       TEXT        NOT NULL DEFAULT '' CHECK (length(app) <= 32),
    app_confidence            REAL        NOT NULL DEFAULT 0,
    fingerprint               BYTEA       CHECK (octet_length(fingerprint) <= 8192),
    cpu_ms                    INTEGER     NOT NULL DEFAULT 0,
    read_at                   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK ((transaction_id IS NULL) = (transaction_key IS NULL))
);
CREATE INDEX receipt_readings_transaction_idx ON receipt_readings (transaction_key) WHERE transaction_key IS NOT NULL;
CREATE INDEX receipt_readings_fingerprint_idx ON receipt_readings (read_at, upload_id) WHERE fingerprint IS NOT NULL;

CREATE TABLE receipt_image_matches (
    upload_id       BIGINT NOT NULL REFERENCES uploads (id),
    other_upload_id BIGINT NOT NULL REFERENCES uploads (id),
    distance        REAL   NOT NULL CHECK (distance >= 0 AND distance <= 1),
    PRIMARY KEY (upload_id, other_upload_id),
    CHECK (upload_id <> other_upload_id)
);
CREATE INDEX receipt_image_matches_other_idx ON receipt_image_matches (other_upload_id);

ALTER TABLE topup_orders ADD COLUMN quoted_at TIMESTAMPTZ;

-- Receipts stored before this migration that are still on disk are read
-- too, so the top-ups waiting now get their checks.
INSERT INTO receipt_read_jobs (upload_id, created_at)
SELECT id, created_at FROM uploads WHERE deleted_at IS NULL;

-- +goose Down
ALTER TABLE topup_orders DROP COLUMN quoted_at;
DROP TABLE receipt_image_matches;
DROP TABLE receipt_readings;
DROP TABLE receipt_read_jobs;
