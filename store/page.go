package store

// Paging defaults for catalogue lists. 12 fills 2, 3, 4 and 6 columns.
const (
	DefaultPerPage = 12
	MaxPerPage     = 50
)

// Page asks for one page of a list, counted from 1.
type Page struct {
	Page    int
	PerPage int
}

func (p Page) norm() Page {
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

func (p Page) offset() int { return (p.Page - 1) * p.PerPage }

// PageInfo describes the page returned, SPEC's current_page, last_page,
// per_page and total.
type PageInfo struct {
	CurrentPage int
	LastPage    int // at least 1, so "Page 1 of 1" shows for an empty list
	PerPage     int
	Total       int
}

func pageInfo(p Page, total int) PageInfo {
	last := (total + p.PerPage - 1) / p.PerPage
	if last < 1 {
		last = 1
	}
	return PageInfo{CurrentPage: p.Page, LastPage: last, PerPage: p.PerPage, Total: total}
}
