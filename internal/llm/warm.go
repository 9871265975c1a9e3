package llm

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/ollama/ollama/api"
)

// warmer loads models in the background for calls whose caller gave up
// first. Ollama loads a model on its first call and aborts the load when
// that call's client goes away (the runner's WaitUntilRunning ends with
// the request's context): a caller with a short deadline (the question's
// embedding, 5s; the linking call, 8s) on a model that takes longer to
// load would abort every load and never be answered. A load is one call
// without input (chat without messages, embed without input), which
// Ollama answers once the model is in memory, given the request timeout.
type warmer struct {
	mu      sync.Mutex
	loading map[string]bool // by model name
	wg      sync.WaitGroup
	ctx     context.Context
	stop    context.CancelFunc
}

func newWarmer() *warmer {
	ctx, stop := context.WithCancel(context.Background())
	return &warmer{loading: map[string]bool{}, ctx: ctx, stop: stop}
}

// gaveUp starts loading model, at most one load per model at a time, when
// parent (the caller's context) ended the call by its deadline. Cancelled
// callers (a job stopped, shutdown) start nothing.
func (c *Client) gaveUp(parent context.Context, model string, embed bool) {
	if !errors.Is(parent.Err(), context.DeadlineExceeded) {
		return
	}
	w := c.warm
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.loading[model] || w.ctx.Err() != nil {
		return
	}
	w.loading[model] = true
	w.wg.Go(func() {
		defer func() {
			w.mu.Lock()
			delete(w.loading, model)
			w.mu.Unlock()
		}()
		ctx, cancel := context.WithTimeout(w.ctx, c.cfg.RequestTimeout)
		defer cancel()
		start := time.Now()
		var err error
		if embed {
			_, err = c.api.Embed(ctx, &api.EmbedRequest{Model: model, KeepAlive: c.keepAlive()})
		} else {
			// num_ctx is a runner option: loaded with another window, the
			// model would be loaded again by the next call (Ollama's
			// scheduler reloads when the runner's options differ).
			no := false
			err = c.api.Chat(ctx, &api.ChatRequest{Model: model, Stream: &no, KeepAlive: c.keepAlive(), Options: c.runnerOptions()},
				func(api.ChatResponse) error { return nil })
		}
		if err != nil {
			c.logger().Warn("loading a model after a call gave up waiting for it failed", "model", model, "err", err)
			return
		}
		c.logger().Info("loaded a model after a call gave up waiting for it", "model", model, "took", time.Since(start).Round(time.Millisecond))
	})
}

func (c *Client) logger() *slog.Logger { return c.cfg.logger() }

// Close stops the background loads and waits for them. Stopping under the
// lock orders it with gaveUp: no load starts after Close began waiting.
func (c *Client) Close() {
	c.warm.mu.Lock()
	c.warm.stop()
	c.warm.mu.Unlock()
	c.warm.wg.Wait()
}
