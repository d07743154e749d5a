package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

// Orders: POST /api/order buys a product with the wallet, GET
// /api/orders is the buyer's history. The money path itself (ledger,
// delivery by kind, idempotency, events) is store.PlaceOrder; this file
// reads the request, and shapes the answer as docs/spec.md §3 names it.

const (

	// headerReplayed tells a client (and a log reader) that an answer is a
	// replay and nothing was charged.
	headerReplayed = "Idempotent-Replayed"
)

func toCredentialsJSON(c *store.Credentials) *contract.Credentials {
	if c == nil {
		return nil
	}
	return &contract.Credentials{Email: c.Email, EmailPassword: c.EmailPassword, GamePassword: c.GamePassword}
}

func toOrderJSON(o store.Order) contract.Order {
	out := contract.Order{
		ID:            o.ID,
		Product:       contract.OrderProduct{ID: o.ProductID, Name: o.ProductName, Service: contract.ServiceName{Name: o.ServiceName}},
		ProductKind:   o.ProductKind,
		GameName:      o.GameName,
		Price:         o.Price,
		ServiceCharge: o.ServiceCharge,
		TotalPrice:    o.TotalPrice,
		PaymentStatus: o.Status,
		GameUID:       o.GameUID,
		ServerID:      o.ServerID,
		Meta:          toCredentialsJSON(o.Credentials),
		FailReason:    o.FailReason,
		CompletedAt:   o.CompletedAt,
		CreatedAt:     o.CreatedAt,
	}
	if o.Code != "" {
		code := o.Code
		out.Code = &code
	}
	return out
}

// idText is a game or server id as a client sends it: a string, a number
// (an <input type="number"> read as one) or null.
type idText struct {
	set   bool
	value string
}

func (t *idText) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		return nil
	case len(b) > 0 && b[0] == '"':
		t.set = true
		return json.Unmarshal(b, &t.value)
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return &json.UnmarshalTypeError{Value: "value", Type: stringType}
	}
	t.set, t.value = true, n.String()
	return nil
}

// productRef is a product id as a number or as a string of digits (the
// browser keeps the pending selection's id as text).
type productRef struct{ id int64 }

func (p *productRef) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	raw := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &raw); err != nil {
			return err
		}
		raw = strings.TrimSpace(raw)
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "value", Type: int64Type}
	}
	p.id = max(id, 0)
	return nil
}

var (
	stringType = reflect.TypeFor[string]()
	int64Type  = reflect.TypeFor[int64]()
)

type orderRequest struct {
	ProductID *productRef `json:"product_id"`
	GameUID   idText      `json:"game_uid"`
	ServerID  idText      `json:"server_id"`
	// TotalPrice is the total (price + service charge) the page showed;
	// when the price has changed since, nothing is bought and the answer
	// is 409 price_changed with the new one. Optional for older clients.
	TotalPrice *int64 `json:"total_price"`
}

