package stage

import (
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/examples"
	"github.com/nl2sql/nl2sql/internal/llm"
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
	// ClientModels are the models a client role may name in
	// options.model, comma-separated, compared as Ollama resolves names
	// (llm.SameModel); a client naming another is refused
	// (the model is the operator's choice: one named per question can
	// force an Ollama server to swap models for everyone). The service's
	// own questions may name any. Defaults to "": clients ask with the
	// configured model.
	ClientModels string
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

// clientMayName reports whether a client may ask with options.model name.
// Names compare as Ollama resolves them (llm.SameModel): "llama3" allows
// "llama3:latest" and "Llama3", the same model, and no other.
func (c Config) clientMayName(name string) bool {
	for m := range strings.SplitSeq(c.ClientModels, ",") {
		if m = strings.TrimSpace(m); m != "" && llm.SameModel(m, name) {
			return true
		}
	}
	return false
}
