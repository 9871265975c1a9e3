package repair

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Mode is how the surgical whitelist tier acts on an undefined column.
type Mode string

const (
	// ModeObserve computes what the surgical tier would rewrite and records
	// it in Result.Observed, without changing the SQL.
	ModeObserve Mode = "observe"
	// ModeActive rewrites the column when all nine gates pass (and still
	// records the observation).
	ModeActive Mode = "active"
)

// Action is what a risk blacklist hit does to a candidate.
type Action string

const (
	// ActionBlock fails the risk gate.
	ActionBlock Action = "block"
	// ActionPenalize lowers the candidate's score by BlacklistConfig.Penalty
	// before the score gates, and passes the risk gate.
	ActionPenalize Action = "penalize"
)

// ErrConfig is wrapped by every configuration error New returns.
var ErrConfig = errors.New("repair: invalid config")

// Config configures a Repairer. The surgical tier's parameters are those of
// docs/DESIGN.md, Repair tiers.
type Config struct {
	// Mode is the surgical tier's mode. The original design starts in
	// observe mode until observations show the gates are precise
	// (docs/DESIGN.md, Repair tiers); `nl2sql bench repair`
	// measures exactly that (every mistake mechanically injected into the
	// exam's gold SQL, zero rewrites that change a result), so the tier is
	// active by default. Defaults to ModeActive.
	Mode Mode

	// NoAutocorrect turns the autocorrect tier off (case, quoting, typos,
	// table-prefixed and reordered names, known habits, join keys, tables,
	// aliases, GROUP BY, ambiguity, trailing commas). The surgical tier
	// acts only after autocorrect was tried (gate 3), so this leaves the
	// observation and the whitelist: nothing is rewritten. Defaults to
	// false.
	NoAutocorrect bool

	// MaxEditDistance is the largest edit distance (insertions, deletions,
	// substitutions, transpositions) of a typo autocorrect fixes in a
	// column or table name of at least TypoMinLength characters; shorter
	// names get at most 1. Defaults to 2.
	MaxEditDistance int
	// TypoMinLength is the name length from which MaxEditDistance applies.
	// Defaults to 7.
	TypoMinLength int

	// NameExpansions are invented columns autocorrect reads as a person's
	// full name, first_name || ' ' || last_name, on a table that has
	// first_name and last_name and no column of that name. "{table}" stands
	// for the table's name in the singular (employee_name on employees).
	// Defaults to ["{table}_name", "full_name"].
	NameExpansions []string

	// NoFKNeighbors leaves the foreign-key neighbours out of the column
	// whitelist given to the model when no rewrite is safe. Defaults to
	// false.
	NoFKNeighbors bool
	// MaxNeighborTables caps the neighbours in that whitelist. Defaults to 3.
	MaxNeighborTables int
	// MaxTablesTotal caps the tables in that whitelist, the failing table
	// included. Defaults to 4.
	MaxTablesTotal int
	// MaxColumnsPerTable caps the columns listed per table; a wider table
	// keeps its key columns and those most like the failing reference.
	// Defaults to 60.
	MaxColumnsPerTable int

	// MinCandidateScore is the score from which a column is a candidate of
	// the surgical tier (and so counts against dominance). Defaults to 0.4.
	MinCandidateScore float64

	// Gate configures the surgical tier's gates. Defaults to those of
	// docs/DESIGN.md, Repair tiers (see GateConfig).
	Gate GateConfig
	// Blacklist configures the risk blacklist. Defaults to that of
	// docs/DESIGN.md, Repair tiers (see BlacklistConfig).
	Blacklist BlacklistConfig

	// MaxSyntaxRounds bounds the trailing-comma passes of one Repair call.
	// Defaults to 4.
	MaxSyntaxRounds int
}

// GateConfig is the surgical tier's gates (docs/DESIGN.md, Repair tiers).
type GateConfig struct {
	// MinScore is the score floor of the best candidate (gate 5).
	// Defaults to 0.80.
	MinScore float64
	// MinDominance is the least best-minus-second score when there are two
	// or more candidates (gate 6). Defaults to 0.60.
	MinDominance float64
	// MinScoreDelta is the difference by which, with two or more
	// candidates, the best must beat the second unless MinScoreRatio holds
	// (gate 7). Defaults to 0.10.
	MinScoreDelta float64
	// MinScoreRatio is the ratio best/second that passes gate 7 when
	// MinScoreDelta does not. Defaults to 1.15.
	MinScoreRatio float64
	// AllowNonContainment drops gate 8 (the reference's words contain the
	// candidate's or the reverse, or they are the same words). Defaults to
	// false.
	AllowNonContainment bool
	// NoScoreSeparation drops gate 7. Defaults to false.
	NoScoreSeparation bool
}

