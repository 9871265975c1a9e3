// Package mcpserver is nl2sql's Model Context Protocol server: the tools
// chat clients and agents call (Claude Desktop, IDEs, agent frameworks),
// over stdio (`nl2sql mcp`) or streamable HTTP (`nl2sql serve --http`, at
// /mcp). It is a client of the pipeline like any other: nl_query inserts
// into rag.queries with the same INSERT and waits for rag_query_done
// (intake.Ask), so a question asked through MCP is the same row, checked by
// the same trigger and answered by the same River chain.
//
// Tools: nl_query, get_query, list_databases, describe_table,
// retrieve_tables.
package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
)

// Config configures the server.
type Config struct {
	// MaxRows is the rows nl_query asks for (options.max_rows) when the
	// call gives no max_rows: an agent's context is smaller than a BI
	// tool's. Defaults to 100.
	MaxRows int
	// RowCap caps the rows nl_query asks for (a call's max_rows, or
	// MaxRows): the operator's NL2SQL_MAX_ROWS, which a question asked as
	// the service's owner (serve's /mcp) would otherwise raise. 0 leaves
	// options.max_rows' own range (1000000).
	RowCap int
	// MaxResultBytes is the budget of the rows in a tool result (nl_query,
	// get_query): rows past it are left out, and the result says so
	// (truncated, note). An agent's context is small, and each result is
	// held in memory a few times over while it is sent. Defaults to 1 MiB.
	MaxResultBytes int
	// QueryTimeout bounds how long nl_query waits for an answer; a
	// question still running then stays queued, and the tool result gives
	// its id for get_query. Defaults to 5m.
	QueryTimeout time.Duration
	// MaxWaiting bounds the nl_query calls waiting for answers at once:
	// each holds a pool connection to hear its answer on, and one more is
	// refused at once with a tool error (infra_failure) instead of taking
	// the connections the other tools need. Defaults to 8.
	MaxWaiting int
	// NoWorkerWait is how long nl_query waits when no `nl2sql serve` runs
	// against nl2sql's database, before saying so in the tool result (the
	// question stays queued). Defaults to 5s.
	NoWorkerWait time.Duration
	// AllowedOrigins are the browser origins ("https://app.example.com",
	// scheme://host[:port]) the HTTP handler serves besides loopback ones
	// (localhost, 127.0.0.1, [::1], any port). A request with another
	// Origin is refused (403): a page the operator opens must not drive
	// /mcp from the browser. Requests without Origin (MCP clients that are
	// no browser) are served. Defaults to none.
	AllowedOrigins []string
	// Version is the server version reported to clients. Defaults to
	// "dev".
	Version string
	// Logger receives the server's logs. Defaults to a discarding logger.
	Logger *slog.Logger
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.MaxRows == 0 {
		c.MaxRows = 100
	}
	if c.QueryTimeout == 0 {
		c.QueryTimeout = 5 * time.Minute
	}
	if c.MaxResultBytes == 0 {
		c.MaxResultBytes = 1 << 20
	}
	if c.MaxWaiting == 0 {
		c.MaxWaiting = 8
	}
	if c.NoWorkerWait == 0 {
		c.NoWorkerWait = 5 * time.Second
	}
	if c.Version == "" {
		c.Version = "dev"
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.MaxRows < 1 || c.MaxRows > 1_000_000:
		return errors.New("mcpserver: MaxRows must be between 1 and 1000000 (options.max_rows' range)")
	case c.QueryTimeout < time.Millisecond:
		return errors.New("mcpserver: QueryTimeout must be at least 1ms")
	case c.NoWorkerWait < time.Millisecond:
		return errors.New("mcpserver: NoWorkerWait must be at least 1ms")
	case c.RowCap < 0 || c.RowCap > 1_000_000:
		return errors.New("mcpserver: RowCap must be between 0 and 1000000")
	case c.MaxResultBytes < 1024 || c.MaxResultBytes > maxResultBytes:
		return fmt.Errorf("mcpserver: MaxResultBytes must be between 1024 and %d", maxResultBytes)
	case c.MaxWaiting < 1 || c.MaxWaiting > maxWaiting:
		return fmt.Errorf("mcpserver: MaxWaiting must be between 1 and %d", maxWaiting)
	}
	for _, o := range c.AllowedOrigins {
		if err := CheckOrigin(o); err != nil {
			return fmt.Errorf("mcpserver: AllowedOrigins: %w", err)
		}
	}
	return nil
}

// maxResultBytes bounds MaxResultBytes well below the 16 MiB line a stdio
// client reads at most (mcp.DefaultMaxLineLength).
const maxResultBytes = 8 << 20

// maxWaiting bounds MaxWaiting: each waiting call holds a connection to
// nl2sql's database.
const maxWaiting = 1000

// ReservedConns are the connections of an MCP pool kept for the tools that
// do not wait for answers (list_databases, describe_table, get_query,
// retrieve_tables, and nl_query's INSERT).
const ReservedConns = 4

// PoolConns is the size to give the pool an MCP server is built on: a
// connection for each waiting nl_query (MaxWaiting, its default when
// unset) and ReservedConns for the others.
func (c Config) PoolConns() int32 {
	return int32(c.WithDefaults().MaxWaiting + ReservedConns)
}

// Retriever is what retrieve_tables returns for a question: the tables and
// join paths retrieval chooses, as `nl2sql retrieve --json` prints them.
type Retriever func(ctx context.Context, database, question string) (any, error)

// Server is the MCP server over nl2sql's database.
type Server struct {
	cfg      Config
	pool     *pgxpool.Pool
	retrieve Retriever
	cache    *catalog.Cache
	mcp      *mcp.Server
	origins  map[string]bool // AllowedOrigins, lower case
	calls    calls           // in flight over HTTP
	waiting  chan struct{}   // a slot per nl_query waiting (MaxWaiting)
	stop     chan struct{}   // closed by StopWaiting
	stopOnce sync.Once
}

