package worker

import (
	"context"
	"errors"
	"time"
)

// Observer is told what the stages do, for metrics. The calls come from
// the stages' goroutines: they must be quick and safe for concurrent use.
type Observer interface {
	// StageDone is called when a stage's run ends, with its duration and
	// outcome: OutcomeOK (the question was handed on or finished),
	// OutcomeRetry (the job runs again later) or OutcomeFailed (the stage
	// gave up).
	StageDone(stage string, d time.Duration, outcome string)
	// QuestionDone is called once for each question that reached a
	// terminal status ("succeeded" or "failed") in this process, with its
	// error class when it failed.
	QuestionDone(status, errorClass string)
}

// Stage outcomes.
const (
	OutcomeOK     = "ok"
	OutcomeRetry  = "retry"
	OutcomeFailed = "failed"
)

type nopObserver struct{}

func (nopObserver) StageDone(string, time.Duration, string) {}
func (nopObserver) QuestionDone(string, string)             {}

// Healthy reports whether the River client is working jobs: started and
// not stopped.
func (s *Service) Healthy(context.Context) error {
	stopped := s.client.Stopped()
	if stopped == nil {
		return errors.New("the River client has not started")
	}
	select {
	case <-stopped:
		return errors.New("the River client has stopped")
	default:
		return nil
	}
}

// observeStage reports a stage run: failed says the run returned an
// error, err is what Work returned after handling it (non-nil: River runs
// the job again).
func (s *Service) observeStage(stage string, started time.Time, failed bool, err error) {
	outcome := OutcomeOK
	switch {
	case failed && err != nil:
		outcome = OutcomeRetry
	case failed:
		outcome = OutcomeFailed
	}
	s.cfg.Observer.StageDone(stage, s.cfg.Clock().Sub(started), outcome)
}
