package store

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"topup/internal/i18n"
)

// oldMessage is one sentence the store wrote in plain English before its
// messages kept catalogue codes (migration 00018): the title and body it
// matches and the texts they stand for. The patterns are the fmt formats
// the store used then (git show 3b2f113), anchored at both ends.
type oldMessage struct {
	title, body *regexp.Regexp
	texts       func(title, body []string) (i18n.Text, i18n.Text)
}

// kyatOf reads an amount as the old messages wrote it: "5000" or "5,000".
func kyatOf(s string) i18n.Kyat {
	n, _ := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	return i18n.Kyat(n)
}

var oldMessages = []oldMessage{
	{
		regexp.MustCompile(`^Order #(\d+) delivered$`),
		regexp.MustCompile(`^(.+) has been delivered to game ID (\S*)(?: \(server (.*)\))?\. Thank you for shopping with us\.$`),
		func(t, b []string) (i18n.Text, i18n.Text) {
			title := i18n.T(i18n.OrderDeliveredTitle, "order", t[1])
			if b[3] != "" {
				return title, i18n.T(i18n.OrderDeliveredServerBody, "product", b[1], "game_uid", b[2], "server_id", b[3])
			}
			return title, i18n.T(i18n.OrderDeliveredBody, "product", b[1], "game_uid", b[2])
		},
	},
	{
		regexp.MustCompile(`^Order #(\d+) could not be delivered$`),
		regexp.MustCompile(`^(.+?) could not be delivered: (.*)\. ([\d,]+) Ks has been returned to your wallet\.$`),
		func(t, b []string) (i18n.Text, i18n.Text) {
			return i18n.T(i18n.OrderFailedTitle, "order", t[1]),
				i18n.T(i18n.OrderFailedBody, "product", b[1], "reason", b[2], "amount", kyatOf(b[3]))
		},
	},
	{
		// A delivered code's title is the sealed code itself: only its body is a sentence.
		nil,
		regexp.MustCompile(`^Your (.+) code \(order for (.+)\)\. Tap the code to copy it and redeem it in (.+)\. Codes are single-use\.$`),
		func(_, b []string) (i18n.Text, i18n.Text) {
			return i18n.Text{}, i18n.T(i18n.CodeDeliveredBody, "product", b[1], "game", b[2])
		},
	},
	{
		regexp.MustCompile(`^Top-up #(\d+) confirmed$`),
		regexp.MustCompile(`^([\d,]+) Ks from your (.+) transfer has been added to your wallet\.$`),
		func(t, b []string) (i18n.Text, i18n.Text) {
			return i18n.T(i18n.TopupConfirmedTitle, "topup", t[1]),
				i18n.T(i18n.TopupConfirmedBody, "amount", kyatOf(b[1]), "method", b[2])
		},
	},
	{
		regexp.MustCompile(`^Top-up #(\d+) was not accepted$`),
		regexp.MustCompile(`^Your ([\d,]+) Ks (.+?) top-up was not accepted: (.*)\. Contact support if you think this is a mistake\.$`),
		func(t, b []string) (i18n.Text, i18n.Text) {
			return i18n.T(i18n.TopupRejectedTitle, "topup", t[1]),
				i18n.T(i18n.TopupRejectedBody, "amount", kyatOf(b[1]), "method", b[2], "reason", b[3])
		},
	},
	{
		regexp.MustCompile(`^Your wallet was adjusted$`),
		regexp.MustCompile(`^([\d,]+) Ks was (added to|taken from) your wallet: (.*)$`),
		func(_, b []string) (i18n.Text, i18n.Text) {
			code := i18n.WalletCreditedBody
			if b[2] == "taken from" {
				code = i18n.WalletDebitedBody
			}
			return i18n.T(i18n.WalletAdjustedTitle), i18n.T(code, "amount", kyatOf(b[1]), "reason", b[3])
		},
	},
	{
		regexp.MustCompile(`^Refund approved: order #(\d+)$`),
		regexp.MustCompile(`^([\d,]+) Ks for (.+?) was returned to your wallet\.(?: (.+))?$`),
		func(t, b []string) (i18n.Text, i18n.Text) {
			title := i18n.T(i18n.RefundApprovedTitle, "order", t[1])
			if b[3] != "" {
				return title, i18n.T(i18n.RefundApprovedNoteBody, "amount", kyatOf(b[1]), "product", b[2], "reason", b[3])
			}
			return title, i18n.T(i18n.RefundApprovedBody, "amount", kyatOf(b[1]), "product", b[2])
		},
	},
	{
		regexp.MustCompile(`^Refund declined: order #(\d+)$`),
		regexp.MustCompile(`^Your refund request for (.+?) was declined: (.*)$`),
		func(t, b []string) (i18n.Text, i18n.Text) {
			return i18n.T(i18n.RefundDeclinedTitle, "order", t[1]), i18n.T(i18n.RefundDeclinedBody, "product", b[1], "reason", b[2])
		},
	},
}

// templateOfOld answers the texts an old message's title and body stand
// for; ok is false for anything else (an admin's own message).
func templateOfOld(title, body string, sealed bool) (nm NewMessage, ok bool) {
	for _, m := range oldMessages {
		if (m.title == nil) != sealed {
			continue
		}
		var t []string
		if m.title != nil {
			if t = m.title.FindStringSubmatch(title); t == nil {
				continue
			}
		}
		b := m.body.FindStringSubmatch(body)
		if b == nil {
			continue
		}
		nm.TitleText, nm.BodyText = m.texts(t, b)
		return nm, true
	}
	return NewMessage{}, false
}

// TemplateOldMessages gives the messages the store wrote before migration
// 00018 — plain English, no codes — the codes and parameters of the
// sentence they are, so they too read in each customer's language and
// follow a language switch. A message it does not recognise (an admin's
// own words) is left as it is. It reads `batch` rows at a time in id
// order and changes each row by itself, only while it still has no codes
// (compare-and-set), so it can run beside the store and be run again.
// progress, when set, hears the running total after each batch.
func (s *DB) TemplateOldMessages(ctx context.Context, batch int, progress func(Backfill)) (Backfill, error) {
	var total Backfill
	err := backfillBatches(ctx, s, "old messages", `
		SELECT id, title, body, title_sealed IS NOT NULL AS sealed FROM messages
		WHERE id > $1 AND title_code IS NULL AND body_code IS NULL
		ORDER BY id LIMIT $2`, batch, &total,
		func(r oldMessageRow) error {
			nm, ok := templateOfOld(r.Title, r.Body, r.Sealed)
			if !ok {
				total.Left++
				return nil
			}
			titleCode, bodyCode, params, err := templateOf(&nm)
			if err != nil {
				return err
			}
			// The English is written again from the codes: amounts get their separators.
			title := r.Title
			if titleCode != nil {
				title = nm.Title
			}
			res, err := s.db.ExecContext(ctx, `
				UPDATE messages SET title = $2, body = $3, title_code = $4, body_code = $5, params = $6
				WHERE id = $1 AND title_code IS NULL AND body_code IS NULL`,
				r.ID, title, nm.Body, titleCode, bodyCode, params)
			if err != nil {
				return wrap(err, "template message %d", r.ID)
			}
			total.count(res)
			return nil
		},
		func() {
			if progress != nil {
				progress(total)
			}
		})
	return total, err
}

// oldMessageRow is a message TemplateOldMessages reads.
type oldMessageRow struct {
	ID     int64  `db:"id"`
	Title  string `db:"title"`
	Body   string `db:"body"`
	Sealed bool   `db:"sealed"`
}

func (r oldMessageRow) rowID() int64 { return r.ID }