// New returns a server reading and asking through pool (nl2sql's own
// database), which should have cfg.PoolConns() connections; retrieve
// answers retrieve_tables (nil leaves the tool out).
func New(pool *pgxpool.Pool, retrieve Retriever, cfg Config) (*Server, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := &Server{
		cfg: cfg, pool: pool, retrieve: retrieve, cache: catalog.NewCache(pool), origins: map[string]bool{},
		waiting: make(chan struct{}, cfg.MaxWaiting), stop: make(chan struct{}),
	}
	for _, o := range cfg.AllowedOrigins {
		s.origins[strings.ToLower(o)] = true
	}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "nl2sql", Title: "nl2sql", Version: cfg.Version}, &mcp.ServerOptions{
		Logger:       sdkLogger(cfg.Logger),
		Instructions: instructions,
	})
	s.addTools()
	return s, nil
}

const instructions = `nl2sql answers questions about PostgreSQL databases registered with it: it writes guarded, read-only SQL, runs it and returns the rows.
Start with list_databases. Ask with nl_query {question, database}. To look before asking: describe_table {database, table} and retrieve_tables {database, question}.
A failed question comes back as a tool error naming its class (validation_block: the question or the SQL was refused; sql_error: no valid SQL after repairs; query_timeout; infra_failure: the model or a database is unavailable; unknown).`

// StopWaiting ends every nl_query waiting for its answer, and refuses later
// ones, with a tool error saying the question stays queued (get_query): for
// a shutdown, which would otherwise close their connections with no reply
// once its grace ran out.
func (s *Server) StopWaiting() { s.stopOnce.Do(func() { close(s.stop) }) }

// MCP is the underlying SDK server.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Run serves one session over t (stdio: &mcp.StdioTransport{} or an
// IOTransport) until the client disconnects or ctx ends.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	err := s.mcp.Run(ctx, t)
	if ctx.Err() != nil {
		return nil // asked to stop
	}
	return err
}

// Handler serves the streamable HTTP transport. It is stateless: every
// request stands alone and no session or stream outlives it, so nothing is
// left to close at shutdown; the tools need no server-to-client requests.
// A request whose Origin is neither loopback nor in AllowedOrigins is
// refused with 403, as the transport's specification requires. A tool call
// ends when its HTTP request does (the client disconnected) or when the
// client sends notifications/cancelled for it (http.go).
func (s *Server) Handler() http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp },
		&mcp.StreamableHTTPOptions{Stateless: true, Logger: sdkLogger(s.cfg.Logger), PropagateRequestCancellation: true})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !s.originAllowed(origin) {
			s.cfg.Logger.WarnContext(r.Context(), "mcp: refused a request from a browser origin that is not allowed (NL2SQL_MCP_ALLOWED_ORIGINS)", "origin", origin)
			// The body may be a JSON-RPC error without an id (MCP,
			// streamable HTTP: security warning).
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "error": map[string]any{
				"code": codeForbiddenOrigin, "message": fmt.Sprintf("Origin %q is not allowed", origin),
			}})
			return
		}
		s.calls.track(h, w, r)
	})
}

// codeForbiddenOrigin is the JSON-RPC code of a refused Origin: the request
// is not one this server takes (invalid request).
const codeForbiddenOrigin = -32600

// originAllowed says whether a browser at origin may use the handler: a
// loopback origin, or one of AllowedOrigins.
func (s *Server) originAllowed(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false // "null" (a sandboxed page, a file), or not an origin
	}
	if isLoopback(u.Hostname()) {
		return true
	}
	return s.origins[strings.ToLower(origin)]
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// CheckOrigin says what is wrong with o as an entry of AllowedOrigins: an
// origin is scheme://host[:port], http or https, as browsers send it.
func CheckOrigin(o string) error {
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Hostname() == "" ||
		u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(o, "/") {
		return fmt.Errorf("%q is not an origin (http or https://host[:port], no path)", o)
	}
	return nil
}

// toolError is a tool result that failed: "class: message", as an MCP tool
// error (isError), so the model sees it and can act on it.
func toolError(class errclass.Class, msg string) *mcp.CallToolResult {
	r := &mcp.CallToolResult{}
	r.SetError(fmt.Errorf("%s: %s", class, msg))
	return r
}

// classified is a tool error for err.
func classified(err error) *mcp.CallToolResult {
	ce := errclass.Classify(err)
	return toolError(ce.Class, message(err))
}

// message is the message of the classified error err carries, else its
// text.
func message(err error) string {
	var ce *errclass.Error
	if errors.As(err, &ce) && ce.Message != "" {
		return ce.Message
	}
	return errclass.Classify(err).Message
}

// sdkLogger is logger for the SDK's own logs, with its info lines (a
// session per HTTP request in stateless mode) lowered to debug.
func sdkLogger(logger *slog.Logger) *slog.Logger { return slog.New(demote{logger.Handler()}) }

type demote struct{ slog.Handler }

func (d demote) Enabled(ctx context.Context, l slog.Level) bool {
	return d.Handler.Enabled(ctx, lower(l))
}

func (d demote) Handle(ctx context.Context, r slog.Record) error {
	r.Level = lower(r.Level)
	return d.Handler.Handle(ctx, r)
}

func (d demote) WithAttrs(attrs []slog.Attr) slog.Handler { return demote{d.Handler.WithAttrs(attrs)} }

func (d demote) WithGroup(name string) slog.Handler { return demote{d.Handler.WithGroup(name)} }

func lower(l slog.Level) slog.Level {
	if l < slog.LevelWarn {
		return slog.LevelDebug
	}
	return l
}
