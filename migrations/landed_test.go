package migrations_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "record the checksums of migrations not yet in landed.sum")

// TestLandedMigrationsNeverChange fails when a migration recorded in
// landed.sum (every migration on main) is edited or removed: users have
// applied it, and a changed file leaves them with a schema the code no
// longer matches. A change is a new migration. A new migration file is
// recorded with `go test ./migrations -run TestLanded -update`.
func TestLandedMigrationsNeverChange(t *testing.T) {
	t.Parallel()

	recorded := map[string]string{}
	f, err := os.Open("landed.sum")
	require.NoError(t, err)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(strings.TrimSpace(sc.Text()), "  ")
		if ok {
			recorded[name] = sum
		}
	}
	require.NoError(t, sc.Err())
	require.NoError(t, f.Close())

	files, err := filepath.Glob("0*.sql")
	require.NoError(t, err)
	current := map[string]string{}
	for _, name := range files {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		h := sha256.Sum256(data)
		current[name] = hex.EncodeToString(h[:])
	}
	for name, sum := range recorded {
		got, ok := current[name]
		require.True(t, ok, "landed migration %s was removed: landed migrations never change", name)
		require.Equal(t, sum, got, "landed migration %s was edited: put the change in a new migration", name)
	}
	var fresh []string
	for name := range current {
		if _, ok := recorded[name]; !ok {
			fresh = append(fresh, name)
		}
	}
	slices.Sort(fresh)
	if len(fresh) == 0 {
		return
	}
	if !*update {
		t.Fatalf("migrations %v are not recorded in landed.sum: run go test ./migrations -run TestLanded -update", fresh)
	}
	out, err := os.OpenFile("landed.sum", os.O_APPEND|os.O_WRONLY, 0o644)
	require.NoError(t, err)
	for _, name := range fresh {
		_, err := fmt.Fprintf(out, "%s  %s\n", current[name], name)
		require.NoError(t, err)
	}
	require.NoError(t, out.Close())
}
