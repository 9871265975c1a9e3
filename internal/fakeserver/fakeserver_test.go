package fakeserver

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

type chat string

func (c chat) Prompt() string { return string(c) }

func TestListenerDownAndBack(t *testing.T) {
	t.Parallel()
	l, err := Listen("fake", "127.0.0.1:0", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, "up")
	}))
	require.NoError(t, err)
	t.Cleanup(l.Close)
	addr := l.Addr()
	get := func() error {
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
		resp, err := c.Get("http://" + addr)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	require.NoError(t, get())
	require.NoError(t, l.SetDown(true))
	require.Error(t, get(), "down refuses connections")
	require.NoError(t, l.SetDown(false))
	require.Equal(t, addr, l.Addr(), "back on the same address")
	require.NoError(t, get())
	l.Close()
	require.ErrorContains(t, l.SetDown(false), "fake: server is closed")
	require.False(t, l.Sleep(context.Background(), time.Hour), "Close ends a wait")
}

func TestListenerHung(t *testing.T) {
	t.Parallel()
	l, err := Listen("fake", "127.0.0.1:0", nil)
	require.NoError(t, err)
	t.Cleanup(l.Close)
	require.True(t, l.Hold(context.Background()), "not hung: answered at once")

	l.SetHung(true)
	l.SetHung(true) // idempotent
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	require.False(t, l.Hold(ctx), "hung: held until the client goes away")

	held := make(chan bool, 1)
	go func() { held <- l.Hold(context.Background()) }()
	l.SetHung(false)
	l.SetHung(false) // idempotent
	require.True(t, <-held, "released: the held request is answered")

	l.SetHung(true)
	go func() { held <- l.Hold(context.Background()) }()
	l.Close()
	require.False(t, <-held, "Close ends the hold")
}

func TestRepliesOrder(t *testing.T) {
	t.Parallel()
	var r Replies[chat, string]
	_, ok := r.Reply("x")
	require.False(t, ok, "nothing scripted")
	r.OnChat(func(c chat) string { return "fn " + string(c) })
	r.Script("first", "second")
	r.Answer(Contains("rule", "me"), "ruled")
	require.Equal(t, 2, r.Pending())
	for _, want := range []string{"ruled", "first", "ruled", "second", "fn x"} {
		q := chat("x")
		if want == "ruled" {
			q = "rule me"
		}
		got, ok := r.Reply(q)
		require.True(t, ok)
		require.Equal(t, want, got)
	}
	require.Equal(t, 0, r.Pending())
}

func TestFaults(t *testing.T) {
	t.Parallel()
	var f Faults
	f.FailNext(2, http.StatusServiceUnavailable)
	for range 2 {
		status, ok := f.Take()
		require.True(t, ok)
		require.Equal(t, http.StatusServiceUnavailable, status)
	}
	_, ok := f.Take()
	require.False(t, ok)
	require.Equal(t, 3, PrefixRunes("héllo", 2), "h and the two bytes of é")
	require.Equal(t, 1, Tokens(0))
	require.Equal(t, 2, Tokens(5))
}

func TestLogCopies(t *testing.T) {
	t.Parallel()
	var l Log[string]
	require.Empty(t, l.All())
	l.Add("a")
	l.Add("b")
	got := l.All()
	require.Equal(t, []string{"a", "b"}, got)
	got[0] = "changed"
	require.Equal(t, []string{"a", "b"}, l.All(), "All returns a copy")
}

// A request can arrive the moment a server listens: a client of another
// test still calling the port a closed server freed, which the kernel hands
// out again. Its handler reads the server Start is still filling in (the
// Listener, for Hold): Start must not serve before it is done (a race
// `go test -race ./cmd/nl2sql` met in TestHangupDrains).
func TestStartServesOnceStarted(t *testing.T) {
	t.Parallel()
	l, err := Listen("fake", "127.0.0.1:0", http.NotFoundHandler())
	require.NoError(t, err)
	addr := l.Addr()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
		for ctx.Err() == nil {
			if resp, err := c.Get("http://" + addr); err == nil {
				resp.Body.Close()
			}
		}
	}()
	for range 20 {
		var s Server[struct{}, chat, struct{}]
		require.NoError(t, s.Start("fake", addr, false, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.Hold(r.Context())
		})))
		time.Sleep(5 * time.Millisecond) // serving, while the client calls
		s.Close()
	}
	cancel()
	<-done
}