// POST /api/order: product_id, game_uid, server_id and an optional
// Idempotency-Key header. It answers 201 with
// {success, message, credentials, code?, order}: credentials is the login
// of a bought account (null otherwise), code a bought redeem code. A retry
// with the same key answers the first answer again, with the order's
// current status, and charges nothing.
func (s *Server) placeOrder(c *fiber.Ctx) error {
	u := currentUser(c)
	var req orderRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	key := idempotencyKey(c, f)
	if req.ProductID == nil || req.ProductID.id == 0 {
		f.add("product_id", i18n.OrderProductRequired)
	}
	var shown int64
	if req.TotalPrice != nil {
		if *req.TotalPrice <= 0 {
			f.add("total_price", i18n.OrderTotalInvalid)
		}
		shown = *req.TotalPrice
	}
	if err := f.err(); err != nil {
		return err
	}

	o, replayed, err := s.opts.Store.PlaceOrderAt(c.UserContext(), u.ID, req.ProductID.id, req.GameUID.value, req.ServerID.value, key, shown)
	if errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrProductInactive) {
		// An unknown product is answered as one that is not for sale.
		err = fmt.Errorf("%w: %w", store.ErrProductInactive, err)
	}
	if err != nil {
		return err
	}
	if replayed {
		c.Set(headerReplayed, "true")
	}
	if o.ProductKind != store.KindCoin && !replayed {
		// An account is sold, a code may be the last: the catalogue's
		// is_sold changes (catalogue_cache.go).
		s.forgetCatalogue(c.UserContext())
	}
	if s.opts.Metrics != nil {
		s.opts.Metrics.OrderPlaced(o.ProductKind, replayed)
	}
	balance, err := s.balanceAfter(c, o)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	body := fiber.Map{
		"message":     say(c, orderMessage(o), "minutes", s.deliveryMinutes()),
		"credentials": toCredentialsJSON(o.Credentials),
		"order":       toOrderJSON(o),
		// The wallet after the order: the page shows it even when the
		// live user.updated never arrives (socket down).
		"wallet_amount": balance,
	}
	if o.Code != "" {
		body["code"] = o.Code
	}
	// The replay answers what the first call answered, status included.
	return reply(c, http.StatusCreated, body)
}

// balanceAfter is the buyer's wallet as the purchase left it, or as it is
// now for a replay (which charged nothing).
func (s *Server) balanceAfter(c *fiber.Ctx, o store.Order) (int64, error) {
	if o.WalletAfter != nil {
		return *o.WalletAfter, nil
	}
	u, err := s.opts.Store.UserByID(c.UserContext(), o.UserID)
	return u.WalletAmount, err
}

func orderMessage(o store.Order) i18n.Code {
	switch o.ProductKind {
	case store.KindAccount:
		return i18n.OrderAccount
	case store.KindCode:
		return i18n.OrderCode
	}
	return i18n.OrderCoin
}

// orderErrorShape gives every failure of POST /api/order docs/spec.md §7's
// data.message besides the API contract's top-level message (and data.shortfall
// when the wallet is short, so the client can say it in Burmese). The
// status and message still come from statusOf: put it first on the route,
// before the auth middleware, so their failures get the shape too.
func (s *Server) orderErrorShape(c *fiber.Ctx) error {
	err := c.Next()
	if err == nil {
		return nil
	}
	p := describe(err)
	status, message := p.status, p.text.In(requestLocale(c))
	if status >= http.StatusInternalServerError {
		s.log.Error().Err(err).Str("request_id", requestID(c)).Str("path", c.Path()).Msg("request failed")
	}
	data := fiber.Map{"message": message}
	var short *store.InsufficientFundsError
	if errors.As(err, &short) {
		data["required"], data["balance"], data["shortfall"] = short.Required, short.Balance, short.Shortfall
	}
	var changed *store.PriceChangedError
	if errors.As(err, &changed) {
		data["price"], data["service_charge"], data["total_price"] = changed.Price, changed.ServiceCharge, changed.Total
	}
	out := &Error{Status: status, Code: p.code, Text: p.text, Fields: p.fields, Extra: map[string]any{}}
	var apiErr *Error
	if errors.As(err, &apiErr) {
		for k, v := range apiErr.Extra {
			out.Extra[k] = v
		}
	}
	out.Extra["data"] = data
	return out
}

// GET /api/orders?page&per_page: the buyer's orders, newest first, with
// what was delivered.
func (s *Server) listOrders(c *fiber.Ctx) error {
	f := fieldErrors{}
	pg := pageQuery(c, f)
	if err := f.err(); err != nil {
		return err
	}
	page, err := s.opts.Store.OrdersOfUser(c.UserContext(), currentUser(c).ID, pg)
	if err != nil {
		return err
	}
	out := mapSlice(page.Items, toOrderJSON)
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return paged(c, out, page.PageInfo)
}
