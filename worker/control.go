package worker

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// River's notification topics (river/internal/notifier) whose payloads
// steer the workers: control pauses or resumes queues and cancels running
// jobs, leadership makes the leader resign.
const (
	topicControl    = "river_control"
	topicLeadership = "river_leadership"
)

// guardedDriver is River's pgx driver with a listener that drops control
// notifications the database does not back. PostgreSQL lets every role
// that can connect NOTIFY any channel, and client roles connect to this
// database to ask: without the check, one `SELECT pg_notify(
// 'river.river_control', '{"action":"cancel",...}')` cancelled other
// users' running stages, and a pause stopped every queue until River's
// next poll of the queue table (a review's find). River itself writes the
// state (river_queue.paused_at, the job's cancel_attempted_at) before it
// notifies, so genuine notifications, River UI's included, pass.
type guardedDriver struct {
	*riverpgxv5.Driver
	guard *controlGuard
}

// newGuardedDriver returns River's driver over pool with the guarded
// listener.
func newGuardedDriver(pool *pgxpool.Pool, log *slog.Logger) *guardedDriver {
	return &guardedDriver{
		Driver: riverpgxv5.New(pool),
		guard:  &controlGuard{pool: pool, q: dbsqlc.New(), log: log},
	}
}

// GetListener implements riverdriver.Driver.
func (d *guardedDriver) GetListener(params *riverdriver.GetListenenerParams) riverdriver.Listener {
	return &guardedListener{Listener: d.Driver.GetListener(params), guard: d.guard}
}

// guardedListener passes on the notifications controlGuard admits.
type guardedListener struct {
	riverdriver.Listener
	guard *controlGuard
}

// WaitForNotification implements riverdriver.Listener.
func (l *guardedListener) WaitForNotification(ctx context.Context) (*riverdriver.Notification, error) {
	for {
		n, err := l.Listener.WaitForNotification(ctx)
		if err != nil || l.guard.admits(ctx, n) {
			return n, err
		}
	}
}

// controlGuard checks control notifications against River's tables.
type controlGuard struct {
	pool *pgxpool.Pool
	q    *dbsqlc.Queries
	log  *slog.Logger

	mu         sync.Mutex
	lastLog    time.Time
	suppressed int
	// checks counts the checks of the current second (window): a flood of
	// notifications must not keep the notifier, which River's own insert
	// notifications wait behind, busy with queries.
	window time.Time
	checks int
}

// Bounds of a check: its time (the notifier waits for it), and how many
// run a second before the rest are dropped unchecked (genuine control
// notifications are a few a day; River's polls recover one lost).
const (
	checkTimeout   = 2 * time.Second
	checksInSecond = 20
)

// controlPayload is what River's producers read of a control payload.
type controlPayload struct {
	Action string `json:"action"`
	JobID  int64  `json:"job_id"`
	Queue  string `json:"queue"`
}

// leadershipPayload is what River's elector reads of a leadership payload.
type leadershipPayload struct {
	Action   string `json:"action"`
	LeaderID string `json:"leader_id"`
}

// admits reports whether n may reach River: every notification but a
// control or leadership one, and those when the database backs them. A
// payload the guard cannot read as River reads it, a check that fails or
// one over the rate is dropped: a genuine hint lost costs a poll's delay,
// a spoofed one admitted a cancelled stage.
func (g *controlGuard) admits(ctx context.Context, n *riverdriver.Notification) bool {
	switch n.Topic {
	case topicLeadership:
		var p leadershipPayload
		if err := json.Unmarshal([]byte(n.Payload), &p); err != nil || p.Action == "request_resign" {
			// River's elector announces its own resignation; asking the
			// leader to resign is an operator's tool nl2sql does not use.
			g.dropped(ctx, n.Topic, p.Action, 0, "")
			return false
		}
		return true
	case topicControl:
	default:
		return true
	}
	var p controlPayload
	if err := json.Unmarshal([]byte(n.Payload), &p); err != nil {
		g.dropped(ctx, n.Topic, "", 0, "")
		return false
	}
	if !g.mayCheck() {
		g.dropped(ctx, n.Topic, p.Action, p.JobID, p.Queue)
		return false
	}
	// River's notifier cancels ctx on its own schedule (a ping, a new
	// LISTEN): the check runs to its end regardless.
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), checkTimeout)
	defer cancel()
	ok, err := g.backed(cctx, p)
	if err != nil || !ok {
		g.dropped(ctx, n.Topic, p.Action, p.JobID, p.Queue)
		return false
	}
	return true
}

// mayCheck reports whether another check fits in this second's budget.
func (g *controlGuard) mayCheck() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if now := time.Now(); now.Sub(g.window) >= time.Second {
		g.window, g.checks = now, 0
	}
	g.checks++
	return g.checks <= checksInSecond
}

// backed reports whether the state p announces is in River's tables.
func (g *controlGuard) backed(ctx context.Context, p controlPayload) (bool, error) {
	switch p.Action {
	case "cancel":
		return g.q.JobCancelRequested(ctx, g.pool, p.JobID)
	case "pause", "resume":
		n, err := g.q.QueuesPaused(ctx, g.pool, p.Queue)
		if err != nil {
			return false, err
		}
		if p.Action == "pause" {
			return n.Queues > 0 && n.Paused == n.Queues, nil
		}
		return n.Paused == 0, nil
	}
	// metadata_changed and actions this River does not know: nothing that
	// stops or cancels work.
	return true, nil
}

// dropped logs a refused notification, at most once a minute with the
// count of those not logged.
func (g *controlGuard) dropped(ctx context.Context, topic, action string, jobID int64, queue string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if time.Since(g.lastLog) < time.Minute {
		g.suppressed++
		return
	}
	g.log.WarnContext(ctx, "dropped a River notification the database does not back: some role that can connect sent it (pg_notify)",
		"topic", topic, "action", action, "job_id", jobID, "queue", queue, "dropped_since_last_log", g.suppressed)
	g.lastLog, g.suppressed = time.Now(), 0
}

var _ riverdriver.Driver[pgx.Tx] = (*guardedDriver)(nil)
