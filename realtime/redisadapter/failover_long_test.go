//go:build long

package redisadapter

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// The long form of the Redis Cluster test (go test -tags long -run
// Failover ./realtime/redisadapter): a private cluster of three masters
// and three replicas; SIGKILL the master holding a presence channel's keys
// and one bus shard, while events flow; a replica takes over, the sockets
// that may have missed events are closed with 4200 and reconnect, and
// events, presence and watchlist status recover on every node.
func TestClusterMasterFailover(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join("..", "..", "scripts", "devrediscluster.sh")
	cmd := exec.Command(script, dir)
	cmd.Env = append(os.Environ(), "DEVREDISCLUSTER_NODE_TIMEOUT=1000")
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("starting the cluster: %v\n%s", err, stderr)
	}
	t.Cleanup(func() { _ = exec.Command(script, "--stop", dir).Run() })
	be := backend{name: "private cluster", url: strings.TrimSpace(string(out)), cluster: true}
	p := uniquePrefix()
	opts := nodeOpts{url: be.url, cluster: true, prefix: p, heartbeat: 200 * time.Millisecond, ttl: 2 * time.Second}
	ns := []*tnode{startNode(t, opts), startNode(t, opts), startNode(t, opts)}

	const room = "presence-room"
	a, b, c := ns[0].connect(), ns[1].connect(), ns[2].connect()
	a.join(room, member("a"))
	b.join(room, member("b"))
	a.expect("pusher_internal:member_added")
	c.join(room, member("c"))
	a.expect("pusher_internal:member_added")
	b.expect("pusher_internal:member_added")
	var news []*client
	for _, n := range ns {
		cl := n.connect()
		cl.join("news", "")
		news = append(news, cl)
	}
	w := ns[0].connect()
	w.signin("w", "u")
	u := ns[1].connect()
	u.signin("u")
	if got := strings.Join(w.expectWatch(), ";"); got != "online u" {
		t.Fatalf("before the kill: %s", got)
	}

	// The master of the room's slot dies while node 0 publishes every 20 ms.
	victim := masterOf(t, be, dir, "{"+tAppID+":"+room+"}")
	stop := make(chan struct{})
	published := make(chan int, 1)
	go func() {
		i := 0
		defer func() { published <- i }()
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			_ = ns[0].srv.Publish(context.Background(), tAppID, []string{"news"}, "tick", []byte(strconv.Itoa(i)), "")
			i++
		}
	}()
	start := time.Now()
	if err := syscall.Kill(victim, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a replica promoted and the cluster ok", 20*time.Second, func() bool { return clusterOK(be) })
	waitFor(t, "every node ready again", 20*time.Second, func() bool {
		for _, n := range ns {
			if n.ad.Ready(context.Background()) != nil {
				return false
			}
		}
		return true
	})
	close(stop)
	t.Logf("recovered %s after the kill (%d events published meanwhile)", time.Since(start).Round(time.Millisecond), <-published)

	// The failover may have cost events (node 0's ticks to the dead
	// shard, a bus subscription lost with its master): the nodes close
	// the sockets that may have missed some with 4200 as they recover
	// (missed.go), and those clients reconnect, as pusher-js does.
	time.Sleep(2 * time.Second)
	back := map[string]bool{} // users whose sockets were reconnected
	revive := func(cl *client, n *tnode, user string, again func(*client)) *client {
		select {
		case code := <-cl.closed:
			if code != 4200 {
				t.Fatalf("%q closed with %d after the failover, want 4200", user, code)
			}
			nc := n.connect()
			again(nc)
			back[user] = true
			return nc
		default:
			return cl
		}
	}
	a = revive(a, ns[0], "a", func(c *client) { c.join(room, member("a")) })
	b = revive(b, ns[1], "b", func(c *client) { c.join(room, member("b")) })
	c = revive(c, ns[2], "c", func(c *client) { c.join(room, member("c")) })
	w = revive(w, ns[0], "w", func(c *client) { c.signin("w", "u") })
	u = revive(u, ns[1], "u", func(c *client) { c.signin("u") })
	for i := range news {
		news[i] = revive(news[i], ns[i], "", func(c *client) { c.join("news", "") })
	}
	t.Logf("reconnected with 4200 after the failover: %v", back)

	// Events: a marker from each node reaches every subscriber on every node.
	for i, n := range ns {
		n.trigger("news", "marker", strconv.Itoa(i), "")
	}
	for _, cl := range news {
		seen := map[string]bool{}
		waitFor(t, "markers from every node", 10*time.Second, func() bool {
			f, ok := cl.next(200 * time.Millisecond)
			if ok && f.Event == "marker" {
				seen[f.str()] = true
			}
			return len(seen) == 3
		})
	}
	// Presence: every node lists the three members; a member joining and
	// one leaving are announced across nodes.
	for _, n := range ns {
		waitFor(t, "members listed", 10*time.Second, func() bool {
			code, body := n.signed("GET", "/apps/"+tAppID+"/channels/"+room, url.Values{"info": {"user_count"}}, nil)
			return code == 200 && string(body) == `{"occupied":true,"user_count":3}`
		})
	}
	// Nobody left meanwhile but the reconnected: the outage itself
	// announced no departure.
	for _, cl := range []*client{a, b, c, w} {
		for len(cl.frames) > 0 {
			f := <-cl.frames
			var d struct {
				UserID string `json:"user_id"`
				Events []struct {
					Name    string   `json:"name"`
					UserIDs []string `json:"user_ids"`
				} `json:"events"`
			}
			_ = json.Unmarshal([]byte(f.str()), &d)
			if f.Event == "pusher_internal:member_removed" && !back[d.UserID] {
				t.Fatalf("flapped during the failover: %s %s", f.Event, f.str())
			}
			for _, e := range d.Events {
				for _, id := range e.UserIDs {
					if e.Name == "offline" && !back[id] {
						t.Fatalf("flapped during the failover: %s %s", f.Event, f.str())
					}
				}
			}
		}
	}
	d := ns[2].connect()
	d.join(room, member("d"))
	if got := waitForMember(t, a, "d"); got != `{"user_id":"d","user_info":{"name":"nd"}}` {
		t.Fatalf("member_added after the failover: %s", got)
	}
	b.send("pusher:unsubscribe", "", map[string]any{"channel": room})
	waitFor(t, "member_removed for b", 10*time.Second, func() bool {
		f, ok := a.next(200 * time.Millisecond)
		return ok && f.Event == "pusher_internal:member_removed" && f.str() == `{"user_id":"b"}`
	})
	// Watchlist: u's last socket closing is heard on another node.
	u.ws.Close()
	waitFor(t, "offline u", 10*time.Second, func() bool {
		f, ok := w.next(200 * time.Millisecond)
		return ok && f.Event == "pusher_internal:watchlist_events" && strings.Contains(f.str(), `"offline"`)
	})
}

