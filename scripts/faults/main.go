// Command faults is the load side of scripts/faults.sh: buyers place
// orders through the balancer for a while, each with its own idempotency
// key, and retry the same key after a network error or a 5xx as the web
// app does, while the script kills and restarts what is behind the
// balancer. It prints what the buyers saw as JSON; the script compares it
// with the database.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type report struct {
	Requests  int64          `json:"requests"`
	Retries   int64          `json:"retries"`
	Answered  int64          `json:"orders_answered_201"`
	GaveUp    int64          `json:"orders_given_up"`
	Failures  map[string]int `json:"failed_attempts_by_cause"`
	Slowest   string         `json:"slowest_failed_attempt"`
	Seconds   float64        `json:"seconds"`
	Customer  string         `json:"customer_phone"`
	KeyPrefix string         `json:"key_prefix"`
}

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "the balancer")
	dur := flag.Duration("for", 45*time.Second, "how long buyers buy")
	buyers := flag.Int("buyers", 8, "concurrent buyers")
	product := flag.Int64("product", 42, "a product without a server id")
	flag.Parse()

	token := login(*base, "09123456789", "customer123")
	admin := login(*base, "09000000001", "admin123")
	if st, err := post(http.DefaultClient, *base+"/api/admin/users/2/wallet", admin, fmt.Sprintf("fund-%d", time.Now().UnixNano()),
		`{"amount":100000000,"reason":"fault drill"}`); err != nil || st >= 300 {
		fail("funding the customer: %d %v", st, err)
	}

	rep := report{Failures: map[string]int{}, Customer: "09123456789", KeyPrefix: "fault-"}
	var mu sync.Mutex
	var slowest time.Duration
	var requests, retries, answered, gaveUp atomic.Int64
	start := time.Now()
	var wg sync.WaitGroup
	for w := range *buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 10 * time.Second}
			for i := 0; time.Since(start) < *dur; i++ {
				key := fmt.Sprintf("fault-%d-%d", w, i)
				body := fmt.Sprintf(`{"product_id":%d,"game_uid":"12345678"}`, *product)
				// One order: the same key until it is answered, for up to 60 s.
				for first := time.Now(); ; {
					requests.Add(1)
					t0 := time.Now()
					st, err := post(client, *base+"/api/order", token, key, body)
					if err == nil && st == http.StatusCreated {
						answered.Add(1)
						break
					}
					cause := fmt.Sprint(st)
					if err != nil {
						cause = shortErr(err)
					}
					mu.Lock()
					rep.Failures[cause]++
					if d := time.Since(t0); d > slowest {
						slowest = d
					}
					mu.Unlock()
					if (err == nil && st < 500) || time.Since(first) > 60*time.Second {
						gaveUp.Add(1)
						break
					}
					retries.Add(1)
					time.Sleep(200 * time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	rep.Requests, rep.Retries, rep.Answered, rep.GaveUp = requests.Load(), retries.Load(), answered.Load(), gaveUp.Load()
	rep.Seconds = time.Since(start).Round(100 * time.Millisecond).Seconds()
	rep.Slowest = slowest.Round(time.Millisecond).String()
	out, _ := json.MarshalIndent(rep, "", "  ")
	fmt.Println(string(out))
}

// shortErr names a network error by its kind, not its addresses.
func shortErr(err error) string {
	s := err.Error()
	for _, k := range []string{"EOF", "connection refused", "connection reset", "Client.Timeout", "timeout"} {
		if strings.Contains(s, k) {
			return k
		}
	}
	parts := strings.Split(s, ": ")
	return parts[len(parts)-1]
}

func login(base, phone, password string) string {
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		res, err := http.Post(base+"/api/login", "application/json",
			strings.NewReader(fmt.Sprintf(`{"phone_number":%q,"password":%q}`, phone, password)))
		if err == nil {
			var body struct{ Token string }
			json.NewDecoder(res.Body).Decode(&body)
			res.Body.Close()
			if body.Token != "" {
				return body.Token
			}
		}
		if time.Now().After(deadline) {
			fail("login %s: %v", phone, err)
		}
	}
}

func post(client *http.Client, url, token, key, body string) (int, error) {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", key)
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "faults: "+format+"\n", args...)
	os.Exit(1)
}
