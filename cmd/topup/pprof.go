package main

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"strconv"
	"time"

	"github.com/rs/zerolog"
)

// The profiler (PPROF_ADDR, e.g. 127.0.0.1:6060) serves net/http/pprof on
// a listener of its own, never on the public port: a profile shows memory
// contents and costs CPU to take, so it is for an operator on the machine.
// An address that is not loopback is refused unless PPROF_ALLOW_REMOTE=1
// says someone put it behind their own firewall on purpose.

var (
	errPprofPublicPort = errors.New("PPROF_ADDR must not be the public port (LISTEN_ADDR)")
	errPprofNotLocal   = errors.New("PPROF_ADDR must be a loopback address (127.0.0.1:6060, [::1]:6060) unless PPROF_ALLOW_REMOTE=1")
)

// checkPprofAddr refuses an address the profiler must not listen on.
func checkPprofAddr(addr, listenAddr string, allowRemote bool) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("PPROF_ADDR %q: %w", addr, err)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return fmt.Errorf("PPROF_ADDR %q: not a port", addr)
	}
	if _, publicPort, err := net.SplitHostPort(listenAddr); err == nil && port != "0" && publicPort == port {
		return errPprofPublicPort
	}
	if allowRemote {
		return nil
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return errPprofNotLocal
}

// startPprof listens on PPROF_ADDR when it is set and returns the address
// it got and a stop function; with PPROF_ADDR unset it does nothing.
func startPprof(getenv func(string) string, listenAddr string, log zerolog.Logger) (string, func(), error) {
	addr := getenv("PPROF_ADDR")
	if addr == "" {
		return "", func() {}, nil
	}
	if err := checkPprofAddr(addr, listenAddr, getenv("PPROF_ALLOW_REMOTE") == "1"); err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("pprof: listen on %s: %w", addr, err)
	}
	mux := http.NewServeMux() // not http.DefaultServeMux: nothing else may land here
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn().Err(err).Msg("pprof listener stopped")
		}
	}()
	log.Info().Str("addr", ln.Addr().String()).Msg("profiler listening (local only)")
	return ln.Addr().String(), func() { _ = srv.Close() }, nil
}
