// Command nl2sql turns questions into guarded SQL over PostgreSQL databases
// and runs it. See README.md, or run `nl2sql help`.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// The first SIGINT/SIGTERM cancels the command's context (serve: drain);
	// later ones go to Main.Signals (serve: cancel the running jobs now).
	// SIGHUP, a terminal that closed (an ssh session dropped), does the
	// same: by default it would kill the process at once, a serve with its
	// running jobs and an exam with its run left running and its questions
	// answered for nobody. Under nohup it stays ignored: Notify would
	// undo that.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	if !signal.Ignored(syscall.SIGHUP) {
		signal.Notify(sigs, syscall.SIGHUP)
	}
	ctx, cancel := context.WithCancel(context.Background())
	later := make(chan os.Signal, 1)
	go func() {
		<-sigs
		cancel()
		for s := range sigs {
			select {
			case later <- s:
			default: // one pending is enough
			}
		}
	}()
	m := NewMain()
	m.Signals = later
	os.Exit(m.Run(ctx, os.Args[1:]))
}
