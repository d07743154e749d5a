package realtime

import (
	"context"
	"strconv"
)

// Signed-in users (pusher:signin) per app on this node: which sockets are
// whose, for terminate_connections, and who watches whom, for watchlist
// events. Whether a user is online cluster-wide is the adapter's to know;
// this node tells it about a user's first and last socket here.

// terminateCode closes a terminated user's sockets. pusher-js does not
// reconnect after a 4000–4099 close, so the user stays out until the page
// signs in again.
const terminateCode = 4009

// watchers are this node's sockets watching one user. Each socket keeps
// the version of the last status of each watched user it was sent
// (conn.watch), so a change that arrives twice, late or after a newer one,
// or repeats what signing in told it, is not sent again.
type watchers struct {
	conns []*conn
}

// addUser records c as signed in; first reports the user's first socket
// on this node.
func (a *appState) addUser(c *conn) (first bool) {
	a.umu.Lock()
	defer a.umu.Unlock()
	first = len(a.users[c.userID]) == 0
	a.users[c.userID] = append(a.users[c.userID], c)
	return first
}

// watch records whom c watches.
func (a *appState) watch(c *conn) {
	a.umu.Lock()
	defer a.umu.Unlock()
	for id := range c.watch {
		w := a.watched[id]
		if w == nil {
			w = &watchers{}
			a.watched[id] = w
		}
		w.conns = append(w.conns, c)
	}
}

// removeUser forgets c; last reports the user's last socket on this node.
func (a *appState) removeUser(c *conn) (last bool) {
	a.umu.Lock()
	defer a.umu.Unlock()
	a.users[c.userID] = removeConn(a.users[c.userID], c)
	if len(a.users[c.userID]) == 0 {
		delete(a.users, c.userID)
		last = true
	}
	for id := range c.watch {
		if w := a.watched[id]; w != nil {
			if w.conns = removeConn(w.conns, c); len(w.conns) == 0 {
				delete(a.watched, id)
			}
		}
	}
	return last
}

// removeConn takes c out of cs (order is not kept).
func removeConn(cs []*conn, c *conn) []*conn {
	for i, x := range cs {
		if x == c {
			cs[i] = cs[len(cs)-1]
			cs[len(cs)-1] = nil
			return cs[:len(cs)-1]
		}
	}
	return cs
}

// signedIn completes a signin whose signature and user_data held: the
// adapter hears of the user's first socket here before the client hears
// success (so a socket of the user closing elsewhere right after does not
// take them offline for a moment), then the socket learns which of its
// watched users are online now.
func (s *Server) signedIn(ctx context.Context, c *conn, success []byte, truncated bool) {
	if c.app.addUser(c) {
		if err := s.adapter.UserOnline(ctx, c.app.ID, c.userID); err != nil {
			s.log.Error().Err(err).Msg("realtime: user online")
		}
	}
	c.enqueue(success)
	if truncated {
		c.sendError(4302, "Watchlist limit exceeded: the first "+strconv.Itoa(maxWatchlist)+" users are watched")
	}
	if len(c.watchlist) == 0 {
		return
	}
	c.app.watch(c)
	online, err := s.adapter.OnlineUsers(ctx, c.app.ID, c.watchlist)
	if err != nil {
		s.log.Error().Err(err).Msg("realtime: watchlist online users")
		return
	}
	a := c.app
	var ids []string
	a.umu.Lock()
	for _, id := range c.watchlist {
		v, ok := online[id]
		// A change as new as the snapshot, or newer, went out to this
		// socket already: the snapshot would repeat or undo it.
		if !ok || c.watch[id] >= v {
			continue
		}
		c.watch[id] = v
		ids = append(ids, id)
	}
	if len(ids) > 0 {
		c.enqueue(watchlistFrame(c.userID, "online", ids))
	}
	a.umu.Unlock()
}

// signedOut runs when a signed-in socket ends.
func (s *Server) signedOut(c *conn) {
	if !c.app.removeUser(c) {
		return
	}
	ctx, cancel := c.ctx()
	defer cancel()
	if err := s.adapter.UserOffline(ctx, c.app.ID, c.userID); err != nil {
		s.log.Error().Err(err).Msg("realtime: user offline")
	}
}

// userStatus sends a watched user's status change to this node's sockets
// watching them, through each watcher's #server-to-user- channel.
func (s *Server) userStatus(appID, userID string, online bool, version int64) {
	a, ok := s.byID[appID]
	if !ok {
		return
	}
	name := "offline"
	if online {
		name = "online"
	}
	a.umu.Lock()
	defer a.umu.Unlock()
	w := a.watched[userID]
	if w == nil {
		return
	}
	for _, c := range w.conns {
		if version <= c.watch[userID] {
			continue
		}
		c.watch[userID] = version
		c.enqueue(watchlistFrame(c.userID, name, []string{userID}))
	}
}

// watchlistFrame is a pusher_internal:watchlist_events frame for the
// watcher: {"events":[{"name":…,"user_ids":[…]}]}, as pusher-js's
// pusher.user.watchlist reads it.
func watchlistFrame(watcher, name string, ids []string) []byte {
	return eventFrame("pusher_internal:watchlist_events", serverToUserPrefix+watcher, jsonStringData(struct {
		Events []watchlistEvent `json:"events"`
	}{[]watchlistEvent{{name, ids}}}), "")
}

type watchlistEvent struct {
	Name    string   `json:"name"`
	UserIDs []string `json:"user_ids"`
}

// terminateLocal closes this node's connections signed in as userID.
func (s *Server) terminateLocal(appID, userID string) {
	a, ok := s.byID[appID]
	if !ok {
		return
	}
	a.umu.Lock()
	cs := append([]*conn(nil), a.users[userID]...)
	a.umu.Unlock()
	for _, c := range cs {
		c.closeAfterQueued(terminateCode, "Connection terminated by the app")
	}
}
