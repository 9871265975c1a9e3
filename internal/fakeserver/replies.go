package fakeserver

import (
	"slices"
	"strings"
	"sync"
)

// Prompter is a decoded chat request: its Prompt is what rules match.
type Prompter interface{ Prompt() string }

// Replies scripts the answers to chat requests of type Req with replies of
// type Resp: rules that match the prompt (for jobs that run concurrently in
// no fixed order), a queue, and a function of the request. A server embeds
// it; its methods are safe for concurrent use.
type Replies[Req Prompter, Resp any] struct {
	mu     sync.Mutex
	rules  []rule[Resp]
	script []Resp
	onChat func(Req) Resp
}

type rule[Resp any] struct {
	match func(prompt string) bool
	reply Resp
}

// Script queues replies; each chat request that no Answer rule matches
// takes the next one.
func (r *Replies[Req, Resp]) Script(replies ...Resp) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.script = append(r.script, replies...)
}

// Answer adds a rule: every request whose prompt match accepts is answered
// with reply. Rules are tried in the order they were added, before the
// Script queue, and are never used up, so they suit jobs that run
// concurrently in no fixed order.
func (r *Replies[Req, Resp]) Answer(match func(prompt string) bool, reply Resp) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rules = append(r.rules, rule[Resp]{match: match, reply: reply})
}

// OnChat sets the function that answers requests no rule matches once the
// Script queue is empty. It is called concurrently.
func (r *Replies[Req, Resp]) OnChat(fn func(Req) Resp) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.onChat = fn
}

// Pending is the number of scripted replies not yet used.
func (r *Replies[Req, Resp]) Pending() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.script)
}

// Reply picks the answer to req: the first matching rule, else the next
// scripted reply, else OnChat's. ok is false when nothing is scripted.
func (r *Replies[Req, Resp]) Reply(req Req) (resp Resp, ok bool) {
	r.mu.Lock()
	rules, fn := r.rules, r.onChat
	r.mu.Unlock()

	// Matchers are the test's code: call them without holding the lock.
	if len(rules) > 0 {
		prompt := req.Prompt()
		for _, ru := range rules {
			if ru.match(prompt) {
				return ru.reply, true
			}
		}
	}
	r.mu.Lock()
	if len(r.script) > 0 {
		resp = r.script[0]
		r.script = r.script[1:]
		r.mu.Unlock()
		return resp, true
	}
	r.mu.Unlock()
	if fn != nil {
		return fn(req), true
	}
	return resp, false
}

// Contains returns a matcher for Answer that accepts prompts containing
// every one of substrs.
func Contains(substrs ...string) func(prompt string) bool {
	return func(prompt string) bool {
		for _, sub := range substrs {
			if !strings.Contains(prompt, sub) {
				return false
			}
		}
		return true
	}
}

// Faults injects failures: the next n requests a server checks fail.
type Faults struct {
	mu     sync.Mutex
	n      int
	status int
}

// FailNext makes the next n API requests fail with status, before the
// server looks at what they ask. Use a 5xx status to simulate an
// overloaded or crashing server.
func (f *Faults) FailNext(n, status int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n, f.status = n, status
}

// Take reports whether this request must fail, and with what status.
func (f *Faults) Take() (int, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n <= 0 {
		return 0, false
	}
	f.n--
	return f.status, true
}

// Log keeps what a server received, in arrival order. Its methods are safe
// for concurrent use.
type Log[T any] struct {
	mu    sync.Mutex
	items []T
}

// Add appends v.
func (l *Log[T]) Add(v T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items = append(l.items, v)
}

// All returns a copy of what was added so far.
func (l *Log[T]) All() []T {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.items)
}
