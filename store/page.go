package store

import "context"

// Paging defaults for catalogue lists. 12 fills 2, 3, 4 and 6 columns.
const (
	DefaultPerPage = 12
	MaxPerPage     = 50
)

// Paging asks for one page of a list, counted from 1. Zero values take the
// defaults; PerPage is capped at MaxPerPage.
type Paging struct {
	Page    int
	PerPage int
}

func (p Paging) norm() Paging {
	if p.Page < 1 {
		p.Page = 1
	}
	if p.PerPage < 1 {
		p.PerPage = DefaultPerPage
	}
	if p.PerPage > MaxPerPage {
		p.PerPage = MaxPerPage
	}
	return p
}

func (p Paging) offset() int { return (p.Page - 1) * p.PerPage }

// Page is one page of a list: its items (never nil, so an empty page is an
// empty list) and where it stands in the whole.
type Page[T any] struct {
	Items []T
	PageInfo
}

// PageInfo describes the page returned: current_page, last_page, per_page
// and total as the API answers them.
type PageInfo struct {
	CurrentPage int
	LastPage    int // at least 1, so "Page 1 of 1" shows for an empty list
	PerPage     int
	Total       int
}

func pageInfo(p Paging, total int) PageInfo {
	last := (total + p.PerPage - 1) / p.PerPage
	if last < 1 {
		last = 1
	}
	return PageInfo{CurrentPage: p.Page, LastPage: last, PerPage: p.PerPage, Total: total}
}

// selectPage counts the rows of a list, then reads one page of them. count
// and query take the same args; query also takes LIMIT and OFFSET as the
// two placeholders after them. what names the list in errors.
func selectPage[T any](ctx context.Context, s *DB, p Paging, what, count, query string, args ...any) (Page[T], error) {
	pg := p.norm()
	var total int
	if err := s.db.GetContext(ctx, &total, count, args...); err != nil {
		return Page[T]{}, wrap(err, "count %s", what)
	}
	items := []T{}
	if err := s.db.SelectContext(ctx, &items, query, append(args, pg.PerPage, pg.offset())...); err != nil {
		return Page[T]{}, wrap(err, "%s", what)
	}
	return Page[T]{Items: items, PageInfo: pageInfo(pg, total)}, nil
}
