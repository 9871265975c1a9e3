package repair

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// FuzzRepair: whatever the SQL and the error, Repair does not panic, and
// what it applies parses and differs from the input.
func FuzzRepair(f *testing.F) {
	snap := setup(f)
	r, err := New(Config{})
	if err != nil {
		f.Fatal(err)
	}
	dirs, _ := os.ReadDir("testdata")
	for _, d := range dirs {
		in, err := os.ReadFile(filepath.Join("testdata", d.Name(), "input.sql"))
		if err == nil {
			for _, state := range []string{"42703", "42P01", "42803", "42702", "42601"} {
				f.Add(string(in), state, "column x does not exist", 8)
			}
		}
	}
	f.Fuzz(func(t *testing.T, sql, state, msg string, pos int) {
		res := r.Repair(sql, Failure{SQLSTATE: state, Message: msg, Position: pos}, snap)
		if !res.Applied {
			if res.SQL != sql {
				t.Fatalf("not applied but changed: %q", res.SQL)
			}
			return
		}
		if res.SQL == sql {
			t.Fatalf("applied but unchanged: %q", sql)
		}
		if _, err := pgsql.Parse(res.SQL); err != nil {
			t.Fatalf("applied SQL does not parse: %q: %v", res.SQL, err)
		}
	})
}
