package exam_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/target"
)

// TestLoadDemoRunsQuestionsAsReader: the demo ERP shares a database with
// nl2sql's own tables; its questions run as a role that can read schema erp
// and nothing else, so even SQL the guard would refuse cannot read rag.*.
func TestLoadDemoRunsQuestionsAsReader(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	var warnings []string
	res, err := exam.LoadDemo(ctx, db.Pool, db.Pool, exam.DemoOptions{DSN: db.URL, Warn: func(w string) { warnings = append(warnings, w) }})
	require.NoError(t, err)
	require.Empty(t, warnings)
	require.Equal(t, exam.ReaderRole, res.Database.ReadOnlyRole)
	require.Equal(t, 75, res.Tables)

	reg, err := catalog.GetDatabase(ctx, db.Pool, "erp")
	require.NoError(t, err)
	targets, err := target.New(target.Config{})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	tdb := target.Database{Name: reg.Name, DSN: db.URL, Schemas: reg.Schemas, Role: reg.ReadOnlyRole}

	out, err := targets.Execute(ctx, tdb, "SELECT current_user, count(*) FROM employees", target.ExecOptions{})
	require.NoError(t, err)
	require.Equal(t, exam.ReaderRole, out.Rows[0][0])

	_, err = targets.Execute(ctx, tdb, "SELECT count(*) FROM rag.databases", target.ExecOptions{})
	ce := errclass.Classify(err)
	require.Equal(t, "42501", ce.SQLSTATE, "the reader cannot see nl2sql's own tables: %v", err)

	// Loading again (the demo reruns) keeps working with the existing role.
	_, err = exam.LoadDemo(ctx, db.Pool, db.Pool, exam.DemoOptions{DSN: db.URL})
	require.NoError(t, err)
}
