package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

// as is the cli with NL2SQL_DATABASE_URL connecting as role.
func (c *cli) as(role string) *cli {
	env := maps.Clone(c.env)
	env["NL2SQL_DATABASE_URL"] = c.db.URLAs(role)
	return &cli{t: c.t, db: c.db, ollama: c.ollama, env: env}
}

// TestGrant: `nl2sql grant` makes roles that ask through `nl2sql ask` (or
// any client) while the service serves them, each reading only its own
// answers, and a reader that reads everything and asks nothing.
func TestGrant(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	ctx := context.Background()
	_, err := c.db.Pool.Exec(ctx, "INSERT INTO rag.databases (name, dsn) VALUES ('hr', 'postgres://u@h/hr')")
	require.NoError(t, err)
	c.ollama.OnChat(func(ollamatest.ChatRequest) ollamatest.Response {
		return ollamatest.Response{Content: "```sql\nSELECT name FROM customers ORDER BY name\n```"}
	})
	a, b, r := c.db.RoleName("a"), c.db.RoleName("b"), c.db.RoleName("r")
	for _, role := range []string{a, b, r} {
		c.db.DropRoleAtCleanup(t, role)
	}

	res := c.run("", "grant", a)
	require.Equal(t, 0, res.code, res.stderr)
	require.Contains(t, res.stdout, "created role "+a)
	require.Contains(t, res.stdout, a+" is a client: it asks about every registered database")
	require.Contains(t, res.stdout, "it connects to postgres://"+a+"@127.0.0.1:5432/"+c.db.Name)
	res = c.run("", "grant", b, "--database", "hr")
	require.Equal(t, 0, res.code, res.stderr)
	require.Contains(t, res.stdout, b+" is a client: it asks about hr,")
	res = c.run("", "grant", "--reader", r)
	require.Equal(t, 0, res.code, res.stderr)
	require.Contains(t, res.stdout, r+" is a reader")

	res = c.run("", "grant", b, "--database", "shop", "--database", "hr")
	require.Equal(t, 0, res.code, res.stderr)
	require.NotContains(t, res.stdout, "created role", "the role exists: granting again updates it")
	res = c.run("", "grant", "--list")
	require.Equal(t, 0, res.code, res.stderr)
	require.Regexp(t, a+` +client +\(all\) +1000 `, res.stdout)
	require.Regexp(t, b+` +client +hr,shop +1000 `, res.stdout)
	require.Regexp(t, r+` +reader +\(all\) +- `, res.stdout)

	serveCtx, stop := context.WithCancel(ctx)
	served := make(chan result, 1)
	go func() { served <- c.runCtx(serveCtx, "", "serve") }()
	defer func() {
		stop()
		select {
		case res := <-served:
			require.Equal(t, 0, res.code, res.stderr)
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not stop after its context ended")
		}
	}()

	ids := map[string]int64{}
	for _, role := range []string{a, b} {
		res = c.as(role).run("", "ask", "--db", "shop", "--json", "Which customers do we have?")
		require.Equal(t, 0, res.code, "%s: %s", role, res.stderr)
		var ans struct {
			ID     int64           `json:"id"`
			Status string          `json:"status"`
			Rows   json.RawMessage `json:"rows"`
		}
		require.NoError(t, json.Unmarshal([]byte(res.stdout), &ans))
		require.Equal(t, "succeeded", ans.Status)
		require.JSONEq(t, `[["Ada"],["Grace"]]`, string(ans.Rows))
		ids[role] = ans.ID
	}
	// Each client reads its own answer only; the reader reads both.
	for role, want := range map[string][]int64{a: {ids[a]}, b: {ids[b]}, r: {ids[a], ids[b]}} {
		pool := c.db.PoolAs(t, role)
		rows, err := pool.Query(ctx, "SELECT query_id FROM rag.query_results ORDER BY 1")
		require.NoError(t, err)
		var got []int64
		for rows.Next() {
			var id int64
			require.NoError(t, rows.Scan(&id))
			got = append(got, id)
		}
		require.NoError(t, rows.Err())
		require.Equal(t, want, got, role)
	}

	// The reader asks nothing.
	res = c.as(r).run("", "ask", "--db", "shop", "Which customers do we have?")
	require.Equal(t, exitFailure, res.code)
	require.Contains(t, res.stderr, "permission denied for table queries")

	// Limited to hr, b is refused shop, without a word on what exists.
	res = c.run("", "grant", b, "--database", "hr")
	require.Equal(t, 0, res.code, res.stderr)
	res = c.as(b).run("", "ask", "--db", "shop", "Which customers do we have?")
	require.Equal(t, exitFailure, res.code)
	require.Contains(t, res.stderr, `role "`+b+`" may not ask about database "shop"`)

	// Revoked, a reads nothing more.
	res = c.run("", "grant", "--revoke", a)
	require.Equal(t, 0, res.code, res.stderr)
	require.Contains(t, res.stdout, "revoked "+a)
	res = c.as(a).run("", "ask", "--db", "shop", "Which customers do we have?")
	require.Equal(t, exitFailure, res.code)
	require.Contains(t, res.stderr, "permission denied")
}

