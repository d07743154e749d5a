package store

import (
	"context"
	"strconv"
	"strings"

	"topup/internal/phone"
)

// UserFilter narrows SearchUsers. Q matches a phone number in any form
// phone.Normalize reads, an e-mail, a user id, or part of a username.
type UserFilter struct {
	Q      string
	Banned *bool
	Admins bool // only admins
	Page
}

// UserPage is one page of users.
type UserPage struct {
	Items []User
	PageInfo
}

// SearchUsers finds users for the admin, newest first.
func (s *DB) SearchUsers(ctx context.Context, f UserFilter) (UserPage, error) {
	pg := f.Page.norm()
	q := strings.TrimSpace(f.Q)
	normPhone := ""
	if n, err := phone.Normalize(q); err == nil {
		normPhone = n
	}
	var id int64
	if n, err := strconv.ParseInt(strings.TrimPrefix(q, "#"), 10, 64); err == nil && n > 0 {
		id = n
	}
	banned := -1
	if f.Banned != nil {
		banned = 0
		if *f.Banned {
			banned = 1
		}
	}
	where := ` WHERE ($1::text = '' OR phone = $2 OR id = $3 OR lower(email) = lower($1)
		OR strpos(lower(username), lower($1)) > 0 OR strpos(phone, $1) > 0)
		AND ($4::int = -1 OR is_banned = ($4 = 1))
		AND ($5::bool = false OR is_admin)`
	args := []any{q, normPhone, id, banned, f.Admins}
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM users`+where, args...); err != nil {
		return UserPage{}, wrap(err, "count users")
	}
	items := []User{}
	err := s.db.SelectContext(ctx, &items, `SELECT `+userColumns+` FROM users`+where+`
		ORDER BY (phone = $2 OR id = $3 OR lower(username) = lower($1)) DESC, created_at DESC, id DESC
		LIMIT $6 OFFSET $7`, append(args, pg.PerPage, pg.offset())...)
	if err != nil {
		return UserPage{}, wrap(err, "users")
	}
	return UserPage{Items: items, PageInfo: pageInfo(pg, total)}, nil
}

// AdminSendMessage sends an admin's message to a customer (pushed live like
// any message) and audits it in the same transaction.
func (s *DB) AdminSendMessage(ctx context.Context, a Actor, nm NewMessage) (Message, error) {
	nm.SenderID = a.ID
	ctx = withAuditHook(ctx, &auditHook{actor: a, record: auditRecord{
		Action: "message.send", TargetType: "user", TargetID: nm.UserID,
		After: map[string]string{"title": nm.Title, "body": nm.Body},
	}})
	return s.CreateMessage(ctx, nm)
}
