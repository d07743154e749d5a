package redisadapter

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"topup/realtime"
)

// envelope is one bus message: an event, or a terminate request.
type envelope struct {
	Origin string            `json:"o"`
	Msg    *realtime.Message `json:"m,omitempty"`
	App    string            `json:"a,omitempty"`
	User   string            `json:"u,omitempty"` // terminate
}

// Publish delivers m to this node's subscribers at once and queues it for
// the others: one PUBLISH per event, in order, batched when busy. The
// other nodes skip nothing but their own echo, and each honours
// ExceptSocketID. A full queue drops the event for the other nodes (counted).
func (a *Adapter) Publish(ctx context.Context, m realtime.Message) error {
	if realtime.IsCacheChannel(m.Channel) {
		a.mir.keep(m, a.opt.CacheTTL)
		if a.up.Load() {
			b, _ := json.Marshal(m)
			cctx, cancel := a.opCtx(ctx)
			err := a.rdb.Set(cctx, a.key("cache:", m.AppID, m.Channel), b, a.opt.CacheTTL).Err()
			cancel()
			if err != nil {
				a.fail(err)
			}
		}
	}
	if !m.RemoteOnly {
		a.node.Deliver(m)
	}
	b, err := json.Marshal(envelope{Origin: a.opt.NodeID, Msg: &m})
	if err != nil {
		return err
	}
	a.send(b)
	return nil
}

func (a *Adapter) send(b []byte) {
	select {
	case a.queue <- b:
	default:
		a.dropped.Add(1)
	}
}

// TerminateUser closes the user's connections here and asks every other
// node to close theirs.
func (a *Adapter) TerminateUser(_ context.Context, app, userID string) error {
	a.node.TerminateUser(app, userID)
	b, err := json.Marshal(envelope{Origin: a.opt.NodeID, App: app, User: userID})
	if err != nil {
		return err
	}
	a.send(b)
	return nil
}

// publishLoop sends queued events in order; whatever queued up while one
// round trip was out goes in the next pipeline.
func (a *Adapter) publishLoop() {
	defer a.wg.Done()
	defer close(a.pubDone)
	batch := make([][]byte, 0, 256)
	for {
		select {
		case <-a.stop:
			// Flush what the last connections left (member_removed…).
			for {
				batch = batch[:0]
			drain:
				for len(batch) < cap(batch) {
					select {
					case b := <-a.queue:
						batch = append(batch, b)
					default:
						break drain
					}
				}
				if len(batch) == 0 || !a.up.Load() {
					return
				}
				a.flush(batch)
			}
		case b := <-a.queue:
			batch = append(batch[:0], b)
		}
	more:
		for len(batch) < cap(batch) {
			select {
			case b := <-a.queue:
				batch = append(batch, b)
			default:
				break more
			}
		}
		if !a.up.Load() {
			a.dropped.Add(int64(len(batch)))
			continue
		}
		a.flush(batch)
	}
}

func (a *Adapter) flush(batch [][]byte) {
	ctx, cancel := context.WithTimeout(context.Background(), a.opt.OpTimeout)
	defer cancel()
	var err error
	if len(batch) == 1 {
		err = a.rdb.Publish(ctx, a.bus, batch[0]).Err()
	} else {
		pipe := a.rdb.Pipeline()
		for _, b := range batch {
			pipe.Publish(ctx, a.bus, b)
		}
		_, err = pipe.Exec(ctx)
	}
	if err != nil {
		a.dropped.Add(int64(len(batch)))
		a.fail(err)
		return
	}
	a.published.Add(int64(len(batch)))
}

// receiveLoop delivers the other nodes' events. go-redis reconnects and
// resubscribes after an error; events published meanwhile are lost, as
// pub/sub is at most once.
func (a *Adapter) receiveLoop() {
	defer a.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-a.stop; cancel() }()
	backoff := 50 * time.Millisecond
	for {
		v, err := a.ps.Receive(ctx)
		if err != nil {
			select {
			case <-a.stop:
				return
			default:
			}
			if a.listening.Swap(false) {
				a.fail(fmt.Errorf("bus subscription lost: %w", err))
			}
			select {
			case <-a.stop:
				return
			case <-time.After(backoff):
			}
			backoff = min(backoff*2, a.opt.Heartbeat)
			continue
		}
		backoff = 50 * time.Millisecond
		var payload string
		switch m := v.(type) {
		case *redis.Subscription:
			// (Re)subscribed: from now on this node hears the others.
			a.listening.Store(m.Kind == "subscribe" && m.Count > 0)
			continue
		case *redis.Message:
			payload = m.Payload
		default:
			continue
		}
		var env envelope
		if err := json.Unmarshal([]byte(payload), &env); err != nil || env.Origin == a.opt.NodeID {
			continue
		}
		a.received.Add(1)
		switch {
		case env.Msg != nil:
			a.node.Deliver(*env.Msg)
		case env.User != "":
			a.node.TerminateUser(env.App, env.User)
		}
	}
}
