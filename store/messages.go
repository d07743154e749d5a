package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"topup/internal/contract"
	"topup/internal/i18n"
)

// Message is a notification in a user's panel. ServiceName is the name of
// the service of the product the message is about ("" for none): the client
// shows the title of a message whose service is "code" as a copyable code.
type Message struct {
	ID          int64      `db:"id"`
	UserID      int64      `db:"user_id"`
	Title       string     `db:"title"`
	Body        string     `db:"body"`
	IsRead      bool       `db:"is_read"`
	ProductID   *int64     `db:"product_id"`
	ProductName string     `db:"product_name"`
	ServiceName string     `db:"service_name"`
	OrderID     *int64     `db:"order_id"`
	SenderID    *int64     `db:"sender_id"`
	CreatedAt   time.Time  `db:"created_at"`
	ReadAt      *time.Time `db:"read_at"`
	// TitleCode and BodyCode are the catalogue codes of a message the
	// store wrote itself, Params what they name; Title and Body then hold
	// the English text. In writes them for a reader.
	TitleCode *string `db:"title_code"`
	BodyCode  *string `db:"body_code"`
	Params    []byte  `db:"params"`
}

// In is m with its title and body written for loc, when the store wrote
// them from the catalogue; an admin's own words stay as written.
func (m Message) In(loc i18n.Locale) Message {
	params, err := i18n.UnmarshalParams(m.Params)
	if err != nil {
		return m // the English text stored beside the codes
	}
	if code, ok := lookup(m.TitleCode); ok {
		m.Title = i18n.Text{Code: code, Params: params}.In(loc)
	}
	if code, ok := lookup(m.BodyCode); ok {
		m.Body = i18n.Text{Code: code, Params: params}.In(loc)
	}
	return m
}

func lookup(key *string) (i18n.Code, bool) {
	if key == nil {
		return i18n.Code{}, false
	}
	return i18n.Lookup(*key)
}

// Contract is m as clients see it.
func (m Message) Contract() contract.Message {
	out := contract.Message{ID: m.ID, Title: m.Title, Body: m.Body, UserID: m.UserID, CreatedAt: m.CreatedAt,
		IsRead: m.IsRead, OrderID: m.OrderID}
	if m.TitleCode != nil {
		out.TitleCode = *m.TitleCode
	}
	if m.BodyCode != nil {
		out.BodyCode = *m.BodyCode
	}
	if params, err := i18n.UnmarshalParams(m.Params); err == nil {
		out.Params = params.Wire()
	}
	if m.ProductID != nil {
		out.Product = &contract.OrderProduct{ID: *m.ProductID, Name: m.ProductName,
			Service: contract.ServiceName{Name: m.ServiceName}}
	}
	return out
}

// messageRow is a Message as stored: a sealed title replaces the
// placeholder in Title once opened.
type messageRow struct {
	Message
	TitleSealed []byte `db:"title_sealed"`
}

const messageSelect = `
	SELECT m.id, m.user_id, m.title, m.title_sealed, m.body, m.is_read, m.product_id,
	       COALESCE(p.name, '') AS product_name, COALESCE(sv.name, '') AS service_name,
	       m.order_id, m.sender_id, m.created_at, m.read_at, m.title_code, m.body_code, m.params
	FROM messages m
	LEFT JOIN products p ON p.id = m.product_id
	LEFT JOIN services sv ON sv.id = p.service_id`

// MaxMessages is how many of the newest messages MessagesOfUser returns.
const MaxMessages = 100

// NewMessage is a message to create. ProductID, OrderID and SenderID are
// optional (0).
type NewMessage struct {
	UserID    int64
	Title     string
	Body      string
	ProductID int64
	OrderID   int64
	SenderID  int64
	// Sealed keeps the title sealed at rest (a delivered redeem code).
	Sealed bool
	// TitleText and BodyText, when set, are the catalogue texts of a
	// message the store writes itself: stored as codes and parameters
	// (Title and Body get their English).
	TitleText, BodyText i18n.Text
}

// Why codes are sealed in messages: redeem_codes holds them sealed until
// sold, and a code sits unredeemed in a customer's messages for days, so a
// plain copy there would undo that protection for every code delivered.
// The title column then holds a placeholder that names the product.

// CreateMessage sends a message to a user (an admin's, or the store's) and
// pushes it live (user.message.sent) after commit. An unknown user or
// product is ErrInvalid; a title of 1–255 characters and a body of up to
// 5000 are required.
func (s *DB) CreateMessage(ctx context.Context, nm NewMessage) (Message, error) {
	var m Message
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		m, err = s.insertMessage(ctx, tx, nm)
		return err
	})
	return m, err
}

