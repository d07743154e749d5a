package store

import (
	"context"
	"strings"

	"github.com/lib/pq"
)

// SearchResult is what a search finds: games (at most MaxSearchGames) and
// one page of products.
type SearchResult struct {
	Games    []Game
	Products Page[Product]
}

// MaxSearchGames bounds the games a search returns; the catalogue has a few
// dozen, so they are not paged.
const MaxSearchGames = 20

// maxSearchTerms bounds the words of a query that are matched.
const maxSearchTerms = 8

// Search finds active games and products whose English or Burmese name
// contains every word of q, ignoring case (products also match on their
// game's names, so "mobile legends 86" finds the 86-diamond pack). A game
// also matches on its aliases and its initials (gameHaystack), so "ml 86"
// finds the same pack.
//
// Ranking, best first: the whole query equals a name (or a game's alias
// or initials); a name starts with
// it; a product's own name contains it; only the game's name does; the
// words are scattered. Ties go to popular (hot) items, then the admin's
// order.
//
// Why substring matching and not pg_trgm: the catalogue is a few hundred
// rows, so a scan costs microseconds; LIKE on lower() treats Burmese and
// English alike and needs no extension on a managed database, whereas
// trigram similarity splits Burmese syllables at combining vowel signs and
// would rank them oddly. Callers pass NFC text (the API normalises); the
// catalogue is stored NFC.
func (s *DB) Search(ctx context.Context, q string, p Paging) (SearchResult, error) {
	pg := p.norm()
	res := SearchResult{Games: []Game{}, Products: Page[Product]{Items: []Product{}, PageInfo: pageInfo(pg, 0)}}
	phrase := strings.Join(strings.Fields(strings.ToLower(q)), " ")
	words := strings.Fields(phrase)
	if len(words) == 0 {
		return res, nil
	}
	if len(words) > maxSearchTerms {
		words = words[:maxSearchTerms]
	}
	patterns := make([]string, len(words))
	for i, w := range words {
		patterns[i] = "%" + escapeLike(w) + "%"
	}
	exact, prefix, contains := phrase, escapeLike(phrase)+"%", "%"+escapeLike(phrase)+"%"

	err := s.db.SelectContext(ctx, &res.Games, gameSelect+`
		WHERE g.is_active AND sv.is_active
		  AND (SELECT bool_and(`+gameHaystack+` LIKE w) FROM unnest($4::text[]) w)
		ORDER BY CASE
		    WHEN lower(g.name) = $1 OR lower(g.name_my) = $1 OR `+gameNickname+` THEN 0
		    WHEN lower(g.name) LIKE $2 OR lower(g.name_my) LIKE $2 THEN 1
		    WHEN lower(g.name) LIKE $3 OR lower(g.name_my) LIKE $3 THEN 2
		    ELSE 3 END,
		  g.is_hot DESC, g.sort, g.id
		LIMIT $5`, exact, prefix, contains, pq.Array(patterns), MaxSearchGames)
	if err != nil {
		return SearchResult{}, wrap(err, "search games")
	}

	where := ` WHERE p.is_active AND g.is_active AND sv.is_active
		AND (SELECT bool_and(lower(p.name || ' ' || p.name_my) || ' ' || ` + gameHaystack + ` LIKE w)
		     FROM unnest($1::text[]) w)`
	var total int
	err = s.db.GetContext(ctx, &total, `SELECT count(*) FROM products p
		JOIN games g ON g.id = p.game_id JOIN services sv ON sv.id = p.service_id`+where, pq.Array(patterns))
	if err != nil {
		return SearchResult{}, wrap(err, "count search")
	}
	var found []productRecord
	err = s.db.SelectContext(ctx, &found, productSelect+where+`
		ORDER BY CASE
		    WHEN lower(p.name) = $2 OR lower(p.name_my) = $2 THEN 0
		    WHEN lower(p.name) LIKE $3 OR lower(p.name_my) LIKE $3 THEN 1
		    WHEN lower(p.name) LIKE $4 OR lower(p.name_my) LIKE $4 THEN 2
		    WHEN lower(g.name) LIKE $4 OR lower(g.name_my) LIKE $4 OR `+strings.ReplaceAll(gameNickname, "$1", "$2")+` THEN 3
		    ELSE 4 END,
		  p.is_popular DESC, g.sort, p.sort, p.id
		LIMIT $5 OFFSET $6`,
		pq.Array(patterns), exact, prefix, contains, pg.PerPage, pg.offset())
	if err != nil {
		return SearchResult{}, wrap(err, "search products")
	}
	res.Products = Page[Product]{Items: values[productRecord](found), PageInfo: pageInfo(pg, total)}
	return res, nil
}

// gameHaystack is the text of games g that a query's words are looked for
// in: the names, the slug, the admin's aliases and the initials of the
// English name, so "ml", "pubg", "ff" and "coc" find their games.
const gameHaystack = `lower(g.name || ' ' || g.name_my || ' ' || g.slug || ' ' || g.search_aliases || ' ' || g.search_initials)`

// gameNickname: the whole query ($1) is one of game g's aliases or its
// initials, which ranks the game as a name match ("ml" puts Mobile Legends
// before MLBB Accounts).
const gameNickname = `($1 = g.search_initials OR $1 = ANY (regexp_split_to_array(g.search_aliases, '\s*,\s*')))`

// escapeLike makes s match literally in a LIKE pattern (backslash is the
// default escape character).
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
