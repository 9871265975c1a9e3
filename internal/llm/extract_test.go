package llm

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

var update = flag.Bool("update", false, "rewrite the want.sql files of the golden tests from the current output")

// golden runs extract over every testdata/<dir>/<case>/reply.txt and
// compares with want.sql, or with want.err when the reply holds no SQL.
func golden(t *testing.T, dir string, extract func(reply string) (string, error)) {
	t.Helper()
	cases, err := os.ReadDir(filepath.Join("testdata", dir))
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	for _, c := range cases {
		t.Run(c.Name(), func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", dir, c.Name())
			reply, err := os.ReadFile(filepath.Join(path, "reply.txt"))
			require.NoError(t, err)
			got, gotErr := extract(string(reply))

			if wantErr, err := os.ReadFile(filepath.Join(path, "want.err")); err == nil {
				require.Error(t, gotErr, "extracted %q", got)
				require.ErrorIs(t, gotErr, ErrNoSQL)
				require.Equal(t, errclass.SQLError, errclass.ClassOf(gotErr))
				if diff := cmp.Diff(strings.TrimSpace(string(wantErr)), gotErr.Error()); diff != "" {
					t.Errorf("error mismatch (-want +got):\n%s", diff)
				}
				return
			}
			require.NoError(t, gotErr)
			wantPath := filepath.Join(path, "want.sql")
			if *update {
				require.NoError(t, os.WriteFile(wantPath, []byte(got+"\n"), 0o644))
			}
			want, err := os.ReadFile(wantPath)
			require.NoError(t, err)
			if diff := cmp.Diff(strings.TrimSuffix(string(want), "\n"), got); diff != "" {
				t.Errorf("SQL mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExtractSQL(t *testing.T) {
	t.Parallel()
	golden(t, "extract", ExtractSQL)
}

func TestExtractCandidates(t *testing.T) {
	t.Parallel()
	golden(t, "candidates", func(reply string) (string, error) {
		got, err := ExtractCandidates(reply, "")
		return strings.Join(got, "\n"+CandidateDelimiter+"\n"), err
	})
}

func TestExtractCandidatesCustomDelimiter(t *testing.T) {
	t.Parallel()

	got, err := ExtractCandidates("SELECT 1;\n@@\nSELECT 2;\n@@\n", "@@")
	require.NoError(t, err)
	require.Equal(t, []string{"SELECT 1", "SELECT 2"}, got)
}

// TestExtractCandidatesCut: of a reply cut at the token limit, only SQL in
// blocks the model closed counts; an unclosed block or bare text may stop
// mid-statement and still parse.
func TestExtractCandidatesCut(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reply string
		want        []string
	}{
		{"UnclosedFence", "```sql\nSELECT count(*) FROM orders\n", nil},
		{"Bare", "SELECT count(*) FROM orders WHERE", nil},
		{"ClosedThenCut", "```sql\nSELECT 1\n```\n\n```sql\nSELECT count(*) FROM orders\n", []string{"SELECT 1"}},
		{"ClosedThenProse", "```sql\nSELECT 2\n```\nThis counts the orders that", []string{"SELECT 2"}},
		{"Delimited", "```sql\nSELECT 3\n```\n" + CandidateDelimiter + "\n```sql\nSELECT 4 FROM", []string{"SELECT 3"}},
		{"OneLineBlock", "```SELECT 5``` and then", []string{"SELECT 5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := ExtractCandidatesCut(tc.reply, "")
			if tc.want == nil {
				require.ErrorIs(t, err, ErrNoSQL)
				require.Contains(t, err.Error(), "token limit")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestNoSQLError(t *testing.T) {
	t.Parallel()

	_, err := ExtractSQL("I don't know.")
	require.ErrorIs(t, err, ErrNoSQL)
	var ce *errclass.Error
	require.True(t, errors.As(err, &ce))
	require.Equal(t, errclass.SQLError, ce.Class)
	require.Equal(t, "llm.no_sql", ce.Code)
	require.True(t, ce.Class.Repairable(), "a reply without SQL goes back to the model")
}

// FuzzExtract checks that no reply makes extraction panic or return an
// empty or semicolon-terminated statement. The golden replies seed it.
func FuzzExtract(f *testing.F) {
	for _, dir := range []string{"extract", "candidates"} {
		cases, err := os.ReadDir(filepath.Join("testdata", dir))
		require.NoError(f, err)
		for _, c := range cases {
			reply, err := os.ReadFile(filepath.Join("testdata", dir, c.Name(), "reply.txt"))
			require.NoError(f, err)
			f.Add(string(reply))
		}
	}
	f.Fuzz(func(t *testing.T, reply string) {
		check := func(sql string) {
			if sql == "" || strings.HasSuffix(sql, ";") || sql != strings.TrimSpace(sql) {
				t.Fatalf("bad statement %q from %q", sql, reply)
			}
		}
		if sql, err := ExtractSQL(reply); err == nil {
			check(sql)
		} else {
			require.ErrorIs(t, err, ErrNoSQL)
		}
		if cands, err := ExtractCandidates(reply, ""); err == nil {
			for _, sql := range cands {
				check(sql)
			}
		} else {
			require.ErrorIs(t, err, ErrNoSQL)
		}
	})
}
