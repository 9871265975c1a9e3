// Package opshttp is the HTTP listener of `nl2sql serve --http ADDR`: what
// operators and network clients reach a running service by.
//
//	/healthz   200 while the process serves HTTP
//	/readyz    200 when every check passes (nl2sql's database, the River
//	           client, the model server), else 503; each check is named in
//	           the JSON
//	/metrics   Prometheus text format (internal/metrics)
//	/mcp       the MCP server over streamable HTTP (internal/mcpserver)
//	/riverui/  River's web UI, when given
//
// It binds a loopback address unless told otherwise: the MCP endpoint
// answers questions about registered databases and River's UI can cancel
// jobs, so exposing them is a decision, not a default.
package opshttp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Config configures the listener.
type Config struct {
	// Addr is where to listen, "host:port" or ":port"; without a host it
	// binds 127.0.0.1. Required.
	Addr string
	// AllowRemote allows a host that is not loopback (0.0.0.0, a LAN
	// address). Defaults to false.
	AllowRemote bool
	// ReadyTimeout bounds each /readyz check. Defaults to 2s.
	ReadyTimeout time.Duration
	// Logger receives the listener's logs. Defaults to a discarding logger.
	Logger *slog.Logger
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.ReadyTimeout == 0 {
		c.ReadyTimeout = 2 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c Config) validate() error {
	if c.ReadyTimeout < time.Millisecond {
		return errors.New("opshttp: ReadyTimeout must be at least 1ms")
	}
	_, err := ListenAddr(c.Addr, c.AllowRemote)
	return err
}

// ListenAddr is the address addr binds: 127.0.0.1 when it names no host.
// A host that is not loopback is refused unless allowRemote.
func ListenAddr(addr string, allowRemote bool) (string, error) {
	addr = strings.TrimSpace(addr)
	if addr == "" {
		return "", errors.New("--http needs an address, e.g. 127.0.0.1:8080 or :8080")
	}
	if !strings.Contains(addr, ":") {
		addr = ":" + addr // a bare port
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--http %q is not host:port: %v", addr, err)
	}
	// Checked here, before serve starts its workers, not by the listener
	// after them ("nonsense" reads as a port until then).
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return "", fmt.Errorf("--http %q: the port %q is not a number from 0 to 65535", addr, port)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	if !allowRemote && !isLoopback(host) {
		return "", fmt.Errorf("--http %s would accept connections from other machines; pass --http-public to allow it (and put authentication in front: /mcp answers questions about your databases)", addr)
	}
	return net.JoinHostPort(host, port), nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Check is one readiness check: nil when ready.
type Check struct {
	Name string
	Run  func(ctx context.Context) error
}

// Routes are the handlers mounted besides /healthz and /readyz; nil ones
// are left out.
type Routes struct {
	Metrics http.Handler
	MCP     http.Handler
	// RiverUI is mounted at /riverui/ (its prefix must be /riverui).
	RiverUI http.Handler
}

// Server is the running listener.
type Server struct {
	cfg    Config
	checks []Check
	hs     *http.Server
	ln     net.Listener
	done   chan struct{}
}

// Start listens on cfg.Addr and serves until Shutdown.
func Start(cfg Config, checks []Check, routes Routes) (*Server, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	addr, _ := ListenAddr(cfg.Addr, cfg.AllowRemote)
	s := &Server{cfg: cfg, checks: checks, done: make(chan struct{})}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--http: cannot listen on %s: %w", addr, err)
	}
	s.ln = ln
	s.hs = &http.Server{
		Handler: s.Handler(routes), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(cfg.Logger.Handler(), slog.LevelWarn),
	}
	go func() {
		defer close(s.done)
		if err := s.hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			cfg.Logger.Error("http: serving stopped", "err", err.Error())
		}
	}()
	return s, nil
}

// Addr is the address the server listens on (the port chosen for ":0").
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Shutdown stops accepting connections and waits for requests in progress
// (a nl_query waiting for its answer) until ctx ends, then closes the rest.
func (s *Server) Shutdown(ctx context.Context) error {
	err := s.hs.Shutdown(ctx)
	if err != nil {
		_ = s.hs.Close()
	}
	<-s.done
	return err
}

// Handler is the mux: /healthz, /readyz and routes.
func (s *Server) Handler(routes Routes) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("GET /readyz", s.readyz)
	if routes.Metrics != nil {
		mux.Handle("GET /metrics", routes.Metrics)
	}
	if routes.MCP != nil {
		mux.Handle("/mcp", routes.MCP)
	}
	if routes.RiverUI != nil {
		// River's UI cancels and deletes jobs with POSTs a browser sends
		// cross-site without asking (text/plain): any page the operator
		// opens could fail questions. Cross-origin writes are refused.
		mux.Handle("/riverui/", http.NewCrossOriginProtection().Handler(routes.RiverUI))
		mux.Handle("GET /riverui", http.RedirectHandler("/riverui/", http.StatusMovedPermanently))
	}
	if s.cfg.AllowRemote {
		return mux
	}
	return loopbackHost(mux)
}

// loopbackHost refuses a request whose Host is not a loopback name or
// address: a listener bound to loopback is reached by such a name, and
// another one is a page that rebound its own name to 127.0.0.1 (DNS
// rebinding) to read and drive this listener from the operator's browser.
func loopbackHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
		ip := net.ParseIP(host)
		if !strings.EqualFold(host, "localhost") && (ip == nil || !ip.IsLoopback()) {
			http.Error(w, "this listener answers only requests addressed to a loopback host (localhost, 127.0.0.1, [::1])", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// CheckResult is one check's outcome in /readyz's JSON.
type CheckResult struct {
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
	MS    int64  `json:"ms"`
}

// Readiness is /readyz's JSON.
type Readiness struct {
	Status string                 `json:"status"` // ready or not_ready
	Checks map[string]CheckResult `json:"checks"`
}

// Ready runs every check at once, each bounded by ReadyTimeout.
func (s *Server) Ready(ctx context.Context) Readiness {
	out := Readiness{Status: "ready", Checks: map[string]CheckResult{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, c := range s.checks {
		wg.Go(func() {
			cctx, cancel := context.WithTimeout(ctx, s.cfg.ReadyTimeout)
			defer cancel()
			start := time.Now()
			err := c.Run(cctx)
			r := CheckResult{OK: err == nil, MS: time.Since(start).Milliseconds()}
			if err != nil {
				r.Error = err.Error()
			}
			mu.Lock()
			out.Checks[c.Name] = r
			if err != nil {
				out.Status = "not_ready"
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	res := s.Ready(r.Context())
	status := http.StatusOK
	if res.Status != "ready" {
		status = http.StatusServiceUnavailable
		var failed []string
		for name, c := range res.Checks {
			if !c.OK {
				failed = append(failed, name+": "+c.Error)
			}
		}
		sort.Strings(failed)
		s.cfg.Logger.Info("not ready", "checks", strings.Join(failed, "; "))
	}
	writeJSON(w, status, res)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"status":"error"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
