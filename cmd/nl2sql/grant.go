package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"net"
	"net/url"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
)

// runGrant makes ROLE a client (asks questions, reads its own) or a reader
// (reads everything, writes nothing) of nl2sql's database. The work is
// rag.grant_client's, so `SELECT rag.grant_client(...)` in psql does the
// same; see README "Client roles".
func runGrant(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "grant")
	var dbs stringList
	fs.Var(&dbs, "database", "registered database the client may ask about, repeatable (default: every database, also those registered later)")
	reader := fs.Bool("reader", false, "a reporting role: reads every question, answer and exam result, asks nothing")
	revoke := fs.Bool("revoke", false, "take back what an earlier grant gave (the role itself stays)")
	list := fs.Bool("list", false, "list the granted roles")
	maxOpen := fs.Int("max-open", 0, "the most questions of a client's role not yet answered; an INSERT past it fails whole (default 1000 for a new client, unchanged for one granted before); alone, on a client, it changes the bound and nothing else")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	maxOpenSet := false
	fs.Visit(func(f *flag.Flag) { maxOpenSet = maxOpenSet || f.Name == "max-open" })
	switch {
	case *list && (len(pos) > 0 || *reader || *revoke || len(dbs) > 0):
		return usagef("grant --list takes no role and no other flag")
	case !*list && len(pos) != 1:
		return usagef("grant needs exactly one ROLE, e.g. nl2sql grant bi_team --database erp")
	case *revoke && (*reader || len(dbs) > 0):
		return usagef("grant --revoke takes a ROLE and no other flag")
	case *reader && len(dbs) > 0:
		return usagef("a reader reads the answers of every database: --database applies to client roles")
	case maxOpenSet && (*maxOpen < 1 || *maxOpen > math.MaxInt32):
		return usagef("--max-open must be a positive number of questions, at most %d", math.MaxInt32)
	case maxOpenSet && (*list || *revoke || *reader):
		return usagef("--max-open applies to a client role being granted")
	}
	st, pool, err := open(ctx, m)
	if err != nil {
		return err
	}
	defer pool.Close()
	q := dbsqlc.New()

	if *list {
		return listClients(ctx, m, q, pool)
	}
	role := pos[0]
	if *revoke {
		revoked, err := q.RevokeClient(ctx, pool, role)
		if err != nil {
			return grantError(err)
		}
		if !revoked {
			fmt.Fprintf(m.Stdout, "%s was not granted; nothing to revoke\n", role)
			return nil
		}
		fmt.Fprintf(m.Stdout, "revoked %s: it can no longer ask or read anything of nl2sql's; its questions stay (DROP ROLE is yours)\n", role)
		return nil
	}

	// --max-open alone changes a client's bound and nothing else: granting
	// again without --database would give it every database. A role that
	// holds a grant otherwise (a reader, a member of a client role) is
	// refused; one that holds none is granted as `grant ROLE` would.
	if maxOpenSet && len(dbs) == 0 {
		if err := setMaxOpen(ctx, m, q, pool, role, *maxOpen); !errors.Is(err, errNoGrant) {
			return err
		}
	}

	var databases []string // nil: every database
	if len(dbs) > 0 {
		databases = dbs
	}
	var created bool
	// One transaction: a bound refused leaves no grant behind.
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var err error
		if created, err = q.GrantClient(ctx, tx, &dbsqlc.GrantClientParams{Grantee: role, Databases: databases, Reader: *reader}); err != nil {
			return err
		}
		if maxOpenSet {
			_, err = q.SetClientMaxOpen(ctx, tx, &dbsqlc.SetClientMaxOpenParams{Grantee: role, MaxOpen: int32(*maxOpen)})
		}
		return err
	})
	if err != nil {
		return grantError(err)
	}
	if created {
		fmt.Fprintf(m.Stdout, "created role %s (LOGIN, no password: set one with ALTER ROLE, or let pg_hba.conf decide)\n", role)
	}
	if *reader {
		fmt.Fprintf(m.Stdout, "%s is a reader: it reads every question, answer, candidate, attempt and exam result, and writes nothing\n", role)
	} else {
		scope := "every registered database, also those registered later"
		if len(databases) > 0 {
			scope = strings.Join(databases, ", ")
		}
		fmt.Fprintf(m.Stdout, "%s is a client: it asks about %s, and reads its own questions and answers only\n", role, scope)
		if *maxOpen > 0 {
			fmt.Fprintf(m.Stdout, "each role asking through it may have at most %d questions not yet answered\n", *maxOpen)
		}
	}
	fmt.Fprintf(m.Stdout, "it connects to %s\n", urlAs(st.DatabaseURL, role))
	return nil
}

