package realtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// idString accepts a user id sent as a JSON string or number (Pusher's own
// examples use "user_id":10) and returns its string form.
func idString(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", errors.New("missing user id")
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		return s, nil
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return "", err
		}
		return n.String(), nil
	}
	return "", errors.New("user id must be a string or a number")
}

// parseChannelData reads presence channel_data: {"user_id":…, "user_info":…}.
func parseChannelData(s string, maxInfo int) (Member, error) {
	var d struct {
		UserID   json.RawMessage `json:"user_id"`
		UserInfo json.RawMessage `json:"user_info"`
	}
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		return Member{}, errors.New("channel_data is not a JSON object")
	}
	id, err := idString(d.UserID)
	if err != nil {
		return Member{}, fmt.Errorf("channel_data: %v", err)
	}
	if !validUserID(id) {
		return Member{}, errors.New("channel_data: user_id must be 1..128 characters of A-Z a-z 0-9 _ - = @ , . ;")
	}
	info := bytes.TrimSpace(d.UserInfo)
	if len(info) > maxInfo {
		return Member{}, fmt.Errorf("channel_data: user_info is over %d bytes", maxInfo)
	}
	if len(info) == 0 {
		info = nil
	}
	return Member{ID: id, Info: info}, nil
}

// maxWatchlist is how many watched users one signin may name; the rest
// are ignored and the client told (4302).
const maxWatchlist = 100

// userData is what a signin's user_data says about the user.
type userData struct {
	id        string
	watchlist []string // at most maxWatchlist, duplicates dropped
	truncated bool     // the list was longer
}

// parseUserData reads signin user_data: its id and watchlist.
func parseUserData(s string) (userData, error) {
	var d struct {
		ID        json.RawMessage   `json:"id"`
		Watchlist []json.RawMessage `json:"watchlist"`
	}
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		return userData{}, errors.New("user_data is not a JSON object with a list watchlist")
	}
	id, err := idString(d.ID)
	if err != nil {
		return userData{}, fmt.Errorf("user_data: %v", err)
	}
	if !validUserID(id) {
		return userData{}, errors.New("user_data: id must be 1..128 characters of A-Z a-z 0-9 _ - = @ , . ;")
	}
	u := userData{id: id}
	seen := map[string]bool{}
	for _, raw := range d.Watchlist {
		w, err := idString(raw)
		if err != nil || !validUserID(w) {
			return userData{}, errors.New("user_data: watchlist must hold user ids")
		}
		if seen[w] {
			continue
		}
		if len(u.watchlist) == maxWatchlist {
			u.truncated = true
			break
		}
		seen[w] = true
		u.watchlist = append(u.watchlist, w)
	}
	return u, nil
}

// presenceData is the subscription_succeeded payload of a presence channel:
// ids, hash and count of distinct users.
func presenceData(members []Member) []byte {
	var b bytes.Buffer
	b.WriteString(`{"presence":{"ids":[`)
	for i, m := range members {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(appendJSONString(nil, m.ID))
	}
	b.WriteString(`],"hash":{`)
	for i, m := range members {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(appendJSONString(nil, m.ID))
		b.WriteByte(':')
		if m.Info == nil {
			b.WriteString("null")
		} else {
			b.Write(m.Info)
		}
	}
	fmt.Fprintf(&b, `},"count":%d}}`, len(members))
	return stringData(b.Bytes())
}

func memberAddedData(m Member) []byte {
	b := []byte(`{"user_id":`)
	b = appendJSONString(b, m.ID)
	if m.Info != nil {
		b = append(b, `,"user_info":`...)
		b = append(b, m.Info...)
	}
	return stringData(append(b, '}'))
}

func memberRemovedData(id string) []byte {
	return stringData(append(appendJSONString([]byte(`{"user_id":`), id), '}'))
}
