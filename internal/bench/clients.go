//go:build nl2sqlbench

package bench

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// client is one simulated application: it has a question in flight at a
// time.
type client struct {
	conn *pgxpool.Pool
}

// clientPool holds the clients' connections and one listener that
// dispatches completion notifications (rag_query_done for questions,
// nl2sql_bench_done for bare chains) to the waiting clients.
type clientPool struct {
	pool     *pgxpool.Pool
	listener *pgx.Conn
	cancel   context.CancelFunc
	done     chan struct{}

	mu      sync.Mutex
	waiters map[int64]chan struct{}
	arrived map[int64]bool // notified before the client started waiting
}

func newClientPool(ctx context.Context, dbURL string, conc int) (*clientPool, error) {
	cfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return nil, err
	}
	cfg.MaxConns = int32(min(conc, 32))
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	listener, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		pool.Close()
		return nil, err
	}
	q := dbsqlc.New()
	if err := q.ListenQueryDone(ctx, listener); err != nil {
		return nil, err
	}
	if err := q.ListenBenchDone(ctx, listener); err != nil {
		return nil, err
	}
	lctx, cancel := context.WithCancel(context.Background())
	cp := &clientPool{
		pool: pool, listener: listener, cancel: cancel, done: make(chan struct{}),
		waiters: map[int64]chan struct{}{}, arrived: map[int64]bool{},
	}
	go cp.dispatch(lctx)
	return cp, nil
}

func (cp *clientPool) dispatch(ctx context.Context) {
	defer close(cp.done)
	for {
		n, err := cp.listener.WaitForNotification(ctx)
		if err != nil {
			return
		}
		var d struct {
			ID int64 `json:"id"`
		}
		if json.Unmarshal([]byte(n.Payload), &d) != nil {
			continue
		}
		cp.mu.Lock()
		if ch, ok := cp.waiters[d.ID]; ok {
			close(ch)
			delete(cp.waiters, d.ID)
		} else {
			cp.arrived[d.ID] = true
		}
		cp.mu.Unlock()
	}
}

func (cp *clientPool) wait(ctx context.Context, id int64) error {
	cp.mu.Lock()
	if cp.arrived[id] {
		delete(cp.arrived, id)
		cp.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	cp.waiters[id] = ch
	cp.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (cp *clientPool) get() *client { return &client{conn: cp.pool} }
func (cp *clientPool) put(*client)  {}
func (cp *clientPool) Close() {
	cp.cancel()
	<-cp.done
	cp.listener.Close(context.Background())
	cp.pool.Close()
}
