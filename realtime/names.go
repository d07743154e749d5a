package realtime

import "strings"

// Channel name limits (Pusher docs "channels.md"): 164 characters with the
// prefix, [A-Za-z0-9_\-=@,.;]. The HTTP publishing SDKs allow 200, so
// publishing accepts up to MaxPublishChannelName.
const (
	MaxChannelName        = 164
	MaxPublishChannelName = 200
	MaxEventName          = 200
	serverToUserPrefix    = "#server-to-user-"
)

type kind uint8

const (
	kindPublic kind = iota
	kindPrivate
	kindEncrypted
	kindPresence
	kindServerToUser
)

// channelKind classifies a channel by prefix. cache- variants share their
// base kind; isCacheChannel tells them apart.
func channelKind(name string) kind {
	switch {
	case strings.HasPrefix(name, "private-encrypted-"):
		return kindEncrypted
	case strings.HasPrefix(name, "private-"):
		return kindPrivate
	case strings.HasPrefix(name, "presence-"):
		return kindPresence
	case strings.HasPrefix(name, serverToUserPrefix):
		return kindServerToUser
	}
	return kindPublic
}

// IsCacheChannel reports whether the last event of the channel is kept and
// replayed to new subscribers.
func IsCacheChannel(name string) bool {
	for _, p := range [...]string{"cache-", "private-cache-", "private-encrypted-cache-", "presence-cache-"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// ValidChannelName reports whether name may be subscribed to: allowed
// characters, at most max bytes. "#" is only allowed as the reserved
// #server-to-user- prefix.
func ValidChannelName(name string, max int) bool {
	if name == "" || len(name) > max {
		return false
	}
	if strings.HasPrefix(name, serverToUserPrefix) {
		id := name[len(serverToUserPrefix):]
		return id != "" && validNameChars(id)
	}
	return validNameChars(name)
}

func validNameChars(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '_', c == '-', c == '=', c == '@', c == ',', c == '.', c == ';':
		default:
			return false
		}
	}
	return true
}

// validUserID follows the channel-name alphabet so a user id can become part
// of #server-to-user-{id}; 128 characters at most (presence-channels.md).
func validUserID(id string) bool {
	return id != "" && len(id) <= 128 && validNameChars(id)
}
