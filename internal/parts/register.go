package parts

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// What `nl2sql db add` and `nl2sql index` do past their command lines, and
// the periodic catalog check does again when a schema changed (drift.go):
// connect to a registered database, refresh its catalog, build its schema
// index.

// connectTimeout bounds connecting to a target database for a refresh, an
// index's value sample or a catalog check: an unreachable one costs this,
// not the operating system's TCP timeout.
const connectTimeout = 10 * time.Second

// ConnectTarget connects to the database d's DSN reaches, env:VAR
// resolved with getenv. Its errors are *errclass.Error: code db.dsn for a
// variable that is not set, db.connect for a database that cannot be
// reached.
func ConnectTarget(ctx context.Context, d *catalog.Database, getenv func(string) string) (*pgx.Conn, error) {
	return connectTarget(ctx, d, getenv, nil)
}

// connectTarget is ConnectTarget; with b, connecting waits b's connect
// timeout, the session's statement_timeout is b's, and a read or write on
// the connection that waits past b fails (boundedConn): the catalog
// check's connection.
func connectTarget(ctx context.Context, d *catalog.Database, getenv func(string) string, b *answerBound) (*pgx.Conn, error) {
	dsn, err := catalog.ResolveDSN(d.DSN, getenv)
	if err != nil {
		return nil, &errclass.Error{Class: errclass.InfraFailure, Code: "db.dsn", Message: err.Error(), Err: err}
	}
	timeout := connectTimeout
	if b != nil {
		timeout = b.connect
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cfg, err := pgx.ParseConfig(dsn)
	if err == nil {
		// The catalog is read and stored as UTF-8: a LATIN1 database left
		// at its own encoding names its tables in bytes the catalog refuses.
		cfg.RuntimeParams["client_encoding"] = "UTF8"
		if b != nil {
			cfg.RuntimeParams["statement_timeout"] = strconv.FormatInt(b.statement.Milliseconds(), 10)
			dial := cfg.DialFunc
			cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
				c, err := dial(ctx, network, addr)
				if err != nil {
					return nil, err
				}
				return &boundedConn{Conn: c, b: *b}, nil
			}
		}
	}
	conn, err := connect(cctx, cfg, err)
	if err != nil {
		ce := errclass.Classify(err)
		return nil, &errclass.Error{
			Class: errclass.InfraFailure, SQLSTATE: ce.SQLSTATE, Code: "db.connect",
			Message: fmt.Sprintf("cannot connect to database %q: %s", d.Name, ce.Message), Err: err,
		}
	}
	return conn, nil
}

// connect connects with cfg, or fails with parseErr, pgx.Connect's error
// for a DSN it cannot parse.
func connect(ctx context.Context, cfg *pgx.ConnConfig, parseErr error) (*pgx.Conn, error) {
	if parseErr != nil {
		return nil, parseErr
	}
	return pgx.ConnectConfig(ctx, cfg)
}

// RefreshDatabase registers d, or refreshes its registration, from the
// database its DSN reaches (catalog.Refresh): the DSN is validated, env:VAR
// resolved with getenv. d is the whole registration, DefaultRole included;
// annotations nil applies the stored ones again. A DSN holding a password
// or a schema the database lacks is a validation_block error (codes db.dsn
// and db.schema), an unreachable database an infra_failure (ConnectTarget).
func RefreshDatabase(ctx context.Context, meta *pgxpool.Pool, d catalog.Database, annotations []byte, getenv func(string) string) (*catalog.RefreshResult, error) {
	if err := catalog.ValidateDSN(d.DSN); err != nil {
		return nil, &errclass.Error{Class: errclass.ValidationBlock, Code: "db.dsn", Message: err.Error(), Err: err}
	}
	conn, err := ConnectTarget(ctx, &d, getenv)
	if err != nil {
		return nil, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	res, err := catalog.Refresh(ctx, meta, conn, d, annotations)
	if err != nil {
		return nil, schemaError(err)
	}
	return res, nil
}

// schemaError is err, or a validation_block error for a registered schema
// the database does not have.
func schemaError(err error) error {
	var nf *catalog.SchemaNotFoundError
	if errors.As(err, &nf) {
		return &errclass.Error{Class: errclass.ValidationBlock, Code: "db.schema", Message: err.Error(), Err: err}
	}
	return err
}

// IndexOptions is what IndexDatabase builds an index with besides the
// catalog.
type IndexOptions struct {
	// Target is the database values are sampled from; nil: the one the
	// registered DSN reaches, connected to for the build.
	Target schemaindex.Target
	// Modules maps tables to modules; nil: the previous build's mapping.
	Modules map[string]string
	// DefaultRole is the role questions run as on a database registered
	// without one (NL2SQL_READ_ONLY_ROLE): values are sampled as it.
	DefaultRole string
	// Model embeds the table and column documents when its embedding
	// model answers; nil: no embeddings, NoModelReason says why.
	Model         llm.Provider
	NoModelReason string
	// Getenv resolves an env: DSN. Defaults to none set.
	Getenv func(string) string
	// Index configures the build.
	Index schemaindex.Config
}

// IndexDatabase builds the schema index of snap's database: values sampled
// under the role questions run as, from o.Target or the registered
// database; embeddings from o.Model's embedding model when it answers.
// Neither an unreachable target nor an unreachable model fails it (db add
// must work without a model server): the stats say what was left out and
// why.
func IndexDatabase(ctx context.Context, meta *pgxpool.Pool, snap *catalog.Snapshot, o IndexOptions) (*schemaindex.Stats, error) {
	src := schemaindex.Source{Snapshot: snap, Target: o.Target, Modules: o.Modules}
	d, err := catalog.GetDatabase(ctx, meta, snap.Database)
	if err == nil {
		// The sample reads as the role questions run as: no value it may
		// not read reaches the index or a prompt.
		src.Role = cmp.Or(d.ReadOnlyRole, o.DefaultRole)
	}
	getenv := o.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	switch {
	case o.Target != nil:
	case err != nil:
		src.NoTargetReason = err.Error()
	default:
		conn, err := ConnectTarget(ctx, d, getenv)
		if err != nil {
			src.NoTargetReason = errclass.Classify(err).Message
		} else {
			defer conn.Close(context.WithoutCancel(ctx))
			src.Target = conn
		}
	}
	if o.Model != nil {
		src.Embedder, src.EmbedModel, src.NoEmbedderReason = Embedder(ctx, o.Model)
	} else {
		src.NoEmbedderReason = o.NoModelReason
	}
	return schemaindex.Build(ctx, meta, src, o.Index)
}

// Embedder returns model when its embedding model answers, with the
// model's name, or why not: checked once, briefly, so a missing model
// server costs seconds, not a timeout per batch.
func Embedder(ctx context.Context, model llm.Provider) (schemaindex.Embedder, string, string) {
	name := model.Config().EmbedModel
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := model.CheckModel(cctx, name); err != nil {
		msg := err.Error()
		var le *llm.Error
		if errors.As(err, &le) {
			msg = le.Message
		}
		return nil, "", fmt.Sprintf("embedding model %s: %s", name, msg)
	}
	return model, name, ""
}
