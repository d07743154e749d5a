package api

import (
	"context"
	"encoding/json"
	"time"
)

// Customers see whether an admin is online next to the support links. The
// flag follows presence-admins (an admin with the dashboard open) and the
// admin_online switch; customers may not join that presence channel, so
// the change is announced on the public admin-status channel instead.
const (
	ChannelAdminStatus = "admin-status"
	EventAdminStatus   = "admin-status.updated"
)

// WatchAdminStatus announces the admin-online flag on the admin-status
// channel whenever it changes, checking every interval until ctx ends.
// Every node of a cluster may run it: the event carries the whole state,
// so a repeat is harmless.
func (s *Server) WatchAdminStatus(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	last := -1 // unknown: the first check announces
	for {
		online := s.adminOnline(ctx)
		if now := boolInt(online); now != last && s.announceAdminStatus(ctx, online) == nil {
			last = now
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// announceAdminStatus publishes the flag as it is now.
func (s *Server) announceAdminStatus(ctx context.Context, online bool) error {
	if s.opts.Broadcaster == nil {
		return nil
	}
	data, err := json.Marshal(map[string]bool{"admin_online": online})
	if err != nil {
		return err
	}
	err = s.opts.Broadcaster.Publish(ctx, []string{ChannelAdminStatus}, EventAdminStatus, data)
	if err != nil {
		s.log.Warn().Err(err).Msg("admin status not announced")
	}
	return err
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