func (s *DB) insertMessage(ctx context.Context, tx *sqlx.Tx, nm NewMessage) (Message, error) {
	titleCode, bodyCode, params, err := templateOf(&nm)
	if err != nil {
		return Message{}, err
	}
	nm.Title = strings.TrimSpace(nm.Title)
	nm.Body = strings.TrimSpace(nm.Body)
	title := nm.Title
	var sealed []byte
	if nm.Sealed {
		box, err := s.needBox()
		if err != nil {
			return Message{}, err
		}
		sealed = box.Seal([]byte(nm.Title))
		title = "Redeem code"
		if nm.ProductID > 0 {
			var name string
			if err := tx.GetContext(ctx, &name, `SELECT name FROM products WHERE id = $1`, nm.ProductID); err == nil {
				title = truncate("Redeem code: "+name, 255)
			}
		}
	}
	var id int64
	err = tx.GetContext(ctx, &id, `
		INSERT INTO messages (user_id, title, title_sealed, body, product_id, order_id, sender_id, title_code, body_code, params)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		RETURNING id`,
		nm.UserID, title, sealed, nm.Body, nullID(nm.ProductID), nullID(nm.OrderID), nullID(nm.SenderID), titleCode, bodyCode, params)
	if err != nil {
		return Message{}, wrap(err, "create message")
	}
	var r messageRow
	if err := tx.GetContext(ctx, &r, messageSelect+` WHERE m.id = $1`, id); err != nil {
		return Message{}, wrap(err, "message %d", id)
	}
	r.Title = nm.Title
	m := r.Message

	ev := m.Contract().Sent()
	if err := s.enqueue(ctx, tx, outgoing{channels: []string{UserChannel(m.UserID)}, event: EventMessageSent, payload: ev, seal: nm.Sealed}); err != nil {
		return Message{}, err
	}
	return m, nil
}

// templateOf fills nm's English title and body from its catalogue texts
// and answers what is stored of them: the codes (nil when none) and their
// parameters as one JSON object.
func templateOf(nm *NewMessage) (titleCode, bodyCode, params *string, err error) {
	all := i18n.Params{}
	for _, t := range []struct {
		text *i18n.Text
		dst  *string
		code **string
	}{{&nm.TitleText, &nm.Title, &titleCode}, {&nm.BodyText, &nm.Body, &bodyCode}} {
		if t.text.Code.IsZero() {
			continue
		}
		*t.dst = t.text.String()
		key := t.text.Code.String()
		*t.code = &key
		for k, v := range t.text.Params {
			all[k] = v
		}
	}
	if titleCode == nil && bodyCode == nil {
		return nil, nil, nil, nil
	}
	data, err := all.Marshal()
	if err != nil {
		return nil, nil, nil, err
	}
	// As text: the driver would send bytes in jsonb's binary format.
	js := string(data)
	return titleCode, bodyCode, &js, nil
}

func truncate(s string, max int) string {
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max])
}

// MessagesOfUser returns a user's newest messages (at most MaxMessages),
// newest first, with sealed titles opened.
func (s *DB) MessagesOfUser(ctx context.Context, userID int64) ([]Message, error) {
	var rows []messageRow
	err := s.db.SelectContext(ctx, &rows, messageSelect+`
		WHERE m.user_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2`, userID, MaxMessages)
	if err != nil {
		return nil, wrap(err, "messages of user %d", userID)
	}
	out := make([]Message, len(rows))
	for i, r := range rows {
		if r.TitleSealed != nil {
			box, err := s.needBox()
			if err != nil {
				return nil, err
			}
			plain, err := box.Open(r.TitleSealed)
			if err != nil {
				return nil, fmt.Errorf("store: message %d: %w", r.ID, err)
			}
			r.Title = string(plain)
		}
		out[i] = r.Message
	}
	return out, nil
}

// MarkMessageRead marks one of the user's messages read. Marking a read
// message again is fine; another user's message is ErrNotFound, so ids
// reveal nothing.
func (s *DB) MarkMessageRead(ctx context.Context, userID, messageID int64) error {
	res, err := s.db.ExecContext(ctx, `
		UPDATE messages SET is_read = true, read_at = COALESCE(read_at, now())
		WHERE id = $1 AND user_id = $2`, messageID, userID)
	if err != nil {
		return wrap(err, "mark message %d read", messageID)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: message %d: %w", messageID, ErrNotFound)
	}
	return nil
}

// DeleteMessage deletes one of the user's messages; another user's (or a
// missing) message is ErrNotFound.
func (s *DB) DeleteMessage(ctx context.Context, userID, messageID int64) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM messages WHERE id = $1 AND user_id = $2`, messageID, userID)
	if err != nil {
		return wrap(err, "delete message %d", messageID)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: message %d: %w", messageID, ErrNotFound)
	}
	return nil
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