// masterOf returns the pid of the master serving key's slot, from the
// cluster folder's node-N.port and node-N.pid files.
func masterOf(t *testing.T, be backend, dir, key string) int {
	t.Helper()
	rdb := testClient(t, be).(*redis.ClusterClient)
	defer rdb.Close()
	ctx := context.Background()
	var addr string
	err := rdb.ForEachMaster(ctx, func(ctx context.Context, c *redis.Client) error {
		slot, err := c.ClusterKeySlot(ctx, key).Result()
		if err != nil {
			return err
		}
		shards, err := c.ClusterSlots(ctx).Result()
		if err != nil {
			return err
		}
		for _, s := range shards {
			if int64(s.Start) <= slot && slot <= int64(s.End) {
				addr = s.Nodes[0].Addr
			}
		}
		return nil
	})
	if err != nil || addr == "" {
		t.Fatalf("master of %s: %q %v", key, addr, err)
	}
	for n := 1; n <= 6; n++ {
		port, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("node-%d.port", n)))
		if strings.HasSuffix(addr, ":"+strings.TrimSpace(string(port))) {
			pid, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("node-%d.pid", n)))
			v, err := strconv.Atoi(strings.TrimSpace(string(pid)))
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
	}
	t.Fatalf("no node file for %s", addr)
	return 0
}

// clusterOK reports whether every surviving master says the cluster is up.
func clusterOK(be backend) bool {
	u, _ := url.Parse(be.url)
	hosts := append([]string{u.Host}, u.Query()["addr"]...)
	ok := 0
	for _, h := range hosts {
		c := redis.NewClient(&redis.Options{Addr: h, DialTimeout: 200 * time.Millisecond})
		info, err := c.ClusterInfo(context.Background()).Result()
		c.Close()
		if err == nil {
			if !strings.Contains(info, "cluster_state:ok") {
				return false
			}
			ok++
		}
	}
	return ok > 0
}