func TestGrantRefusals(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"grant"}, exitUsage, "grant needs exactly one ROLE"},
		{[]string{"grant", "x", "--reader", "--database", "shop"}, exitUsage, "--database applies to client roles"},
		{[]string{"grant", "--list", "x"}, exitUsage, "grant --list takes no role"},
		{[]string{"grant", "postgres"}, exitUsage, `role "postgres" is a superuser`},
		{[]string{"grant", c.db.RoleName("x"), "--database", "nope"}, exitUsage, `unknown database "nope"`},
		{[]string{"grant", "pg_monitor"}, exitUsage, "reserved"},
		{[]string{"grant", "x", "--max-open", "0"}, exitUsage, "--max-open must be a positive number"},
		{[]string{"grant", "x", "--max-open", "2147483648"}, exitUsage, "at most 2147483647"},
		{[]string{"grant", "x", "--reader", "--max-open", "5"}, exitUsage, "--max-open applies to a client role being granted"},
	} {
		res := c.run("", tc.args...)
		require.Equal(t, tc.code, res.code, "%v: %s", tc.args, res.stderr)
		require.Contains(t, res.stderr, tc.want, tc.args)
	}
	// A client may not grant.
	client := c.db.NewRole(t, "client")
	res := c.run("", "grant", client)
	require.Equal(t, 0, res.code, res.stderr)
	res = c.as(client).run("", "grant", c.db.RoleName("other"))
	require.Equal(t, exitFailure, res.code)
	require.Contains(t, res.stderr, "validation_block (SQLSTATE 42501): permission denied for function grant_client")

	// A client's questions not yet answered are bounded: past the bound,
	// asking fails at once and stores nothing (migration 00035).
	res = c.run("", "grant", client, "--max-open", "1")
	require.Equal(t, 0, res.code, res.stderr)
	require.Contains(t, res.stdout, "at most 1 questions not yet answered")
	res = c.run("", "grant", "--list")
	require.Equal(t, 0, res.code, res.stderr)
	require.Regexp(t, client+` +client +\(all\) +1 `, res.stdout)
	_, err := c.db.PoolAs(t, client).Exec(context.Background(), "INSERT INTO rag.queries (database_name, question) VALUES ('shop', 'pending')")
	require.NoError(t, err)
	res = c.as(client).run("", "ask", "--db", "shop", "--timeout", "1s", "Which customers do we have?")
	require.Equal(t, exitFailure, res.code)
	require.Contains(t, res.stderr, `may have at most 1 questions not yet answered, and this INSERT of 1 would pass it; nothing was stored`)
	var n int
	require.NoError(t, c.db.Pool.QueryRow(context.Background(), "SELECT count(*) FROM rag.queries WHERE submitted_by = $1", client).Scan(&n))
	require.Equal(t, 1, n)
	// Granting again keeps the bound.
	res = c.run("", "grant", client, "--database", "shop")
	require.Equal(t, 0, res.code, res.stderr)
	res = c.run("", "grant", "--list")
	require.Regexp(t, client+` +client +shop +1 `, res.stdout)
	// --max-open alone changes the bound, not the databases (granting
	// again without --database would give every database), up to the most
	// the count takes.
	res = c.run("", "grant", client, "--max-open", "2147483647")
	require.Equal(t, 0, res.code, res.stderr)
	require.Contains(t, res.stdout, "at most 2147483647 questions not yet answered; its databases are unchanged")
	res = c.run("", "grant", "--list")
	require.Regexp(t, client+` +client +shop +2147483647 `, res.stdout)
	res = c.as(client).run("", "ask", "--db", "shop", "--timeout", "1ms", "Which customers do we have?")
	require.NotContains(t, res.stderr, "SQLSTATE", "asked: only the wait timed out")
	require.Contains(t, res.stderr, "stays queued")

	// A login asking through a client role is refused --max-open alone
	// (granting it would give it every database), and told which grant to
	// change; so is a reader, which asks nothing.
	member := c.db.NewRole(t, "member")
	_, err = c.db.Pool.Exec(context.Background(), fmt.Sprintf("GRANT %s TO %s", pgx.Identifier{client}.Sanitize(), pgx.Identifier{member}.Sanitize()))
	require.NoError(t, err)
	res = c.run("", "grant", member, "--max-open", "9")
	require.Equal(t, exitUsage, res.code, res.stderr)
	require.Contains(t, res.stderr, member+" asks through the client grant of "+client+": change the bound there (nl2sql grant "+client+" --max-open 9)")
	reader := c.db.NewRole(t, "reader")
	res = c.run("", "grant", reader, "--reader")
	require.Equal(t, 0, res.code, res.stderr)
	res = c.run("", "grant", reader, "--max-open", "9")
	require.Equal(t, exitUsage, res.code, res.stderr)
	require.Contains(t, res.stderr, reader+" is a reader: it asks nothing")
	res = c.run("", "grant", "--list")
	require.NotContains(t, res.stdout, member)
	require.Regexp(t, reader+` +reader +\(all\) +- `, res.stdout)
	require.Regexp(t, client+` +client +shop +2147483647 `, res.stdout)
}
