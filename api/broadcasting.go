package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"topup/internal/i18n"
	"topup/store"
)

// Channel authorisation for pusher-js / laravel-echo (POST
// /broadcasting/auth and /api/broadcasting/auth), in Laravel's shape:
// {"auth": "key:signature"} plus "channel_data" for presence channels.
// The signature binds the socket id and the exact channel name, so a page
// that steals a customer's token cannot get its own socket into another
// customer's channel. Signing goes through the Broadcaster: the secret
// never enters this package.

// Channels a customer or an admin may join.
const (
	channelAdminsPrivate  = "private-admins"
	channelAdminsPresence = "presence-admins"
)

var (
	// userChannelRE is private-user.{id}: a canonical id only, so
	// "private-user.07" or "private-user.7 " never alias user 7.
	userChannelRE = regexp.MustCompile(`^private-user\.([1-9][0-9]{0,18})$`)
	// socketIDRE is Pusher's socket id, "123.456".
	socketIDRE = regexp.MustCompile(`^[0-9]{1,20}\.[0-9]{1,20}$`)
)

type channelAuthRequest struct {
	SocketID    string `json:"socket_id"`
	ChannelName string `json:"channel_name"`
}

// presenceMember is the channel_data of presence-admins (Pusher's
// {user_id, user_info}).
type presenceMember struct {
	UserID   string             `json:"user_id"`
	UserInfo presenceMemberInfo `json:"user_info"`
}

type presenceMemberInfo struct {
	Username string `json:"username"`
}

// authorizeChannel signs a subscription. Banned users may still join their
// own channel, which is where the ban itself is announced.
func (s *Server) authorizeChannel(c *fiber.Ctx) error {
	var req channelAuthRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	f := fieldErrors{}
	if req.SocketID == "" {
		f.add("socket_id", i18n.SocketIDRequired)
	}
	if req.ChannelName == "" {
		f.add("channel_name", i18n.ChannelRequired)
	}
	if err := f.err(); err != nil {
		return err
	}
	if !socketIDRE.MatchString(req.SocketID) {
		return Invalid(fieldsErr("socket_id", i18n.SocketIDInvalid))
	}
	if s.opts.Broadcaster == nil {
		return Fail(http.StatusServiceUnavailable, i18n.RealtimeUnavailable)
	}

	u := currentUser(c)
	var channelData string
	switch ch := req.ChannelName; {
	case userChannelRE.MatchString(ch):
		id, _ := strconv.ParseInt(userChannelRE.FindStringSubmatch(ch)[1], 10, 64)
		if id != u.ID {
			return s.refuseChannel(u)
		}
	case ch == channelAdminsPrivate || ch == channelAdminsPresence:
		if !u.IsAdmin || u.IsBanned {
			return s.refuseChannel(u)
		}
		if ch == channelAdminsPresence {
			b, err := json.Marshal(presenceMember{UserID: strconv.FormatInt(u.ID, 10),
				UserInfo: presenceMemberInfo{Username: u.Username}})
			if err != nil {
				return err
			}
			channelData = string(b)
		}
	default:
		return s.refuseChannel(u)
	}

	auth, err := s.opts.Broadcaster.AuthorizeChannel(req.SocketID, req.ChannelName, channelData)
	if err != nil {
		s.log.Warn().Err(err).Str("request_id", requestID(c)).Msg("channel authorisation refused by broadcaster")
		return Fail(http.StatusForbidden, i18n.Forbidden)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	if channelData != "" {
		return c.JSON(fiber.Map{"auth": auth, "channel_data": channelData})
	}
	return c.JSON(fiber.Map{"auth": auth})
}

type userAuthRequest struct {
	SocketID string `json:"socket_id"`
}

// signedInUser is the user_data of pusher:signin: Pusher's {id,
// user_info}. The id is what terminate_connections names.
type signedInUser struct {
	ID       string             `json:"id"`
	UserInfo presenceMemberInfo `json:"user_info"`
}

// authenticateUser signs the caller's pusher:signin (POST
// /api/broadcasting/user-auth, pusher-js 8's userAuthentication), in the
// shape pusher-js reads: {"auth": "key:signature", "user_data": "…"}. A
// socket signed in as its user is one a ban or a demotion can close
// (terminate_connections) wherever it is connected.
func (s *Server) authenticateUser(c *fiber.Ctx) error {
	var req userAuthRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	if req.SocketID == "" {
		return Invalid(fieldsErr("socket_id", i18n.SocketIDRequired))
	}
	if !socketIDRE.MatchString(req.SocketID) {
		return Invalid(fieldsErr("socket_id", i18n.SocketIDInvalid))
	}
	if s.opts.Broadcaster == nil {
		return Fail(http.StatusServiceUnavailable, i18n.RealtimeUnavailable)
	}
	u := currentUser(c)
	b, err := json.Marshal(signedInUser{ID: strconv.FormatInt(u.ID, 10), UserInfo: presenceMemberInfo{Username: u.Username}})
	if err != nil {
		return err
	}
	auth, err := s.opts.Broadcaster.AuthenticateUser(req.SocketID, string(b))
	if err != nil {
		s.log.Warn().Err(err).Str("request_id", requestID(c)).Msg("user authentication refused by broadcaster")
		return Fail(http.StatusForbidden, i18n.Forbidden)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.JSON(fiber.Map{"auth": auth, "user_data": string(b)})
}

// refuseChannel is 403; a banned user learns why.
func (s *Server) refuseChannel(u store.User) error {
	if u.IsBanned {
		return banned(u)
	}
	return Fail(http.StatusForbidden, i18n.Forbidden)
}

// adminStatus answers GET /api/admin-status: an admin is online when at
// least one is in presence-admins, or when an admin has switched the
// admin_online setting on (e.g. answering chat from a phone without the
// dashboard open). The realtime server being unreachable counts as nobody
// there rather than an error: the flag is a hint to customers.
func (s *Server) adminStatus(c *fiber.Ctx) error {
	online := s.adminOnline(c.UserContext())
	c.Set(fiber.HeaderCacheControl, "no-store")
	return reply(c, http.StatusOK, fiber.Map{"adminStatus": online, "data": fiber.Map{"admin_online": online}})
}

// adminOnline is the flag GET /api/admin-status answers and the
// admin-status channel announces.
func (s *Server) adminOnline(ctx context.Context) bool {
	if s.opts.Broadcaster != nil {
		n, err := s.opts.Broadcaster.ChannelUserCount(ctx, channelAdminsPresence)
		if err != nil {
			s.log.Warn().Err(err).Msg("admin presence unavailable")
		}
		if n > 0 {
			return true
		}
	}
	var override bool
	err := s.opts.Store.Setting(ctx, store.SettingAdminOnline, &override)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.log.Warn().Err(err).Msg("admin_online setting unreadable")
	}
	return err == nil && override
}