// errNoGrant: the role holds no grant of any kind.
var errNoGrant = errors.New("no grant")

// setMaxOpen changes the bound of role's own client grant, or says why it
// may not: errNoGrant when role holds no grant at all.
func setMaxOpen(ctx context.Context, m *Main, q *dbsqlc.Queries, pool dbsqlc.DBTX, role string, maxOpen int) error {
	grants, err := q.ClientGrantsOf(ctx, pool, role)
	if err != nil {
		return grantError(err)
	}
	var through []string
	for _, g := range grants {
		switch {
		case g.RoleName == role && g.Kind == "reader":
			return usagef("%s is a reader: it asks nothing, so --max-open does not apply (grant it as a client with --database)", role)
		case g.RoleName == role:
			if _, err := q.SetClientMaxOpen(ctx, pool, &dbsqlc.SetClientMaxOpenParams{Grantee: role, MaxOpen: int32(maxOpen)}); err != nil {
				return grantError(err)
			}
			fmt.Fprintf(m.Stdout, "%s may have at most %d questions not yet answered; its databases are unchanged\n", role, maxOpen)
			return nil
		case g.Kind == "client":
			through = append(through, g.RoleName)
		}
	}
	if len(through) > 0 {
		return usagef("%s asks through the client grant of %s: change the bound there (nl2sql grant %s --max-open %d); granting %s itself without --database would let it ask about every database",
			role, strings.Join(through, ", "), through[0], maxOpen, role)
	}
	return errNoGrant
}

func listClients(ctx context.Context, m *Main, q *dbsqlc.Queries, pool dbsqlc.DBTX) error {
	rows, err := q.ListClients(ctx, pool)
	if err != nil {
		return grantError(err)
	}
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ROLE\tKIND\tDATABASES\tMAX OPEN\tGRANTED")
	for _, r := range rows {
		dbs := strings.Join(r.Databases, ",")
		if r.AllDatabases {
			dbs = "(all)"
		}
		if len(r.Databases) == 0 && !r.AllDatabases {
			dbs = "(none)"
		}
		name := r.RoleName
		if !r.RoleExists {
			name += " (role dropped)"
		}
		maxOpen := "-"
		if r.Kind == "client" {
			maxOpen = strconv.Itoa(int(r.MaxOpenQuestions))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", name, r.Kind, dbs, maxOpen, r.GrantedAt.Format("2006-01-02 15:04"))
	}
	return tw.Flush()
}

// grantError explains what rag.grant_client refused: a mistake in the
// command line is a usage error; missing privileges say which are needed.
func grantError(err error) error {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return err
	}
	msg := pgErr.Message
	if pgErr.Hint != "" {
		msg += " (" + pgErr.Hint + ")"
	}
	switch pgErr.Code {
	case "22023", "23503", "42939", "0LP01", "42704": // bad argument, unknown database, reserved name, unsuitable role, no such role
		return usagef("grant: %s", msg)
	case "42501":
		return &errclass.Error{
			Class: errclass.ValidationBlock, SQLSTATE: pgErr.Code, Code: "grant.privilege",
			Message: msg + "; run `nl2sql grant` as the role that owns nl2sql's tables (the one `nl2sql migrate` ran as), with CREATEROLE to create roles", Err: err,
		}
	case "42883", "42P01": // rag.grant_client or rag.clients missing
		return &errclass.Error{
			Class: errclass.InfraFailure, SQLSTATE: pgErr.Code, Code: "grant.migrate",
			Message: msg + "; run `nl2sql migrate` first", Err: err,
		}
	}
	return err
}

// urlAs is nl2sql's database URL as role would write it, without a
// password.
func urlAs(dsn, role string) string {
	cfg, err := pgconn.ParseConfig(dsn)
	if err != nil {
		return "nl2sql's database"
	}
	u := url.URL{Scheme: "postgres", User: url.User(role), Host: net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))), Path: "/" + cfg.Database}
	return u.String()
}
