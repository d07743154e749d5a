package realtime

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

func hmacHex(secret, msg string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(msg))
	return hex.EncodeToString(m.Sum(nil))
}

// SignChannel returns the "key:signature" a channel authorization endpoint
// answers for a private or presence subscription. channelData is the exact
// presence channel_data string, or "" for private channels.
func SignChannel(secret, key, socketID, channel, channelData string) string {
	msg := socketID + ":" + channel
	if channelData != "" {
		msg += ":" + channelData
	}
	return key + ":" + hmacHex(secret, msg)
}

// SignUser returns the "key:signature" of a user authentication
// (pusher:signin) for userData, the exact user_data JSON string.
func SignUser(secret, key, socketID, userData string) string {
	return key + ":" + hmacHex(secret, socketID+"::user::"+userData)
}

// verifyAuth checks auth ("key:hexsig") against msg in constant time.
func verifyAuth(app *App, auth, msg string) bool {
	key, sig, ok := strings.Cut(auth, ":")
	if !ok || key != app.Key {
		return false
	}
	got, err := hex.DecodeString(sig)
	if err != nil || len(got) != sha256.Size {
		return false
	}
	m := hmac.New(sha256.New, []byte(app.Secret))
	m.Write([]byte(msg))
	return hmac.Equal(got, m.Sum(nil))
}

func verifyChannelAuth(app *App, auth, socketID, channel, channelData string) bool {
	msg := socketID + ":" + channel
	if channelData != "" {
		msg += ":" + channelData
	}
	return verifyAuth(app, auth, msg)
}

func verifyUserAuth(app *App, auth, socketID, userData string) bool {
	return verifyAuth(app, auth, socketID+"::user::"+userData)
}
