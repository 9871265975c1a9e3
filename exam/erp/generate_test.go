package erp

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/stretchr/testify/require"
)

// fingerprint hashes every generated value in a canonical text form.
func fingerprint(d *dataset) string {
	h := sha256.New()
	for _, name := range coreTables {
		t := d.tables[name]
		fmt.Fprintf(h, "%s %v\n", name, t.cols)
		for _, row := range t.rows {
			for _, v := range row {
				switch v := v.(type) {
				case pgtype.Numeric:
					fmt.Fprintf(h, "%se%d|", v.Int, v.Exp)
				case time.Time:
					fmt.Fprintf(h, "%s|", v.Format(time.RFC3339Nano))
				default:
					fmt.Fprintf(h, "%v|", v)
				}
			}
			h.Write([]byte{'\n'})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	a, b := generate(), generate()
	require.Equal(t, fingerprint(a), fingerprint(b), "generation is deterministic")
	require.Len(t, a.tables, len(coreTables), "every generated table is in schema.sql")
	for _, name := range coreTables {
		require.NotNil(t, a.tables[name], name)
		require.NotEmpty(t, a.tables[name].rows, name)
	}
}

func TestDistractorNames(t *testing.T) {
	t.Parallel()
	all := allDistractors()
	require.GreaterOrEqual(t, len(all), 2000)
	for _, d := range all {
		require.LessOrEqual(t, len(d.Name), 63, d.Name)
		require.Regexp(t, `^[a-z][a-z0-9_]*$`, d.Name)
		seen := map[string]bool{}
		for _, c := range d.Columns {
			require.False(t, seen[c.Name], "%s.%s twice", d.Name, c.Name)
			seen[c.Name] = true
		}
	}
	// A smaller count is a prefix of a larger one.
	small, err := renderDistractors(150)
	require.NoError(t, err)
	large, err := renderDistractors(400)
	require.NoError(t, err)
	require.Equal(t, small[0], large[0])
	require.Len(t, large, (400+distractorBatch-1)/distractorBatch)
}

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		generate()
	}
}

func BenchmarkRenderDistractors(b *testing.B) {
	for b.Loop() {
		if _, err := renderDistractors(1925); err != nil {
			b.Fatal(err)
		}
	}
}
