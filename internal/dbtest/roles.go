package dbtest

import (
	"context"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// RoleName is the name NewRole gives the role called suffix of db's test:
// roles are cluster-wide, so it starts with the test database's name.
func (db *DB) RoleName(suffix string) string { return db.Name + "_" + suffix }

// NewRole creates the LOGIN role RoleName(suffix), with no privileges, and
// drops it when the test ends (after REASSIGN OWNED and DROP OWNED in db
// take back its objects and grants there). Tests of client roles connect as it with PoolAs.
func (db *DB) NewRole(t testing.TB, suffix string) string {
	t.Helper()
	ctx := context.Background()
	name := db.RoleName(suffix)
	db.DropRoleAtCleanup(t, name)
	_, err := db.Pool.Exec(ctx, "CREATE ROLE "+pgx.Identifier{name}.Sanitize()+" LOGIN")
	require.NoError(t, err)
	return name
}

// DropRoleAtCleanup drops role, if it exists then, when the test ends: for
// roles that the code under test creates.
func (db *DB) DropRoleAtCleanup(t testing.TB, role string) {
	t.Helper()
	roleSweepOnce.Do(func() { sweepRoles(context.Background(), db.Pool) })
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var exists bool
		if err := db.Pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)", role).Scan(&exists); err != nil || !exists {
			return
		}
		// What the role owns goes to the test's role (and with the test's
		// database); DROP OWNED then takes back its grants.
		id := pgx.Identifier{role}.Sanitize()
		if _, err := db.Pool.Exec(ctx, "REASSIGN OWNED BY "+id+" TO CURRENT_USER; DROP OWNED BY "+id); err != nil {
			t.Logf("dbtest: drop owned by %s: %v", role, err)
		}
		if _, err := db.Pool.Exec(ctx, "DROP ROLE "+id); err != nil {
			t.Logf("dbtest: drop role %s: %v", role, err)
		}
	})
}

// PoolAs returns a pool on db connecting as role (the test server trusts
// local connections), closed when the test ends.
func (db *DB) PoolAs(t testing.TB, role string) *pgxpool.Pool {
	t.Helper()
	u, err := url.Parse(db.URL)
	require.NoError(t, err, "dbtest: PoolAs needs a URL-style NL2SQL_TEST_DATABASE_URL")
	u.User = url.User(role)
	pool, err := pgxpool.New(context.Background(), u.String())
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return pool
}

// URLAs is db.URL connecting as role.
func (db *DB) URLAs(role string) string {
	u, err := url.Parse(db.URL)
	if err != nil {
		return db.URL
	}
	u.User = url.User(role)
	return u.String()
}

var (
	roleSweepOnce sync.Once
	ownedRole     = regexp.MustCompile(`^nl2sql_t_(\d+)_[0-9a-f]+_`)
)

// sweepRoles drops roles left behind by test processes that no longer run
// (killed before their cleanup), as sweep does for their databases. Best
// effort: a role whose database is still there keeps its grants and stays
// until a later sweep.
func sweepRoles(ctx context.Context, pool *pgxpool.Pool) {
	for _, n := range orphans(ctx, pool, "SELECT rolname FROM pg_roles WHERE rolname LIKE 'nl2sql\\_t\\_%'", ownedRole, 1) {
		_, _ = pool.Exec(ctx, "DROP ROLE IF EXISTS "+pgx.Identifier{n}.Sanitize())
	}
}
