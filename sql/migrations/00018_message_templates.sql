-- Messages the store writes itself (order delivered or failed, top-up
-- decided, wallet adjusted, refund decided) keep the catalogue codes of
-- their title and body and the parameters they name (internal/i18n), so
-- each reader sees them in their own language, again after switching
-- (docs/architecture.md#the-api-contract). title and body keep the English
-- text: what older clients and the admin tools read. An admin's own
-- message has no codes.

-- +goose Up

ALTER TABLE messages
    ADD COLUMN title_code TEXT,
    ADD COLUMN body_code  TEXT,
    ADD COLUMN params     JSONB,
    ADD CONSTRAINT messages_params_object CHECK (params IS NULL OR jsonb_typeof(params) = 'object'),
    ADD CONSTRAINT messages_codes_named CHECK (
        (title_code IS NULL OR title_code ~ '^[a-z][a-z0-9_]*$') AND
        (body_code IS NULL OR body_code ~ '^[a-z][a-z0-9_]*$'));

-- +goose Down

ALTER TABLE messages
    DROP COLUMN params,
    DROP COLUMN body_code,
    DROP COLUMN title_code;
