package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"topup/internal/zawgyi"
)

// zawgyiColumns are the free-text columns people fill in (names, reasons,
// reviews, messages) that the API has run through zawgyi.Normalize since
// issue 18; rows stored before then may still be Zawgyi. The ledger's and
// the audit log's reasons are left alone: both tables are append-only by
// design (their triggers refuse an UPDATE), a record of what was written.
var zawgyiColumns = []struct{ table, column string }{
	{"users", "username"}, {"users", "ban_reason"},
	{"services", "name"}, {"services", "name_my"},
	{"games", "name"}, {"games", "name_my"}, {"games", "description"},
	{"products", "name"}, {"products", "name_my"}, {"products", "description"},
	{"orders", "product_name"}, {"orders", "game_name"}, {"orders", "service_name"}, {"orders", "fail_reason"},
	{"payment_methods", "name"}, {"payment_methods", "holder_name"}, {"payment_methods", "maintenance_message"},
	{"topup_orders", "payment_method_name"}, {"topup_orders", "reject_reason"},
	{"messages", "title"}, {"messages", "body"},
	{"reviews", "comment"},
	{"banners", "title"}, {"banners", "title_my"},
	{"refund_requests", "reason"}, {"refund_requests", "decision_reason"},
}

// ConvertZawgyi rewrites stored Zawgyi text as Unicode, column by column
// (zawgyiColumns, then the string parameters of the store's messages),
// with the same detector and converter the API uses on input, so text is
// changed only where the model is sure it is Zawgyi and a second run
// changes nothing. It reads `batch` rows at a time in id order and
// updates a row only while it still holds the text it read
// (compare-and-set), so it can run beside the store. A row whose
// converted value breaks a constraint (a username that becomes another
// user's) is counted as left, named in the error list, and not changed.
// progress, when set, hears each column's count after each batch.
func (s *DB) ConvertZawgyi(ctx context.Context, batch int, progress func(what string, b Backfill)) (map[string]Backfill, []error, error) {
	counts := map[string]Backfill{}
	var refused []error
	for _, c := range zawgyiColumns {
		what := c.table + "." + c.column
		var total Backfill
		// Only rows with Myanmar letters can be Zawgyi; the rest are skipped in SQL.
		read := fmt.Sprintf(`SELECT id, %[2]s AS text FROM %[1]s WHERE id > $1 AND %[2]s ~ '[\u1000-\u109F]' ORDER BY id LIMIT $2`, c.table, c.column)
		update := fmt.Sprintf(`UPDATE %[1]s SET %[2]s = $2 WHERE id = $1 AND %[2]s = $3`, c.table, c.column)
		err := backfillBatches(ctx, s, "zawgyi: "+what, read, batch, &total,
			func(r textRow) error {
				u := zawgyi.Normalize(r.Text)
				if u == r.Text {
					total.Left++
					return nil
				}
				res, err := s.db.ExecContext(ctx, update, r.ID, u, r.Text)
				if err != nil {
					err = wrap(err, "zawgyi: update %s of row %d", what, r.ID)
					if errors.Is(err, ErrConflict) || errors.Is(err, ErrInvalid) {
						refused = append(refused, err)
						total.Left++
						return nil
					}
					return err
				}
				total.count(res)
				return nil
			},
			func() {
				if progress != nil {
					progress(what, total)
				}
			})
		counts[what] = total
		if err != nil {
			return counts, refused, err
		}
	}
	params, err := s.convertZawgyiParams(ctx, batch, progress)
	counts["messages.params"] = params
	return counts, refused, err
}

// convertZawgyiParams converts the string parameters of the store's own
// messages (an admin's reason inside "could not be delivered: {reason}").
func (s *DB) convertZawgyiParams(ctx context.Context, batch int, progress func(string, Backfill)) (Backfill, error) {
	var total Backfill
	err := backfillBatches(ctx, s, "zawgyi: message params", `
		SELECT id, params::text AS text FROM messages
		WHERE id > $1 AND params IS NOT NULL AND params::text ~ '[\u1000-\u109F]'
		ORDER BY id LIMIT $2`, batch, &total,
		func(r textRow) error {
			var p map[string]storedParamJSON
			if err := json.Unmarshal([]byte(r.Text), &p); err != nil {
				return fmt.Errorf("store: zawgyi: message %d params: %w", r.ID, err)
			}
			changed := false
			for name, v := range p {
				var text string
				if v.Kind != "s" || json.Unmarshal(v.Value, &text) != nil {
					continue
				}
				if u := zawgyi.Normalize(text); u != text {
					v.Value, _ = json.Marshal(u)
					p[name] = v
					changed = true
				}
			}
			if !changed {
				total.Left++
				return nil
			}
			out, err := json.Marshal(p)
			if err != nil {
				return err
			}
			res, err := s.db.ExecContext(ctx, `UPDATE messages SET params = $2 WHERE id = $1 AND params::text = $3`, r.ID, string(out), r.Text)
			if err != nil {
				return wrap(err, "zawgyi: update params of message %d", r.ID)
			}
			total.count(res)
			return nil
		},
		func() {
			if progress != nil {
				progress("messages.params", total)
			}
		})
	return total, err
}

// textRow is one value ConvertZawgyi reads: a column's text, or a
// message's parameters as JSON text.
type textRow struct {
	ID   int64  `db:"id"`
	Text string `db:"text"`
}

func (r textRow) rowID() int64 { return r.ID }

// storedParamJSON is a message parameter as i18n.Params.Marshal stores it.
type storedParamJSON struct {
	Kind  string          `json:"k"`
	Value json.RawMessage `json:"v"`
}
