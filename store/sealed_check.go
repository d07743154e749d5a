package store

import (
	"context"
	"fmt"
)

// sealedColumns are every column that holds a secret.Box value. A backup
// restored without the APP_KEY that sealed them restores a shop whose sold
// codes and account logins can never be shown again.
var sealedColumns = []struct{ table, key, column string }{
	{"account_credentials", "product_id", "email"},
	{"account_credentials", "product_id", "email_password"},
	{"account_credentials", "product_id", "game_password"},
	{"redeem_codes", "id", "code"},
	{"orders", "id", "meta"},
	{"messages", "id", "title_sealed"},
	{"outbox", "id", "payload_sealed"},
}

// SealedReport counts the sealed values that opened, and by "table.column"
// those that did not.
type SealedReport struct {
	Opened int64
	Failed map[string]int64
}

// CheckSealed opens every sealed value with the store's box (a restore
// drill's proof that the backup and its APP_KEY belong together). It reads
// in key order, 500 rows at a time, so a large shop never sits in memory.
func (s *DB) CheckSealed(ctx context.Context) (SealedReport, error) {
	report := SealedReport{Failed: map[string]int64{}}
	box, err := s.needBox()
	if err != nil {
		return report, err
	}
	for _, c := range sealedColumns {
		q := fmt.Sprintf(`SELECT %[2]s AS key, %[3]s AS value FROM %[1]s
			WHERE %[3]s IS NOT NULL AND %[2]s > $1 ORDER BY %[2]s LIMIT 500`, c.table, c.key, c.column)
		for after := int64(0); ; {
			var rows []struct {
				Key   int64  `db:"key"`
				Value []byte `db:"value"`
			}
			if err := s.db.SelectContext(ctx, &rows, q, after); err != nil {
				return report, wrap(err, "check sealed %s.%s", c.table, c.column)
			}
			for _, r := range rows {
				if _, err := box.Open(r.Value); err != nil {
					report.Failed[c.table+"."+c.column]++
				} else {
					report.Opened++
				}
			}
			if len(rows) < 500 {
				break
			}
			after = rows[len(rows)-1].Key
		}
	}
	return report, nil
}
