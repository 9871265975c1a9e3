package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// exampleShop is what the runnable examples run against, and not part of
// what they show: a test database with the shop schema registered as
// "shop", a fake model that answers each question with its SQL, and
// `nl2sql serve` running until close.
type exampleShop struct {
	url   string // the database nl2sql serves from (NL2SQL_DATABASE_URL)
	env   map[string]string
	close func()
}

func startExampleShop(answers map[string]string) *exampleShop {
	ctx := context.Background()
	db, drop, err := dbtest.Open(ctx)
	if err != nil {
		panic(err)
	}
	if _, err := db.Pool.Exec(ctx, shopSQL); err != nil {
		panic(err)
	}
	model, err := ollamatest.New(ollamatest.Config{Config: fakeserver.Config{Models: []string{"qwen2.5-coder:7b"}}})
	if err != nil {
		panic(err)
	}
	for question, sql := range answers {
		model.Answer(ollamatest.Contains(question), ollamatest.Response{Content: "```sql\n" + sql + "\n```"})
	}
	env := map[string]string{
		"NL2SQL_DATABASE_URL":   db.URL,
		"OLLAMA_HOST":           model.URL(),
		"NL2SQL_LOG_LEVEL":      "error",
		"NL2SQL_FETCH_COOLDOWN": "5ms",
	}
	if _, err := exampleRun(ctx, env, "db", "add", "shop", "--dsn", db.URL, "--schema", "shop"); err != nil {
		panic(err)
	}
	serveCtx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- func() error { _, err := exampleRun(serveCtx, env, "serve"); return err }() }()
	return &exampleShop{url: db.URL, env: env, close: func() {
		stop()
		if err := <-served; err != nil {
			panic(err)
		}
		model.Close()
		if err := drop(); err != nil {
			panic(err)
		}
	}}
}

// exampleRun runs an nl2sql command in-process and returns its standard
// output, or an error with its standard error when it fails.
func exampleRun(ctx context.Context, env map[string]string, args ...string) (string, error) {
	var out, errb bytes.Buffer
	m := &Main{
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
	}
	if code := m.Run(ctx, args); code != 0 {
		return "", fmt.Errorf("nl2sql %s: exit status %d: %s", strings.Join(args, " "), code, errb.String())
	}
	return out.String(), nil
}
