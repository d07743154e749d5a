package realtime

// The user→socket index: connections that completed pusher:signin, by user
// id, per app. It is node-local; the adapter carries terminate requests to
// every node, and each node closes its own sockets.

// terminateCode closes a terminated user's sockets. pusher-js does not
// reconnect after a 4000–4099 close, so the user stays out until the page
// signs in again.
const terminateCode = 4009

func (a *appState) addUser(c *conn) {
	a.umu.Lock()
	a.users[c.userID] = append(a.users[c.userID], c)
	a.umu.Unlock()
}

func (a *appState) removeUser(c *conn) {
	a.umu.Lock()
	defer a.umu.Unlock()
	cs := a.users[c.userID]
	for i, x := range cs {
		if x == c {
			cs[i] = cs[len(cs)-1]
			cs[len(cs)-1] = nil
			cs = cs[:len(cs)-1]
			break
		}
	}
	if len(cs) == 0 {
		delete(a.users, c.userID)
	} else {
		a.users[c.userID] = cs
	}
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
		c.closeWith(terminateCode, "Connection terminated by the app")
	}
}
