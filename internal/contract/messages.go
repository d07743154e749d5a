package contract

import "time"

// Message is a message in a customer's inbox.
type Message struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"` // for a delivered code, the code itself
	Body      string    `json:"body"`
	UserID    int64     `json:"user_id"`
	CreatedAt time.Time `json:"created_at"`
	IsRead    bool      `json:"is_read"`
	// OrderID is the order the message is about, or null.
	OrderID *int64 `json:"order_id"`
	// Product is the product the message is about, or null.
	Product *OrderProduct `json:"product"`
	// TitleCode and BodyCode, on a message the store wrote itself, are the
	// catalogue codes clients word the title and body by, in the reader's
	// language, with Params (amounts in kyat); title and body are already
	// written in the language of the request.
	TitleCode string         `json:"title_code,omitempty"`
	BodyCode  string         `json:"body_code,omitempty"`
	Params    map[string]any `json:"params,omitempty"`
}

// MessageSent is the data of user.message.sent: a Message as that event
// has always carried it, without order_id, and without product when there
// is none.
type MessageSent struct {
	ID        int64         `json:"id"`
	Title     string        `json:"title"`
	Body      string        `json:"body"`
	UserID    int64         `json:"user_id"`
	CreatedAt time.Time     `json:"created_at"`
	IsRead    bool          `json:"is_read"`
	Product   *OrderProduct `json:"product,omitempty"`
	// As Message's; the event's title and body are in English.
	TitleCode string         `json:"title_code,omitempty"`
	BodyCode  string         `json:"body_code,omitempty"`
	Params    map[string]any `json:"params,omitempty"`
}

// Sent is m as user.message.sent carries it.
func (m Message) Sent() MessageSent {
	return MessageSent{ID: m.ID, Title: m.Title, Body: m.Body, UserID: m.UserID, CreatedAt: m.CreatedAt,
		IsRead: m.IsRead, Product: m.Product, TitleCode: m.TitleCode, BodyCode: m.BodyCode, Params: m.Params}
}
