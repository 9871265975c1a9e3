package stage

import (
	"errors"
	"log/slog"
	"time"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/examples"
)

// Config configures the stages. worker.Config carries the same fields and
// takes its defaults from here.
type Config struct {
	// MaxAttempts is how many generations (the first plus repairs) a
	// question gets before it fails; a question's options.max_attempts
	// overrides it. Defaults to 3.
	MaxAttempts int
	// Candidates configures multi-candidate generation: how many model
	// calls an attempt makes by the question's difficulty, their temperature
	// and time budget, and how many candidates are EXPLAINed at once.
	// Defaults to candidate.Config{}.WithDefaults().
	Candidates candidate.Config
	// Examples configures the few-shot examples found for a question
	// (docs/DESIGN.md, "Examples and feedback"). Defaults to
	// examples.Config{}.WithDefaults().
	Examples examples.Config
	// Logger receives the stages' logs. Defaults to a discarding logger.
	Logger *slog.Logger
	// Clock returns the current time, for stage timings. Defaults to time.Now.
	Clock func() time.Time
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.MaxAttempts == 0 {
		c.MaxAttempts = 3
	}
	c.Candidates = c.Candidates.WithDefaults()
	c.Examples = c.Examples.WithDefaults()
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	return c
}

// Validate reports the first field of c out of range.
func (c Config) Validate() error {
	if err := c.Candidates.Validate(); err != nil {
		return err
	}
	if err := c.Examples.Validate(); err != nil {
		return err
	}
	if c.MaxAttempts < 1 {
		return errors.New("stage: MaxAttempts must be at least 1")
	}
	return nil
}
