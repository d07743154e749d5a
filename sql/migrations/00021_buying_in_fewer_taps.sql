-- Buying in fewer taps (issue 25): a game's price list in a useful order,
-- search that knows what customers type, and help finding the game id.
--
-- products.is_pass marks a pass or subscription (Weekly Diamond Pass,
-- memberships, monthly cards): the admin ticks it, and the list shows
-- those first, then the admin's sort, then the pack size (data.amount),
-- then the price. A flag the admin sets, not a guess from the name: "pass"
-- is spelt many ways in two languages, and a 220-diamond weekly pass has a
-- size that would otherwise put it among the small packs.
--
-- games.search_aliases is what customers type for the game that its names
-- do not contain ("mlbb, mobile legend" for Mobile Legends, a Burmese
-- nickname): comma-separated, lowercased and Zawgyi-normalised by the API.
-- games.search_initials derives the English name's initials
-- ("Mobile Legends" → "ml", "Clash of Clans" → "coc") so the common
-- abbreviations work with no alias typed at all.
--
-- games.id_help_url is an admin-uploaded picture (served under /media/
-- like the logo) showing where the game displays the player's id; the
-- game-id dialog links to it. Empty: no help link.

-- +goose Up

ALTER TABLE products ADD COLUMN is_pass BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE games ADD COLUMN search_aliases TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN search_initials TEXT NOT NULL
    GENERATED ALWAYS AS (regexp_replace(lower(name), '([[:alnum:]])[[:alnum:]]*[^[:alnum:]]*', '\1', 'g')) STORED;
ALTER TABLE games ADD COLUMN id_help_url TEXT NOT NULL DEFAULT '';

-- The list's order no longer starts with is_popular (a badge, not a place).
DROP INDEX products_game_idx;
DROP INDEX products_service_idx;
CREATE INDEX products_game_idx ON products (game_id, service_id, is_pass DESC, sort, id) WHERE is_active;
CREATE INDEX products_service_idx ON products (service_id, is_pass DESC, sort, id) WHERE is_active;

-- +goose Down

DROP INDEX products_game_idx;
DROP INDEX products_service_idx;
CREATE INDEX products_game_idx ON products (game_id, service_id, is_popular DESC, sort, id) WHERE is_active;
CREATE INDEX products_service_idx ON products (service_id, is_popular DESC, sort, id) WHERE is_active;
ALTER TABLE games DROP COLUMN id_help_url;
ALTER TABLE games DROP COLUMN search_initials;
ALTER TABLE games DROP COLUMN search_aliases;
ALTER TABLE products DROP COLUMN is_pass;
