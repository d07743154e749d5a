package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
)

// cataloguePaths are what a visitor's first screens read: the games, the
// banner, the first page of products, and the products of the first three
// games (a game's page).
func cataloguePaths(base string) ([]string, error) {
	var games struct {
		Data []struct {
			Slug string `json:"slug"`
		} `json:"data"`
	}
	res, err := http.Get(base + "/api/games")
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(&games); err != nil || res.StatusCode != 200 {
		return nil, fmt.Errorf("GET /api/games: %d %v", res.StatusCode, err)
	}
	paths := []string{"/api/games", "/api/banner", "/api/products?per_page=20"}
	for i, g := range games.Data {
		if i == 3 {
			break
		}
		paths = append(paths, "/api/products?game_slug="+g.Slug+"&per_page=20")
	}
	return paths, nil
}

// answer is one recorded catalogue answer.
type answer struct {
	Path        string `json:"path"`
	ContentType string `json:"content_type"`
	Body        []byte `json:"body"`
}

// startCeiling records the store's answer to every path, starts this
// binary as -role ceiling on them, and returns its address.
func startCeiling(base string, paths []string) (string, func(), error) {
	var answers []answer
	for _, p := range paths {
		res, err := http.Get(base + p)
		if err != nil {
			return "", nil, err
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			return "", nil, fmt.Errorf("GET %s: %d %v", p, res.StatusCode, err)
		}
		answers = append(answers, answer{Path: p, ContentType: res.Header.Get("Content-Type"), Body: b})
	}
	f, err := os.CreateTemp("", "storeload-ceiling-*.json")
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	if err := json.NewEncoder(f).Encode(answers); err != nil {
		return "", nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command(self, "-role", "ceiling", "-bodies", f.Name())
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		os.Remove(f.Name())
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		stop()
		return "", nil, fmt.Errorf("ceiling did not start: %w", err)
	}
	return strings.TrimSpace(line), stop, nil
}

// serveCeiling is the bare handler: Fiber with default settings, one
// route, the recorded bytes by path and query, nothing else (no
// middleware, no database, no logging). It prints its address.
func serveCeiling(addr, file string) error {
	raw, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var answers []answer
	if err := json.Unmarshal(raw, &answers); err != nil {
		return err
	}
	byURI := map[string]answer{}
	for _, a := range answers {
		byURI[a.Path] = a
	}
	app := fiber.New(fiber.Config{DisableStartupMessage: true, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second})
	app.Get("/api/*", func(c *fiber.Ctx) error {
		a, ok := byURI[string(c.Request().URI().RequestURI())]
		if !ok {
			return c.SendStatus(http.StatusNotFound)
		}
		c.Set(fiber.HeaderContentType, a.ContentType)
		return c.Send(a.Body)
	})
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Println(ln.Addr().String())
	return app.Listener(ln)
}
