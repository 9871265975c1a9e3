package opshttp_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/opshttp"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestListenAddr(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		":8080":          "127.0.0.1:8080",
		"8080":           "127.0.0.1:8080",
		"127.0.0.1:9000": "127.0.0.1:9000",
		"localhost:9000": "localhost:9000",
		"[::1]:9000":     "[::1]:9000",
	} {
		got, err := opshttp.ListenAddr(in, false)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for _, in := range []string{"0.0.0.0:8080", "192.168.1.5:8080", "example.com:80", "[::]:8080"} {
		_, err := opshttp.ListenAddr(in, false)
		require.ErrorContains(t, err, "--http-public", in)
		got, err := opshttp.ListenAddr(in, true)
		require.NoError(t, err, "an explicit flag allows it")
		require.NotEmpty(t, got)
	}
	_, err := opshttp.ListenAddr("", false)
	require.Error(t, err)
	for _, in := range []string{"nonsense", "127.0.0.1:http-alt", ":70000", "localhost:-1"} {
		_, err := opshttp.ListenAddr(in, false)
		require.ErrorContains(t, err, "is not a number from 0 to 65535", in)
	}
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

func TestServer(t *testing.T) {
	t.Parallel()
	var modelUp atomic.Bool
	modelUp.Store(true)
	checks := []opshttp.Check{
		{Name: "database", Run: func(context.Context) error { return nil }},
		{Name: "model", Run: func(context.Context) error {
			if modelUp.Load() {
				return nil
			}
			return errors.New("cannot reach Ollama at http://127.0.0.1:1: connection refused")
		}},
		{Name: "river", Run: func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }}, // hangs: bounded
	}
	s, err := opshttp.Start(opshttp.Config{Addr: "127.0.0.1:0", ReadyTimeout: 50 * time.Millisecond}, checks,
		opshttp.Routes{Metrics: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "nl2sql_up 1\n") })})
	require.NoError(t, err)
	defer func() { require.NoError(t, s.Shutdown(context.Background())) }()
	base := "http://" + s.Addr()

	code, body := get(t, base+"/healthz")
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"status":"ok"}`, body)

	code, body = get(t, base+"/readyz")
	require.Equal(t, http.StatusServiceUnavailable, code, "a check that hangs is not ready")
	var r opshttp.Readiness
	require.NoError(t, json.Unmarshal([]byte(body), &r))
	require.Equal(t, "not_ready", r.Status)
	require.True(t, r.Checks["database"].OK)
	require.True(t, r.Checks["model"].OK)
	require.False(t, r.Checks["river"].OK)
	require.Contains(t, r.Checks["river"].Error, "deadline exceeded")

	checks[2].Run = func(context.Context) error { return nil }
	s2, err := opshttp.Start(opshttp.Config{Addr: ":0"}, checks, opshttp.Routes{})
	require.NoError(t, err)
	defer func() { require.NoError(t, s2.Shutdown(context.Background())) }()
	require.True(t, strings.HasPrefix(s2.Addr(), "127.0.0.1:"), "no host: loopback")
	code, _ = get(t, "http://"+s2.Addr()+"/readyz")
	require.Equal(t, http.StatusOK, code)
	modelUp.Store(false)
	code, body = get(t, "http://"+s2.Addr()+"/readyz")
	require.Equal(t, http.StatusServiceUnavailable, code)
	require.NoError(t, json.Unmarshal([]byte(body), &r))
	require.Equal(t, "cannot reach Ollama at http://127.0.0.1:1: connection refused", r.Checks["model"].Error)
	modelUp.Store(true)
	code, _ = get(t, "http://"+s2.Addr()+"/readyz")
	require.Equal(t, http.StatusOK, code, "and back")

	code, body = get(t, base+"/metrics")
	require.Equal(t, http.StatusOK, code)
	require.Equal(t, "nl2sql_up 1\n", body)
	code, _ = get(t, "http://"+s2.Addr()+"/metrics")
	require.Equal(t, http.StatusNotFound, code, "only the routes given")

	_, err = opshttp.Start(opshttp.Config{Addr: "0.0.0.0:0"}, nil, opshttp.Routes{})
	require.ErrorContains(t, err, "--http-public")
}

func TestRiverUI(t *testing.T) {
	t.Parallel()
	db := dbtest.NewDB(t)
	client, err := river.NewClient(riverpgxv5.New(db.Pool), &river.Config{Schema: "river"})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ui, err := opshttp.RiverUI(ctx, client, dbtest.Logger(t))
	require.NoError(t, err)
	s, err := opshttp.Start(opshttp.Config{Addr: "127.0.0.1:0"}, nil, opshttp.Routes{RiverUI: ui})
	require.NoError(t, err)
	defer func() { require.NoError(t, s.Shutdown(context.Background())) }()

	code, body := get(t, "http://"+s.Addr()+"/riverui/")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, body, "<html")
	code, body = get(t, "http://"+s.Addr()+"/riverui/api/jobs?state=available")
	require.Equal(t, http.StatusOK, code, body)
	require.JSONEq(t, `{"data":[]}`, body)

	// What a web page could make the operator's browser send: a write
	// from another site, or anything to a name rebound to 127.0.0.1.
	do := func(method, path, host string, header map[string]string) int {
		t.Helper()
		req, err := http.NewRequest(method, "http://"+s.Addr()+path, strings.NewReader(`{"ids":["1"]}`))
		require.NoError(t, err)
		if host != "" {
			req.Host = host
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		_ = res.Body.Close()
		return res.StatusCode
	}
	require.Equal(t, http.StatusForbidden, do("POST", "/riverui/api/jobs/delete", "", map[string]string{"Origin": "http://evil.example", "Content-Type": "text/plain"}))
	require.Equal(t, http.StatusForbidden, do("POST", "/riverui/api/jobs/delete", "", map[string]string{"Sec-Fetch-Site": "cross-site"}))
	require.Equal(t, http.StatusForbidden, do("GET", "/riverui/api/jobs?state=available", "attacker.example", nil))
	require.Equal(t, http.StatusForbidden, do("GET", "/healthz", "attacker.example:80", nil))
	require.Equal(t, http.StatusOK, do("GET", "/healthz", "localhost", nil))
	require.Equal(t, http.StatusOK, do("GET", "/healthz", "[::1]:9", nil))
}