// BlacklistConfig is the risk blacklist (docs/DESIGN.md, Repair tiers).
type BlacklistConfig struct {
	// Disabled turns the blacklist off. Defaults to false.
	Disabled bool
	// Pairs are token pairs a rewrite must not trade: a candidate is risky
	// when one word of a pair is only in the reference and the other only
	// in the candidate (vendor_name → vendor_number). Defaults to
	// [name number] [name id] [amount total] [date id] [vendor customer].
	Pairs [][2]string
	// Action is what a hit does. Defaults to ActionBlock.
	Action Action
	// Penalty is subtracted from a risky candidate's score with
	// ActionPenalize. Defaults to 0.3.
	Penalty float64
	// ApplyToObserve applies the blacklist in observe mode too (the
	// original applies it only to the active decision: docs/DESIGN.md,
	// Repair tiers). Defaults to false.
	ApplyToObserve bool
}

// DefaultPairs returns the risk blacklist pairs (docs/DESIGN.md, Repair
// tiers).
func DefaultPairs() [][2]string {
	return [][2]string{{"name", "number"}, {"name", "id"}, {"amount", "total"}, {"date", "id"}, {"vendor", "customer"}}
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Mode == "" {
		c.Mode = ModeActive
	}
	if c.MaxEditDistance == 0 {
		c.MaxEditDistance = 2
	}
	if c.TypoMinLength == 0 {
		c.TypoMinLength = 7
	}
	if c.NameExpansions == nil {
		c.NameExpansions = []string{"{table}_name", "full_name"}
	}
	if c.MaxNeighborTables == 0 {
		c.MaxNeighborTables = 3
	}
	if c.MaxTablesTotal == 0 {
		c.MaxTablesTotal = 4
	}
	if c.MaxColumnsPerTable == 0 {
		c.MaxColumnsPerTable = 60
	}
	if c.MinCandidateScore == 0 {
		c.MinCandidateScore = 0.4
	}
	if c.Gate.MinScore == 0 {
		c.Gate.MinScore = 0.80
	}
	if c.Gate.MinDominance == 0 {
		c.Gate.MinDominance = 0.60
	}
	if c.Gate.MinScoreDelta == 0 {
		c.Gate.MinScoreDelta = 0.10
	}
	if c.Gate.MinScoreRatio == 0 {
		c.Gate.MinScoreRatio = 1.15
	}
	if c.Blacklist.Pairs == nil {
		c.Blacklist.Pairs = DefaultPairs()
	}
	if c.Blacklist.Action == "" {
		c.Blacklist.Action = ActionBlock
	}
	if c.Blacklist.Penalty == 0 {
		c.Blacklist.Penalty = 0.3
	}
	if c.MaxSyntaxRounds == 0 {
		c.MaxSyntaxRounds = 4
	}
	return c
}

func (c Config) validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if c.Mode != ModeObserve && c.Mode != ModeActive {
		bad("Mode must be %q or %q, got %q", ModeObserve, ModeActive, c.Mode)
	}
	if c.MaxEditDistance < 0 || c.MaxEditDistance > 3 {
		bad("MaxEditDistance must be between 0 and 3, got %d", c.MaxEditDistance)
	}
	if c.TypoMinLength < 1 {
		bad("TypoMinLength must be positive, got %d", c.TypoMinLength)
	}
	for _, e := range c.NameExpansions {
		if e == "" || e != strings.ToLower(e) {
			bad("NameExpansions: %q must be a non-empty lower-case name", e)
		}
	}
	if c.MaxNeighborTables < 0 || c.MaxTablesTotal < 1 || c.MaxColumnsPerTable < 1 {
		bad("MaxNeighborTables must not be negative, MaxTablesTotal and MaxColumnsPerTable must be positive")
	}
	unit := func(name string, v float64) {
		if math.IsNaN(v) || v < 0 || v > 1 {
			bad("%s must be between 0 and 1, got %v", name, v)
		}
	}
	unit("MinCandidateScore", c.MinCandidateScore)
	unit("Gate.MinScore", c.Gate.MinScore)
	unit("Gate.MinDominance", c.Gate.MinDominance)
	unit("Gate.MinScoreDelta", c.Gate.MinScoreDelta)
	unit("Blacklist.Penalty", c.Blacklist.Penalty)
	if math.IsNaN(c.Gate.MinScoreRatio) || c.Gate.MinScoreRatio < 1 {
		bad("Gate.MinScoreRatio must be at least 1, got %v", c.Gate.MinScoreRatio)
	}
	if c.Blacklist.Action != ActionBlock && c.Blacklist.Action != ActionPenalize {
		bad("Blacklist.Action must be %q or %q, got %q", ActionBlock, ActionPenalize, c.Blacklist.Action)
	}
	for _, p := range c.Blacklist.Pairs {
		if p[0] == "" || p[1] == "" || p[0] == p[1] || p[0] != strings.ToLower(p[0]) || p[1] != strings.ToLower(p[1]) {
			bad("Blacklist.Pairs: %q must be two different lower-case tokens", p)
		}
	}
	if c.MaxSyntaxRounds < 1 {
		bad("MaxSyntaxRounds must be positive, got %d", c.MaxSyntaxRounds)
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("%w: %w", ErrConfig, err)
	}
	return nil
}
