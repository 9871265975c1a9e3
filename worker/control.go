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
}

// controlPayload is the part of a River control or leadership payload the
// guard reads.
type controlPayload struct {
	Action string `json:"action"`
	JobID  int64  `json:"job_id"`
	Queue  string `json:"queue"`
}

// admits reports whether n may reach River: every notification but a
// control or leadership one, and those when the database backs them. A
// check that fails (the database unreachable) admits: River's own polls
// would then do no better, and the hint costs at most a cancelled stage.
func (g *controlGuard) admits(ctx context.Context, n *riverdriver.Notification) bool {
	if n.Topic != topicControl && n.Topic != topicLeadership {
		return true
	}
	var p controlPayload
	if err := json.Unmarshal([]byte(n.Payload), &p); err != nil {
		return true // River drops it too
	}
	ok, err := g.backed(ctx, n.Topic, p)
	if err != nil {
		return true
	}
	if !ok {
		g.dropped(ctx, n.Topic, p)
	}
	return ok
}

// backed reports whether the state p announces is in River's tables.
func (g *controlGuard) backed(ctx context.Context, topic string, p controlPayload) (bool, error) {
	if topic == topicLeadership {
		// River's elector announces its own resignation; asking the leader
		// to resign is an operator's tool nl2sql does not use.
		return p.Action != "request_resign", nil
	}
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
func (g *controlGuard) dropped(ctx context.Context, topic string, p controlPayload) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if time.Since(g.lastLog) < time.Minute {
		g.suppressed++
		return
	}
	g.log.WarnContext(ctx, "dropped a River notification the database does not back: some role that can connect sent it (pg_notify)",
		"topic", topic, "action", p.Action, "job_id", p.JobID, "queue", p.Queue, "dropped_since_last_log", g.suppressed)
	g.lastLog, g.suppressed = time.Now(), 0
}

var _ riverdriver.Driver[pgx.Tx] = (*guardedDriver)(nil)
