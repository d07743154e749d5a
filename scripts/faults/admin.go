package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// admin confirms customers' pending top-ups as the back office does: a
// refused confirmation that names failed receipt checks is sent again
// acknowledging them; a network error or a 5xx is retried, and a retry
// answered "already decided" means the first attempt went through.
type admin struct {
	api   *api
	token string

	mu        sync.Mutex
	confirmed []int64 // answered confirmed (or already decided on a retry)
	unsure    []int64 // given up on: may or may not be confirmed
}

func (a *admin) run(ctx context.Context, queue <-chan int64) {
	for ctx.Err() == nil {
		var id int64
		select {
		case <-ctx.Done():
			return
		case id = <-queue:
		}
		a.confirm(id)
	}
}

func (a *admin) confirm(id int64) {
	path := fmt.Sprintf("/api/admin/topups/%d/confirm", id)
	key := fmt.Sprintf("confirm-%d", id)
	overridden := []string{}
	retried := false
	for first := time.Now(); ; {
		body, _ := json.Marshal(map[string]any{"overridden_checks": overridden})
		st, raw, err := a.api.call("confirm", http.MethodPost, path, a.token, key, "", string(body), nil)
		switch {
		case err == nil && st == http.StatusOK:
			a.record(&a.confirmed, id)
			return
		case err == nil && st == http.StatusConflict:
			var refusal struct {
				Code          string   `json:"code"`
				MissingChecks []string `json:"missing_checks"`
			}
			_ = json.Unmarshal(raw, &refusal)
			if len(refusal.MissingChecks) > 0 && len(overridden) == 0 {
				overridden = refusal.MissingChecks
				continue
			}
			if retried && refusal.Code == "invalid_state" { // decided by the attempt whose answer was lost
				a.record(&a.confirmed, id)
				return
			}
			a.record(&a.unsure, id)
			return
		case retryable(st, err) && time.Since(first) < time.Minute:
			retried = true
			time.Sleep(200 * time.Millisecond)
		default:
			a.record(&a.unsure, id)
			return
		}
	}
}

func (a *admin) record(list *[]int64, id int64) {
	a.mu.Lock()
	*list = append(*list, id)
	a.mu.Unlock()
}
