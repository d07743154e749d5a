package main

import (
	"io"
	"sync"
	"time"

	"github.com/rs/zerolog"
)

// batchedLog gathers info and debug lines and writes them together, at
// most logFlushEvery after the first or when logBatchBytes have gathered,
// instead of one write(2) per line: at thousands of requests per second
// the access log's system calls cost more than the lines
// (docs/benchmarks.md, "End to end"). A warning or an error is written at
// once, with everything gathered before it, so what explains a failure is
// never held back; what a SIGKILL can lose is the last logFlushEvery of
// info lines. flush writes what is gathered (call it before exiting).
type batchedLog struct {
	mu      sync.Mutex
	w       io.Writer
	buf     []byte
	pending bool // a flush is scheduled
}

const (
	logFlushEvery = 100 * time.Millisecond
	logBatchBytes = 64 << 10
)

func newBatchedLog(w io.Writer) *batchedLog {
	return &batchedLog{w: w, buf: make([]byte, 0, logBatchBytes)}
}

func (b *batchedLog) Write(p []byte) (int, error) {
	return b.WriteLevel(zerolog.InfoLevel, p)
}

// WriteLevel makes batchedLog a zerolog.LevelWriter.
func (b *batchedLog) WriteLevel(level zerolog.Level, p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if level >= zerolog.WarnLevel && level != zerolog.NoLevel {
		b.buf = append(b.buf, p...)
		return len(p), b.flushLocked()
	}
	if len(b.buf)+len(p) > logBatchBytes {
		if err := b.flushLocked(); err != nil {
			return 0, err
		}
	}
	b.buf = append(b.buf, p...)
	if !b.pending {
		b.pending = true
		time.AfterFunc(logFlushEvery, b.flush)
	}
	return len(p), nil
}

func (b *batchedLog) flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending = false
	_ = b.flushLocked()
}

func (b *batchedLog) flushLocked() error {
	if len(b.buf) == 0 {
		return nil
	}
	_, err := b.w.Write(b.buf)
	b.buf = b.buf[:0]
	return err
}
