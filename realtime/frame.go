package realtime

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// Server-to-client websocket frames are built here, once per event, so the
// same bytes can be written to every subscriber's socket without going
// through the websocket library's per-connection writer.

const (
	opText  = 0x1
	opClose = 0x8
	opPing  = 0x9
	opPong  = 0xA
)

// wsFrame returns a complete unmasked, final websocket frame.
func wsFrame(op byte, payload []byte) []byte {
	n := len(payload)
	var b []byte
	switch {
	case n < 126:
		b = make([]byte, 2, 2+n)
		b[1] = byte(n)
	case n <= 0xFFFF:
		b = make([]byte, 4, 4+n)
		b[1] = 126
		binary.BigEndian.PutUint16(b[2:], uint16(n))
	default:
		b = make([]byte, 10, 10+n)
		b[1] = 127
		binary.BigEndian.PutUint64(b[2:], uint64(n))
	}
	b[0] = 0x80 | op
	return append(b, payload...)
}

// closeFrame builds a close frame; the reason is cut to fit the 125-byte
// control frame limit.
func closeFrame(code int, reason string) []byte {
	if len(reason) > 123 {
		reason = reason[:123]
		for !utf8.ValidString(reason) {
			reason = reason[:len(reason)-1]
		}
	}
	p := make([]byte, 2, 2+len(reason))
	binary.BigEndian.PutUint16(p, uint16(code))
	return wsFrame(opClose, append(p, reason...))
}

// appendJSONString appends s as a JSON string literal.
func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}

// eventJSON builds {"event":E[,"channel":C],"data":D[,"user_id":U]} where
// data is an already-encoded JSON value (nil = omitted).
func eventJSON(event, channel string, data []byte, userID string) []byte {
	b := make([]byte, 0, 32+len(event)+len(channel)+len(data)+len(userID))
	b = append(b, `{"event":`...)
	b = appendJSONString(b, event)
	if channel != "" {
		b = append(b, `,"channel":`...)
		b = appendJSONString(b, channel)
	}
	if data != nil {
		b = append(b, `,"data":`...)
		b = append(b, data...)
	}
	if userID != "" {
		b = append(b, `,"user_id":`...)
		b = appendJSONString(b, userID)
	}
	return append(b, '}')
}

// eventFrame is eventJSON wrapped in a text frame.
func eventFrame(event, channel string, data []byte, userID string) []byte {
	return wsFrame(opText, eventJSON(event, channel, data, userID))
}

// stringData double-encodes a server payload: protocol 7 sends data as a JSON
// string containing JSON.
func stringData(v []byte) []byte {
	return appendJSONString(nil, string(v))
}

// jsonStringData marshals v and double-encodes it.
func jsonStringData(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only our own types are passed
	}
	return stringData(b)
}

// errorData is the pusher:error payload; it is sent as an object, as the
// protocol documents it.
func errorData(code int, msg string) []byte {
	b := []byte(`{"message":`)
	b = appendJSONString(b, msg)
	b = append(b, `,"code":`...)
	if code == 0 {
		b = append(b, "null"...)
	} else {
		b = append(b, []byte(itoa(code))...)
	}
	return append(b, '}')
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// incoming is a client message. Data stays raw: pusher:* events carry an
// object, client events carry anything that is forwarded verbatim.
type incoming struct {
	Event   string          `json:"event"`
	Channel string          `json:"channel"`
	Data    json.RawMessage `json:"data"`
}

var (
	errNotObject = errors.New("message is not a JSON object")
	errNoEvent   = errors.New("message has no event name")
)

// decodeIncoming parses one client text message.
func decodeIncoming(b []byte) (incoming, error) {
	var m incoming
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return m, errNotObject
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, err
	}
	if m.Event == "" {
		return m, errNoEvent
	}
	return m, nil
}

// dataObject decodes the data of a pusher:* event into v. pusher-js sends an
// object; some clients send it double-encoded as a string, which is accepted.
func dataObject(raw json.RawMessage, v any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		raw = []byte(s)
	}
	if len(raw) == 0 || raw[0] != '{' {
		return errNotObject
	}
	return json.Unmarshal(raw, v)
}
