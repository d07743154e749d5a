-- Files the store is given (payment receipts, admins' public images) kept in
-- PostgreSQL when BLOB_STORE=postgres, so every node of a cluster serves
-- what any node received (with the default BLOB_STORE=dir they are files on
-- one node's disk and this table stays empty).
--
-- Rows are keyed by (kind, name): names are random and chosen by the
-- receipts and media packages, so two uploads never share a row. The
-- SHA-256 of the body is kept and checked on every read: a row damaged at
-- rest is answered as an error, never served as a receipt. A blob is at
-- most 11 MB (a 10 MB receipt after re-encoding stays below it); it is
-- read and written whole, one at a time per upload slot, which bounds
-- memory the same way as files do.

-- +goose Up

CREATE TABLE blobs (
    kind       TEXT        NOT NULL CHECK (kind IN ('receipt', 'media')),
    name       TEXT        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    body       BYTEA       NOT NULL CHECK (octet_length(body) <= 11534336),
    sha256     BYTEA       NOT NULL CHECK (octet_length(sha256) = 32),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, name)
);
-- The bodies are already compressed images: storing them compressed again
-- only costs CPU.
ALTER TABLE blobs ALTER COLUMN body SET STORAGE EXTERNAL;

-- +goose Down
DROP TABLE blobs;
