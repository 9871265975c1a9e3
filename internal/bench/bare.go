//go:build nl2sqlbench

package bench

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/jobs"
	"github.com/nl2sql/nl2sql/worker"
)

// bareArgs is one link of a bare chain: four no-op jobs on the pipeline's
// queues, handing over exactly as the stages do (worker's handOff: InsertTx,
// a river_insert notification and JobCompleteTx in one transaction, which
// commits without waiting for its flush unless SynchronousCommit).
type bareArgs struct {
	Token int64 `json:"token"`
	Link  int   `json:"link"`
}

func (bareArgs) Kind() string { return "nl2sql.bench_bare" }

// bareQueues mirrors the pipeline: retrieve, generate (LLM), validate and
// execute (DB).
var bareQueues = []string{jobs.QueueRetrieve, jobs.QueueLLM, jobs.QueueDB, jobs.QueueDB}

type bareWorker struct {
	river.WorkerDefaults[bareArgs]
	pool    *pgxpool.Pool
	c       **river.Client[pgx.Tx]
	channel string
	// synchronous is worker.Config.SynchronousCommit.
	synchronous bool
}

func (w *bareWorker) Work(ctx context.Context, job *river.Job[bareArgs]) error {
	return pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		// As the stages: the chain's last link, which tells its waiter it
		// is done, waits for its flush.
		if err := dbsqlc.New().SetupStageTransaction(ctx, tx, w.synchronous || job.Args.Link == len(bareQueues)-1); err != nil {
			return err
		}
		if job.Args.Link < len(bareQueues)-1 {
			next := bareArgs{Token: job.Args.Token, Link: job.Args.Link + 1}
			if _, err := (*w.c).InsertTx(ctx, tx, next, &river.InsertOpts{Queue: bareQueues[next.Link]}); err != nil {
				return err
			}
			if err := dbsqlc.New().NotifyQueue(ctx, tx, &dbsqlc.NotifyQueueParams{
				Channel: w.channel,
				Payload: fmt.Sprintf("{\"queue\": %q}", bareQueues[next.Link]),
			}); err != nil {
				return err
			}
		} else if err := dbsqlc.New().BenchChainDone(ctx, tx, `{"id": `+strconv.FormatInt(job.Args.Token, 10)+`}`); err != nil {
			return err
		}
		_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job)
		return err
	})
}

type bareChain struct {
	client *river.Client[pgx.Tx]
	tokens atomic.Int64
}

func startBareChain(ctx context.Context, pool *pgxpool.Pool, cfg worker.Config) (*bareChain, error) {
	cfg = cfg.WithDefaults()
	bc := &bareChain{}
	workers := river.NewWorkers()
	river.AddWorker(workers, &bareWorker{pool: pool, c: &bc.client, channel: cfg.Schema + ".river_insert", synchronous: cfg.SynchronousCommit})
	client, err := river.NewClient(riverpgxv5.New(pool), cfg.RiverConfig(workers))
	if err != nil {
		return nil, err
	}
	bc.client = client
	if err := client.Start(ctx); err != nil {
		return nil, err
	}
	bc.tokens.Store(1 << 40) // far from question ids, which share the waiter map
	return bc, nil
}

func (bc *bareChain) submit(ctx context.Context, _ *client, _ int) (int64, error) {
	tok := bc.tokens.Add(1)
	_, err := bc.client.Insert(ctx, bareArgs{Token: tok}, &river.InsertOpts{Queue: bareQueues[0]})
	return tok, err
}

func (bc *bareChain) stop() { _ = bc.client.Stop(context.Background()) }
