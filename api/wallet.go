package api

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// The customer's own wallet statement (GET /api/wallet/ledger) and a
// month of it as CSV (GET /api/wallet/statement.csv).

const (
	statementPage = 30
	// statementCSVMax bounds one month's download; a customer with more
	// entries in a month than this is not a customer.
	statementCSVMax = 10_000
)

var monthRE = regexp.MustCompile(`^(20[0-9]{2})-(0[1-9]|1[0-2])$`)

func toStatementEntryJSON(e store.LedgerEntry) contract.StatementEntry {
	j := contract.StatementEntry{ID: e.ID, Kind: e.Kind, Amount: e.Amount, BalanceAfter: e.BalanceAfter, CreatedAt: e.CreatedAt.UTC()}
	if kind, id, ok := strings.Cut(e.Reference, ":"); ok {
		if n, err := strconv.ParseInt(id, 10, 64); err == nil {
			switch {
			case kind == "order" && (e.Kind == store.LedgerOrder || e.Kind == store.LedgerRefund):
				j.OrderID = &n
			case kind == "topup" && e.Kind == store.LedgerTopup:
				j.TopupID = &n
			}
		}
	}
	if e.Kind == store.LedgerAdjustment {
		j.Reason = e.Reason
	}
	return j
}

// statementFilter reads ?kind, ?month and ?cursor; month is required when
// requireMonth.
func statementFilter(c *fiber.Ctx, requireMonth bool) (store.StatementFilter, error) {
	var f store.StatementFilter
	fields := fieldErrors{}
	switch kind := c.Query("kind"); kind {
	case "", store.LedgerTopup, store.LedgerOrder, store.LedgerRefund, store.LedgerAdjustment:
		f.Kind = kind
	default:
		fields.add("kind", i18n.StatementKind)
	}
	if month := c.Query("month"); month != "" || requireMonth {
		m := monthRE.FindStringSubmatch(month)
		if m == nil {
			fields.add("month", i18n.StatementMonth)
		} else {
			y, _ := strconv.Atoi(m[1])
			mo, _ := strconv.Atoi(m[2])
			f.Month = time.Date(y, time.Month(mo), 15, 0, 0, 0, 0, store.Zone)
		}
	}
	if cursor := c.Query("cursor"); cursor != "" {
		n, err := strconv.ParseInt(cursor, 10, 64)
		if err != nil || n <= 0 {
			fields.add("cursor", i18n.PageLinkInvalid)
		}
		f.Before = n
	}
	return f, fields.err()
}

// walletLedger answers one page of the signed-in customer's statement with
// the cursor of the next (null on the last page) and the wallet's balance,
// which equals the sum of every entry.
func (s *Server) walletLedger(c *fiber.Ctx) error {
	f, err := statementFilter(c, false)
	if err != nil {
		return err
	}
	u := currentUser(c)
	list, err := s.opts.Store.Statement(c.UserContext(), u.ID, f, statementPage+1)
	if err != nil {
		return err
	}
	var next *string
	if len(list) > statementPage {
		list = list[:statementPage]
		cursor := strconv.FormatInt(list[len(list)-1].ID, 10)
		next = &cursor
	}
	// The balance is read fresh: the session's copy of the user may be
	// seconds old (session_cache.go).
	fresh, err := s.opts.Store.UserByID(c.UserContext(), u.ID)
	if err != nil {
		return err
	}
	entries := mapSlice(list, toStatementEntryJSON)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return reply(c, http.StatusOK, fiber.Map{"data": entries, "next_cursor": next, "balance": fresh.WalletAmount})
}

// walletStatementCSV answers a month of the statement as a CSV file that
// Excel opens with Burmese intact (UTF-8 with a byte-order mark), times in
// Asia/Yangon, oldest first as a bank statement reads.
func (s *Server) walletStatementCSV(c *fiber.Ctx) error {
	f, err := statementFilter(c, true)
	if err != nil {
		return err
	}
	f.Before = 0
	list, err := s.opts.Store.Statement(c.UserContext(), currentUser(c).ID, f, statementCSVMax+1)
	if err != nil {
		return err
	}
	if len(list) > statementCSVMax {
		// Never a file that silently lacks the start of the month.
		return &Error{Status: http.StatusUnprocessableEntity, Text: i18n.T(i18n.StatementTooLarge),
			Fields: fieldsErr("month", i18n.StatementTooLarge)}
	}
	var buf bytes.Buffer
	buf.WriteString("\uFEFF")
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"date", "kind", "amount_kyat", "balance_after_kyat", "order_id", "topup_id", "reason"})
	for i := len(list) - 1; i >= 0; i-- {
		e := toStatementEntryJSON(list[i])
		_ = w.Write([]string{
			list[i].CreatedAt.In(store.Zone).Format("2006-01-02 15:04:05"), e.Kind,
			strconv.FormatInt(e.Amount, 10), strconv.FormatInt(e.BalanceAfter, 10),
			optionalID(e.OrderID), optionalID(e.TopupID), spreadsheetText(e.Reason),
		})
	}
	w.Flush()
	month := f.Month.Format("2006-01")
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="shwe-topup-statement-%s.csv"`, month))
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(http.StatusOK).Send(buf.Bytes())
}

func optionalID(id *int64) string {
	if id == nil {
		return ""
	}
	return strconv.FormatInt(*id, 10)
}

// spreadsheetText keeps a text cell from being read as a formula (an
// adjustment reason starting with "=" would run in Excel).
func spreadsheetText(s *string) string {
	if s == nil {
		return ""
	}
	if *s != "" && strings.ContainsRune("=+-@\t\r", rune((*s)[0])) {
		return "'" + *s
	}
	return *s
}
