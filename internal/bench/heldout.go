package bench

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// RetrievalConfig configures `nl2sql bench retrieval`.
type RetrievalConfig struct {
	// HeldoutDir is the directory `nl2sql bench heldout import` wrote the
	// held-out sets to (NL2SQL_BENCH_HELDOUT_DIR), outside the repository:
	// they are fetched data. Empty skips the held-out sets, and the report
	// says so. Defaults to empty.
	HeldoutDir string
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c RetrievalConfig) WithDefaults() RetrievalConfig {
	if c.HeldoutDir != "" {
		c.HeldoutDir = filepath.Clean(c.HeldoutDir)
	}
	return c
}

// HeldoutUnset is the report's "skipped" line when no held-out directory
// is configured: never a figure for sets that were not measured.
const HeldoutUnset = "held-out: skipped: NL2SQL_BENCH_HELDOUT_DIR not set (see README: Retrieval evaluation)"

// ReadHeldoutSets reads the held-out sets in c.HeldoutDir, ordered by name.
// With no directory configured, or none there, it returns no set and the
// line the report gives instead; a directory holding a set that does not
// read is an error.
func ReadHeldoutSets(c RetrievalConfig) ([]RetrievalSet, string, error) {
	c = c.WithDefaults()
	if c.HeldoutDir == "" {
		return nil, HeldoutUnset, nil
	}
	info, err := os.Stat(c.HeldoutDir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Sprintf("held-out: skipped: %s does not exist (NL2SQL_BENCH_HELDOUT_DIR; see README: Retrieval evaluation)", c.HeldoutDir), nil
	case err != nil:
		return nil, "", err
	case !info.IsDir():
		return nil, "", fmt.Errorf("bench: held-out directory %s is not a directory", c.HeldoutDir)
	}
	sets, err := readRetrievalSets(os.DirFS(c.HeldoutDir), true)
	if errors.Is(err, errNoRetrievalSet) {
		return nil, fmt.Sprintf("held-out: skipped: %s holds no held-out set (nl2sql bench heldout import; see README: Retrieval evaluation)", c.HeldoutDir), nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("bench: held-out sets in %s: %w", c.HeldoutDir, err)
	}
	return sets, "", nil
}
