package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// logSink is what the log is written to, read by the test while the
// flush timer may write.
type logSink struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
}

func (l *logSink) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes++
	return l.b.Write(p)
}

func (l *logSink) read() (string, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String(), l.writes
}

func TestBatchedLogWritesInfoLinesTogetherAndWarningsAtOnce(t *testing.T) {
	out := &logSink{}
	log := zerolog.New(newBatchedLog(out))
	for i := range 100 {
		log.Info().Int("i", i).Msg("request")
	}
	if got, _ := out.read(); got != "" {
		t.Fatalf("info lines were written one by one: %q", got[:min(len(got), 80)])
	}
	// A warning goes out at once, after the lines gathered before it.
	log.Warn().Msg("database unreachable")
	got, writes := out.read()
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if len(lines) != 101 || !strings.Contains(lines[100], "database unreachable") || !strings.Contains(lines[0], `"i":0`) {
		t.Fatalf("after the warning: %d lines, last %q", len(lines), lines[len(lines)-1])
	}
	if writes != 1 {
		t.Fatalf("%d writes for 101 lines, want 1", writes)
	}
	// Info lines alone go out within logFlushEvery.
	log.Info().Msg("later")
	deadline := time.Now().Add(5 * logFlushEvery)
	for {
		if got, _ := out.read(); strings.Contains(got, "later") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("an info line was never written")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// A batch never grows past logBatchBytes.
	big := strings.Repeat("x", 1000)
	for range 200 {
		log.Info().Str("big", big).Msg("")
	}
	if _, w := out.read(); w < 3 {
		t.Fatalf("200 KB of lines in %d writes: the batch is not bounded", w)
	}
}
