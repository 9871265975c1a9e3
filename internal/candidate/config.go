package candidate

import (
	"errors"
	"time"
)

// Config configures multi-candidate generation (the original design's
// MULTI_CANDIDATE_CONFIG; docs/DESIGN.md, Multi-candidate generation).
// WithDefaults sets the zero fields of a new
// Config; a field set to 0 on a Config WithDefaults returned stays 0, so a
// zero that means something (Temperature 0: greedy sampling; Budget 0: no
// budget) can be asked for.
type Config struct {
	// Disabled turns multi-candidate generation off: one model call per
	// attempt, at the configured temperature. Defaults to false.
	Disabled bool
	// K is the number of model calls for a medium question. Defaults to 4.
	K int
	// KEasy is the number of model calls for an easy question. Defaults
	// to 2.
	KEasy int
	// KHard is the number of model calls for a hard question. Defaults to 6.
	KHard int
	// RepairK is the number of model calls of a repair attempt, which
	// already carries the error to fix. Defaults to 1.
	RepairK int
	// Temperature is the sampling temperature of the calls when there are
	// several (each with its own seed): enough spread for the candidates to
	// differ, little enough to stay on the question; 0 samples greedily
	// (see Config). A question's options.temperature wins. Defaults to 0.3.
	Temperature float64
	// Seed, when set, makes the calls reproducible: call i of an attempt
	// samples with seed Seed+i. When nil each call's seed derives from the
	// question's id and the call's index, distinct per call and per
	// question. Defaults to nil.
	Seed *int
	// Budget is how long the calls of one attempt may take together. When
	// it runs out, the candidates that arrived are used and the other calls
	// are cancelled; if none arrived yet, the first reply is awaited (the
	// model call's own timeout still applies). 0 is no budget: every call
	// is awaited (see Config). Defaults to 10s.
	Budget time.Duration
	// MaxExplain is how many candidates are EXPLAINed at once, in
	// descending pre-EXPLAIN score; the next batch runs only if none of a
	// batch passed. Defaults to 4.
	MaxExplain int

	// defaulted is set by WithDefaults: zero fields are then explicit.
	defaulted bool
}

// CallSeed is the sampling seed of call i of an attempt of question id.
func (c Config) CallSeed(id int64, attempt, i int) int {
	if c.Seed != nil {
		return *c.Seed + i
	}
	// Positive and well inside int32 (Ollama's seed is an int).
	return int((id*131+int64(attempt)*17+int64(i))%(1<<30)) + 1
}

// MaxK bounds every K: more calls than this only queue behind the model.
const MaxK = 10

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.defaulted {
		return c
	}
	c.defaulted = true
	if c.K == 0 {
		c.K = 4
	}
	if c.KEasy == 0 {
		c.KEasy = 2
	}
	if c.KHard == 0 {
		c.KHard = 6
	}
	if c.RepairK == 0 {
		c.RepairK = 1
	}
	if c.Temperature == 0 {
		c.Temperature = 0.3
	}
	if c.Budget == 0 {
		c.Budget = 10 * time.Second
	}
	if c.MaxExplain == 0 {
		c.MaxExplain = 4
	}
	return c
}

// Validate reports a configuration that cannot work.
func (c Config) Validate() error {
	for _, k := range []int{c.K, c.KEasy, c.KHard, c.RepairK} {
		if k < 1 || k > MaxK {
			return errors.New("candidate: K, KEasy, KHard and RepairK must be between 1 and 10")
		}
	}
	switch {
	case c.Temperature < 0 || c.Temperature > 2:
		return errors.New("candidate: Temperature must be between 0 and 2")
	case c.Budget < 0:
		return errors.New("candidate: Budget must not be negative")
	case c.MaxExplain < 1:
		return errors.New("candidate: MaxExplain must be at least 1")
	}
	return nil
}

// Calls returns how many model calls an attempt makes: 1 when disabled
// (the operator's ceiling: a client's options.candidates does not lift
// it), RepairK for a repair; for a first attempt, override (a question's
// options.candidates) when positive, else K by difficulty.
func (c Config) Calls(d Difficulty, repair bool, override int) int {
	switch {
	case c.Disabled:
		return 1
	case repair:
		return c.RepairK
	case override > 0:
		return min(override, MaxK)
	case d == Easy:
		return c.KEasy
	case d == Hard:
		return c.KHard
	}
	return c.K
}
