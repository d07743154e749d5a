package contract

// Page is a paged list: data holds one page of items (an empty list, never
// null), and the counters say where it stands in the whole.
type Page[T any] struct {
	Data        []T `json:"data"`
	CurrentPage int `json:"current_page"` // counted from 1
	LastPage    int `json:"last_page"`    // at least 1, also for an empty list
	PerPage     int `json:"per_page"`
	Total       int `json:"total"` // items in the whole list
}
