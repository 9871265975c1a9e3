package candidate

import (
	"context"
	"strings"
	"time"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// Outcome is one call's result. Err is set when the call failed, or was
// cancelled because the budget ran out after other calls had answered
// (then Late is true too).
type Outcome[T any] struct {
	Index int
	Value T
	Err   error
	Late  bool
}

// Gather runs call(ctx, i) for i in [0, k) concurrently and returns the
// outcomes in index order. It waits for every call until budget has passed;
// after that it waits only until at least one call has succeeded, then
// cancels the rest (their outcomes are Late). A budget of zero or less
// waits for every call. Gather returns when every call has returned, so no
// goroutine outlives it.
func Gather[T any](ctx context.Context, k int, budget time.Duration, call func(ctx context.Context, i int) (T, error)) []Outcome[T] {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	done := make(chan Outcome[T], k)
	for i := range k {
		go func() {
			v, err := call(ctx, i)
			done <- Outcome[T]{Index: i, Value: v, Err: err}
		}()
	}

	var expired <-chan time.Time
	if budget > 0 {
		t := time.NewTimer(budget)
		defer t.Stop()
		expired = t.C
	}
	out := make([]Outcome[T], k)
	succeeded, over, cancelled := 0, false, false
	for received := 0; received < k; {
		select {
		case o := <-done:
			received++
			if o.Err == nil {
				succeeded++
			} else if cancelled {
				o.Late = true
			}
			out[o.Index] = o
		case <-expired:
			over, expired = true, nil
		}
		if over && succeeded > 0 && !cancelled {
			cancelled = true
			cancel()
		}
	}
	return out
}

// Unique is one distinct SQL text among an attempt's candidates.
type Unique struct {
	SQL string
	// Fingerprint is pg_query's fingerprint of SQL, which ignores
	// formatting, comments, keyword case and constants; "" for text that
	// does not parse.
	Fingerprint string
	// Votes is how many candidates had this fingerprint: agreement between
	// independent samples, a tie-breaker in selection.
	Votes int
	// Source is the index of the first call that produced it.
	Source int
}

// Dedupe removes candidates that are the same query, keeping the first of
// each (in call order, then reply order) and counting the others as votes.
// sqls[i] are the candidates of call i. Two texts are the same query when
// pg_query's fingerprint and their constants agree: the fingerprint alone
// would merge "year = 2023" with "year = 2024".
func Dedupe(sqls [][]string) []Unique {
	var out []Unique
	seen := map[string]int{}
	for src, list := range sqls {
		for _, sql := range list {
			fp, key := dedupeKey(sql)
			if i, ok := seen[key]; ok {
				out[i].Votes++
				continue
			}
			seen[key] = len(out)
			out = append(out, Unique{SQL: sql, Fingerprint: fp, Votes: 1, Source: src})
		}
	}
	return out
}

func dedupeKey(sql string) (fp, key string) {
	fp, err := pgsql.Fingerprint(sql)
	if err != nil {
		return "", "text\x00" + strings.TrimSpace(sql)
	}
	toks, err := pgsql.Scan(sql)
	if err != nil {
		return fp, "text\x00" + strings.TrimSpace(sql)
	}
	var b strings.Builder
	b.WriteString(fp)
	for _, t := range toks {
		if t.Kind == pgsql.TokenString || t.Kind == pgsql.TokenNumber {
			b.WriteByte(0)
			b.WriteString(t.Text)
		}
	}
	return fp, b.String()
}
