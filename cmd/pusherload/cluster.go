package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"topup/realtime"
	"topup/realtime/redisadapter"
)

// Cluster modes: "redis1" is one pusher node through the Redis
// adapter, "cluster" is -nodes of them sharing Redis, with the subscribers
// spread round robin and the events published on node 0, so most
// deliveries cross Redis. Same load as the other modes, same run.

var (
	clusterNodes *int
	redisFlag    *string
	ownRedis     *exec.Cmd
)

// ensureRedis makes -redis usable, starting a private redis-server on a
// free loopback port when it is empty.
func ensureRedis() (stop func(), err error) {
	if *redisFlag != "" {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	ownRedis = exec.Command("redis-server", "--bind", "127.0.0.1", "--port", strconv.Itoa(port), "--save", "", "--appendonly", "no")
	if err := ownRedis.Start(); err != nil {
		return nil, fmt.Errorf("starting redis-server: %w", err)
	}
	*redisFlag = fmt.Sprintf("redis://127.0.0.1:%d/0", port)
	c := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", port)})
	defer c.Close()
	for i := 0; c.Ping(context.Background()).Err() != nil; i++ {
		if i > 50 {
			stopOwnRedis()
			return nil, fmt.Errorf("redis-server did not start")
		}
		time.Sleep(100 * time.Millisecond)
	}
	return stopOwnRedis, nil
}

func stopOwnRedis() {
	if ownRedis != nil && ownRedis.Process != nil {
		_ = ownRedis.Process.Kill()
		_ = ownRedis.Wait()
		ownRedis = nil
	}
}

// benchAdapter is the child's adapter: Redis when the parent set
// PUSHERLOAD_REDIS, else nil (in memory).
func benchAdapter() (realtime.Adapter, error) {
	u := os.Getenv("PUSHERLOAD_REDIS")
	if u == "" {
		return nil, nil
	}
	ad, err := redisadapter.New(redisadapter.Options{URL: u, Prefix: os.Getenv("PUSHERLOAD_PREFIX")})
	if err != nil {
		return nil, err
	}
	return ad, nil
}

// group is the server processes of one run.
type group []*child

func startGroup(mode string) (group, error) {
	role, nodes, env := mode, 1, []string(nil)
	switch mode {
	case "redis1", "cluster":
		role = "pusher"
		if mode == "cluster" {
			nodes = *clusterNodes
		}
		env = []string{"PUSHERLOAD_REDIS=" + *redisFlag, fmt.Sprintf("PUSHERLOAD_PREFIX=bench-%d-%s:", time.Now().UnixNano(), mode)}
	}
	var g group
	for range nodes {
		c, err := startChildEnv(role, env)
		if err != nil {
			g.stop()
			return nil, err
		}
		g = append(g, c)
	}
	if env != nil {
		time.Sleep(300 * time.Millisecond) // registered and subscribed to the bus
	}
	return g, nil
}

func (g group) addrs() []string {
	out := make([]string, len(g))
	for i, c := range g {
		out[i] = c.addr
	}
	return out
}

func (g group) stop() {
	for _, c := range g {
		c.stop()
	}
}

func (g group) cpuTicks() int64 {
	var n int64
	for _, c := range g {
		n += c.cpuTicks()
	}
	return n
}

// getJSON sums every numeric top-level field over the nodes (memory, slow
// closes), so per-connection figures cover the whole cluster.
func (g group) getJSON(path string, v any) error {
	sum := map[string]float64{}
	for _, c := range g {
		var m map[string]any
		if err := c.getJSON(path, &m); err != nil {
			return err
		}
		for k, x := range m {
			if f, ok := x.(float64); ok {
				sum[k] += f
			}
		}
	}
	b, _ := json.Marshal(sum)
	return json.Unmarshal(b, v)
}

// first is where events are published: node 0.
func (g group) first() *child { return g[0] }

// rss is the servers' resident memory as the operating system reports it
// (VmRSS of each process, read from here: nothing runs in them to measure).
func (g group) rss() int64 {
	var n int64
	for _, c := range g {
		n += c.rss()
	}
	return n
}
