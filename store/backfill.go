package store

import (
	"context"
	"database/sql"
)

// Backfill counts what a run-once conversion did: rows read, rows
// changed, and rows it read but left as they were.
type Backfill struct {
	Scanned, Changed, Left int
}

// count counts a compare-and-set update: changed, or left because the
// row changed under it.
func (b *Backfill) count(res sql.Result) {
	if n, _ := res.RowsAffected(); n == 1 {
		b.Changed++
	} else {
		b.Left++
	}
}

// backfillRow is a row a run-once conversion reads: its id says where the
// next batch starts.
type backfillRow interface{ rowID() int64 }

// backfillBatches is the loop of every run-once conversion: it runs query
// (the rows with ids above $1, in id order, at most $2 of them) from the
// last id it read, counts each row it hands to each as scanned, and calls
// batchDone after every batch, until a read finds nothing. Going by id
// rather than by offset reads every row once although each changes the
// rows as it goes; the query's own WHERE skips rows already converted.
func backfillBatches[R backfillRow](ctx context.Context, s *DB, what, query string, batch int, total *Backfill, each func(R) error, batchDone func()) error {
	var after int64
	for {
		var rows []R
		if err := s.db.SelectContext(ctx, &rows, query, after, batch); err != nil {
			return wrap(err, "%s: read after %d", what, after)
		}
		if len(rows) == 0 {
			return nil
		}
		for _, r := range rows {
			after = r.rowID()
			total.Scanned++
			if err := each(r); err != nil {
				return err
			}
		}
		if batchDone != nil {
			batchDone()
		}
	}
}
