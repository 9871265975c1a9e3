package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/mcpserver"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/internal/target"
	"github.com/nl2sql/nl2sql/worker"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

const shopSQL = `
CREATE SCHEMA shop;
CREATE TABLE shop.customers (customer_id int PRIMARY KEY, name text NOT NULL, city text);
COMMENT ON TABLE shop.customers IS 'People and companies that buy from us';
CREATE TABLE shop.orders (
	order_id int PRIMARY KEY,
	customer_id int NOT NULL REFERENCES shop.customers,
	status text NOT NULL CHECK (status IN ('open', 'shipped')),
	total_amount numeric(10,2) NOT NULL CHECK (total_amount >= 0));
COMMENT ON COLUMN shop.orders.total_amount IS 'Order total in euros';
INSERT INTO shop.customers VALUES (1, 'Ada', 'London'), (2, 'Grace', 'New York');
INSERT INTO shop.orders VALUES (10, 1, 'shipped', 120.50), (11, 2, 'open', 80.00);
`

type env struct {
	db       *dbtest.DB
	ollama   *ollamatest.Server
	pipeline *parts.Parts
	deps     stage.Deps
}

// setup gives a test a database with the shop schema registered as "shop",
// a fake Ollama and the pipeline; serve starts workers.
func setup(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopSQL)
	require.NoError(t, err)
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "shop", DSN: db.URL, Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)

	srv := ollamatest.NewT(t)
	client, err := llm.New(llm.Config{Host: srv.URL(), RequestTimeout: 5 * time.Second})
	require.NoError(t, err)
	targets, err := target.New(target.Config{ConnectTimeout: 2 * time.Second})
	require.NoError(t, err)
	t.Cleanup(targets.Close)
	p, err := parts.New(db.Pool, client, parts.Config{})
	require.NoError(t, err)
	return &env{db: db, ollama: srv, pipeline: p, deps: p.Deps(targets)}
}

// serve runs the pipeline's workers until the test ends, as `nl2sql serve`.
func (e *env) serve(t *testing.T) {
	t.Helper()
	svc, err := worker.New(e.db.Pool, e.deps, worker.Config{
		Logger: dbtest.Logger(t), FetchCooldown: 5 * time.Millisecond,
		FetchPollInterval: 100 * time.Millisecond, RetryBackoff: 20 * time.Millisecond, InfraAttempts: 2,
		Candidates: candidate.Config{Disabled: true},
	})
	require.NoError(t, err)
	require.NoError(t, svc.Start(context.Background()))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = svc.Stop(ctx)
	})
}

func (e *env) server(t *testing.T, cfg mcpserver.Config) *mcpserver.Server {
	t.Helper()
	cfg.Logger = dbtest.Logger(t)
	retrieve := func(ctx context.Context, database, question string) (any, error) {
		res, err := e.pipeline.Retrieval(ctx, stage.RetrieveRequest{Database: database, Question: question}, "")
		if err != nil {
			return nil, err
		}
		return map[string]any{"question": question, "strategy": res.Metadata.Strategy, "tables": res.Metadata.TablesIncluded}, nil
	}
	s, err := mcpserver.New(e.db.Pool, retrieve, cfg)
	require.NoError(t, err)
	return s
}

// connect runs s over an in-memory connection and returns a client
// session of the SDK's client, closed when the test ends.
func connect(t *testing.T, s *mcpserver.Server) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, st) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(), ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		cancel()
		require.NoError(t, <-done, "Run returns nil when asked to stop")
	})
	return cs
}

// call calls a tool and returns its result and the structured content
// decoded into out (when not nil).
func call(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any, out any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	require.NoError(t, err, "a tool failure is a result, not a protocol error")
	if out != nil && res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, out))
	}
	return res
}

func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

type queryResult struct {
	ID         int64              `json:"id"`
	Status     string             `json:"status"`
	SQL        string             `json:"sql"`
	Confidence *float64           `json:"confidence"`
	Columns    []mcpserver.Column `json:"columns"`
	Rows       json.RawMessage    `json:"rows"`
	RowCount   int                `json:"row_count"`
	Truncated  bool               `json:"truncated"`
	ErrorClass string             `json:"error_class"`
	SQLSTATE   string             `json:"sqlstate"`
	Error      string             `json:"error"`
}

func TestTools(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.Answer(ollamatest.Contains("Which customers do we have?"), ollamatest.Response{Content: "```sql\nSELECT name FROM customers ORDER BY name\n```"})
	e.ollama.Answer(ollamatest.Contains("What is the total of each order?"), ollamatest.Response{Content: "SELECT order_id, total_amount FROM orders ORDER BY order_id"})
	e.ollama.Answer(ollamatest.Contains("Delete everything"), ollamatest.Response{Content: "DELETE FROM customers"})
	e.serve(t)
	cs := connect(t, e.server(t, mcpserver.Config{}))

	tools := map[string]bool{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		require.NoError(t, err)
		tools[tool.Name] = true
	}
	require.Equal(t, map[string]bool{"nl_query": true, "get_query": true, "list_databases": true, "describe_table": true, "retrieve_tables": true}, tools)

	var dbs mcpserver.DatabaseList
	res := call(t, cs, "list_databases", nil, &dbs)
	require.False(t, res.IsError, text(res))
	require.Len(t, dbs.Databases, 1)
	require.Equal(t, "shop", dbs.Databases[0].Name)
	require.Equal(t, 2, dbs.Databases[0].Tables)
	require.NotContains(t, text(res), "postgres://", "no DSN")

	var q queryResult
	res = call(t, cs, "nl_query", map[string]any{"question": "Which customers do we have?", "database": "shop"}, &q)
	require.False(t, res.IsError, text(res))
	require.Equal(t, "succeeded", q.Status)
	require.Contains(t, q.SQL, "SELECT name FROM customers ORDER BY name")
	require.Contains(t, q.SQL, "LIMIT 101", "max_rows defaults to MaxRows (100)")
	require.JSONEq(t, `[["Ada"],["Grace"]]`, string(q.Rows))
	require.Equal(t, []mcpserver.Column{{Name: "name", Type: "text"}}, q.Columns)
	require.NotNil(t, q.Confidence)
	require.Positive(t, q.ID)

	// The same row any client inserts: options included.
	var opts string
	require.NoError(t, e.db.Pool.QueryRow(context.Background(), "SELECT options::text FROM rag.queries WHERE id = $1", q.ID).Scan(&opts))
	require.JSONEq(t, `{"max_rows": 100}`, opts)

	var got queryResult
	res = call(t, cs, "get_query", map[string]any{"id": q.ID}, &got)
	require.False(t, res.IsError, text(res))
	require.Equal(t, q.ID, got.ID)
	require.JSONEq(t, string(q.Rows), string(got.Rows))

	var totals queryResult
	res = call(t, cs, "nl_query", map[string]any{"question": "What is the total of each order?", "database": "shop", "max_rows": 1}, &totals)
	require.False(t, res.IsError, text(res))
	require.JSONEq(t, `[[10, 120.50]]`, string(totals.Rows), "numbers keep their digits")
	require.Contains(t, text(res), "120.50", "numbers keep their digits as stored")
	require.True(t, totals.Truncated, "max_rows 1 of 2 rows")

	// A failed question is a tool error that names its class.
	var failed queryResult
	res = call(t, cs, "nl_query", map[string]any{"question": "Delete everything", "database": "shop"}, &failed)
	require.True(t, res.IsError)
	require.True(t, strings.HasPrefix(text(res), "validation_block: "), text(res))
	require.Equal(t, "failed", failed.Status)
	require.Equal(t, "validation_block", failed.ErrorClass)
	require.Positive(t, failed.ID)

	// Refused at INSERT, by the trigger every client meets.
	var refused queryResult
	res = call(t, cs, "nl_query", map[string]any{"question": "Hello?", "database": "nope"}, &refused)
	require.True(t, res.IsError)
	require.Contains(t, text(res), `validation_block: the question was refused: unknown database "nope"`)
	require.Equal(t, "refused", refused.Status)
	require.Zero(t, refused.ID)
	require.NotEmpty(t, refused.SQLSTATE, "the INSERT's SQLSTATE, as the README says the object carries")
	res = call(t, cs, "nl_query", map[string]any{"question": "Hello?", "database": "shop", "max_rows": 2000000}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), "options.max_rows must be at most 1000000")
	res = call(t, cs, "nl_query", map[string]any{"question": "   ", "database": "shop"}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), "validation_block")

	res = call(t, cs, "nl_query", map[string]any{"question": "Hello?"}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), "validation_block: invalid arguments", "database is required")
	res = call(t, cs, "nl_query", map[string]any{"question": "Hello?", "database": "shop", "colour": "red"}, nil)
	require.True(t, res.IsError, "unknown arguments are refused")
	res = call(t, cs, "nl_query", map[string]any{"question": "Hello?", "database": "shop", "max_rows": "ten"}, nil)
	require.True(t, res.IsError)

	res = call(t, cs, "get_query", map[string]any{"id": 999999}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), "there is no question 999999")

	var table mcpserver.TableInfo
	res = call(t, cs, "describe_table", map[string]any{"database": "shop", "table": "orders"}, &table)
	require.False(t, res.IsError, text(res))
	require.Equal(t, "shop", table.Schema)
	require.Equal(t, []string{"order_id"}, table.PrimaryKey)
	require.Len(t, table.Columns, 4)
	require.Equal(t, mcpserver.ColumnInfo{Name: "customer_id", Type: "integer", References: "shop.customers.customer_id"}, table.Columns[1])
	require.Equal(t, []string{"open", "shipped"}, table.Columns[2].AllowedValues)
	require.Equal(t, "Order total in euros", table.Columns[3].Comment)
	require.Equal(t, []string{"CHECK ((total_amount >= (0)::numeric))"}, table.Checks)
	require.Len(t, table.ForeignKeys, 1)
	require.Equal(t, "shop.customers", table.ForeignKeys[0].RefTable)

	res = call(t, cs, "describe_table", map[string]any{"database": "shop", "table": "shop.customers"}, &table)
	require.False(t, res.IsError, text(res))
	require.Equal(t, "People and companies that buy from us", table.Comment)
	require.Len(t, table.ReferencedBy, 1, "orders points at customers")

	res = call(t, cs, "describe_table", map[string]any{"database": "shop", "table": "customer"}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), `validation_block: there is no table "customer" in database "shop"`)
	require.Contains(t, text(res), "customers", "it suggests the table meant")
	res = call(t, cs, "describe_table", map[string]any{"database": "nope", "table": "x"}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), `database "nope" is not registered`)

	var ret struct {
		Strategy string   `json:"strategy"`
		Tables   []string `json:"tables"`
	}
	res = call(t, cs, "retrieve_tables", map[string]any{"database": "shop", "question": "orders per customer"}, &ret)
	require.False(t, res.IsError, text(res))
	require.Equal(t, "full", ret.Strategy)
	require.ElementsMatch(t, []string{"customers", "orders"}, ret.Tables)

	// A question rag.queries would refuse is refused here too, before
	// any search.
	res = call(t, cs, "retrieve_tables", map[string]any{"database": "shop", "question": strings.Repeat("orders ", 300)}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), "validation_block: the question has 2100 characters; at most 2000")
	res = call(t, cs, "retrieve_tables", map[string]any{"database": "shop", "question": "\u200b "}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), "validation_block: the question is blank")
}

// Without `nl2sql serve` the tool says so promptly; the question stays
// queued for get_query.
func TestNoWorker(t *testing.T) {
	t.Parallel()
	e := setup(t)
	cs := connect(t, e.server(t, mcpserver.Config{NoWorkerWait: 100 * time.Millisecond}))

	var q queryResult
	res := call(t, cs, "nl_query", map[string]any{"question": "Anyone there?", "database": "shop"}, &q)
	require.True(t, res.IsError)
	require.Contains(t, text(res), "infra_failure: question ")
	require.Contains(t, text(res), "is queued, but no `nl2sql serve` is running against this database")
	require.Contains(t, text(res), "call get_query with id ")
	require.Positive(t, q.ID)
	require.Equal(t, "queued", q.Status)
	require.Equal(t, "infra_failure", q.ErrorClass)

	// A serve that starts later answers it.
	e.ollama.Answer(ollamatest.Contains("Anyone there?"), ollamatest.Response{Content: "SELECT count(*) AS n FROM customers"})
	e.serve(t)
	require.Eventually(t, func() bool {
		var got queryResult
		call(t, cs, "get_query", map[string]any{"id": q.ID}, &got)
		return got.Status == "succeeded"
	}, time.Minute, 50*time.Millisecond)
}

// The same server over stdio's framing (newline-delimited JSON on a pair
// of streams) and over streamable HTTP.
func TestTransports(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.Answer(ollamatest.Contains("How many customers?"), ollamatest.Response{Content: "SELECT count(*) AS n FROM customers"})
	e.serve(t)
	s := e.server(t, mcpserver.Config{})

	t.Run("Stdio", func(t *testing.T) {
		clientR, serverW := io.Pipe()
		serverR, clientW := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx, &mcp.IOTransport{Reader: serverR, Writer: serverW}) }()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.IOTransport{Reader: clientR, Writer: clientW}, nil)
		require.NoError(t, err)
		var q queryResult
		res := call(t, cs, "nl_query", map[string]any{"question": "How many customers?", "database": "shop"}, &q)
		require.False(t, res.IsError, text(res))
		require.JSONEq(t, `[[2]]`, string(q.Rows))
		require.NoError(t, cs.Close())
		require.NoError(t, <-done, "the server ends when the client hangs up")
	})

	t.Run("HTTP", func(t *testing.T) {
		hs := httptest.NewServer(s.Handler())
		defer hs.Close()
		ctx := context.Background()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL}, nil)
		require.NoError(t, err)
		defer cs.Close()
		var dbs mcpserver.DatabaseList
		res := call(t, cs, "list_databases", nil, &dbs)
		require.False(t, res.IsError, text(res))
		require.Equal(t, "shop", dbs.Databases[0].Name)
		var q queryResult
		res = call(t, cs, "nl_query", map[string]any{"question": "How many customers?", "database": "shop"}, &q)
		require.False(t, res.IsError, text(res))
		require.JSONEq(t, `[[2]]`, string(q.Rows))
		res = call(t, cs, "nl_query", map[string]any{"question": "How many customers?", "database": "nope"}, &q)
		require.True(t, res.IsError)
		require.Contains(t, text(res), "validation_block")
	})
}

func TestConfig(t *testing.T) {
	t.Parallel()
	for _, cfg := range []mcpserver.Config{
		{MaxRows: -1},
		{MaxRows: 2_000_000},
		{QueryTimeout: -time.Second},
		{NoWorkerWait: -time.Second},
		{MaxWaiting: -1},
		{MaxWaiting: 1001},
		{RowCap: -1},
		{MaxResultBytes: 100},
		{MaxResultBytes: 9 << 20},
		{AllowedOrigins: []string{"app.example.com"}},
		{AllowedOrigins: []string{"https://app.example.com/mcp"}},
		{AllowedOrigins: []string{"*"}},
	} {
		_, err := mcpserver.New(nil, nil, cfg)
		require.Error(t, err, "%+v", cfg)
	}
}

// TestClientCatalog: nl2sql mcp run as a client role lists and describes
// the databases it may ask about, and no other, and never reads a DSN
// (migration 00021).
func TestClientCatalog(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, e.db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, e.db.Pool, conn, catalog.Database{Name: "depot", DSN: e.db.URL, Schemas: []string{"shop"}}, nil)
	require.NoError(t, err)
	bob := e.db.NewRole(t, "bob")
	_, err = e.db.Pool.Exec(ctx, "SELECT rag.grant_client($1, '{shop}')", bob)
	require.NoError(t, err)

	list := func(pool *pgxpool.Pool) []string {
		s, err := mcpserver.New(pool, nil, mcpserver.Config{Logger: dbtest.Logger(t)})
		require.NoError(t, err)
		var out mcpserver.DatabaseList
		res := call(t, connect(t, s), "list_databases", map[string]any{}, &out)
		require.False(t, res.IsError, text(res))
		var names []string
		for _, d := range out.Databases {
			names = append(names, d.Name)
		}
		return names
	}
	require.Equal(t, []string{"depot", "shop"}, list(e.db.Pool), "the service lists every database")
	require.Equal(t, []string{"shop"}, list(e.db.PoolAs(t, bob)), "a client, those it may ask about")

	s, err := mcpserver.New(e.db.PoolAs(t, bob), nil, mcpserver.Config{Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	cs := connect(t, s)
	var table mcpserver.TableInfo
	res := call(t, cs, "describe_table", map[string]any{"database": "shop", "table": "orders"}, &table)
	require.False(t, res.IsError, text(res))
	require.Equal(t, "orders", table.Name)
	require.NotEmpty(t, table.Columns)
	require.Equal(t, "shop.customers", table.ForeignKeys[0].RefTable)
	res = call(t, cs, "describe_table", map[string]any{"database": "depot", "table": "orders"}, nil)
	require.True(t, res.IsError)
	require.Contains(t, text(res), `database "depot" is not registered`, "nothing of a database it may not ask about")

	var dsn string
	err = e.db.PoolAs(t, bob).QueryRow(ctx, "SELECT dsn FROM rag.databases").Scan(&dsn)
	require.ErrorContains(t, err, "permission denied")

	// Retrieval searches the schema index with the client's rights (RAG
	// from the first table, as on a large database).
	snap, err := catalog.Load(ctx, e.db.Pool, "shop")
	require.NoError(t, err)
	_, err = schemaindex.Build(ctx, e.db.Pool, schemaindex.Source{Snapshot: snap, Target: e.db.Pool}, schemaindex.Config{})
	require.NoError(t, err)
	client, err := llm.New(llm.Config{Host: e.ollama.URL(), RequestTimeout: 5 * time.Second})
	require.NoError(t, err)
	p, err := parts.New(e.db.PoolAs(t, bob), client, parts.Config{Strategy: retrieval.AutoConfig{Threshold: 1}})
	require.NoError(t, err)
	s, err = mcpserver.New(e.db.PoolAs(t, bob), func(ctx context.Context, database, question string) (any, error) {
		res, err := p.Retrieval(ctx, stage.RetrieveRequest{Database: database, Question: question}, "")
		if err != nil {
			return nil, err
		}
		return map[string]any{"strategy": res.Metadata.Strategy, "tables": res.Metadata.TablesIncluded}, nil
	}, mcpserver.Config{Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	var found struct {
		Strategy string   `json:"strategy"`
		Tables   []string `json:"tables"`
	}
	res = call(t, connect(t, s), "retrieve_tables", map[string]any{"database": "shop", "question": "total amount of the orders"}, &found)
	require.False(t, res.IsError, text(res))
	require.Equal(t, "rag", found.Strategy)
	require.Contains(t, found.Tables, "orders")

	// Sampled values are the service's (migration 00023): an index built
	// as the DSN's user may hold rows the client's questions cannot read.
	values := func(pool *pgxpool.Pool) (n int) {
		require.NoError(t, pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM rag.index_docs WHERE kind = 'value') + (SELECT count(*) FROM rag.index_terms WHERE kind = 'value') + (SELECT count(*) FROM rag.index_postings WHERE kind = 'value')").Scan(&n))
		return n
	}
	require.Positive(t, values(e.db.Pool))
	require.Zero(t, values(e.db.PoolAs(t, bob)))
}

// TestHTTPOrigin: a request from a browser page (Origin) is served only
// from a loopback origin or one the operator allowed; anything else is
// refused with 403 and a JSON-RPC error without id, as MCP's streamable
// HTTP transport requires. Clients that are no browser send no Origin.
func TestHTTPOrigin(t *testing.T) {
	t.Parallel()
	s, err := mcpserver.New(nil, nil, mcpserver.Config{AllowedOrigins: []string{"https://app.example.com"}})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	ping := func(origin string) (int, string) {
		t.Helper()
		req, err := http.NewRequest("POST", hs.URL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	for _, origin := range []string{"", "http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]", "https://app.example.com", "https://APP.example.com"} {
		code, body := ping(origin)
		require.Equal(t, http.StatusOK, code, "Origin %q: %s", origin, body)
	}
	for _, origin := range []string{"http://evil.example", "null", "http://app.example.com", "https://app.example.com:8443", "https://app.example.com.evil.example", "http://localhost.evil.example", "file://"} {
		code, body := ping(origin)
		require.Equal(t, http.StatusForbidden, code, "Origin %q", origin)
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(body), &m), body)
		require.Equal(t, "2.0", m["jsonrpc"])
		require.NotContains(t, m, "id")
		require.Contains(t, m["error"].(map[string]any)["message"], "is not allowed")
	}
}

// postMCP posts one JSON-RPC message to a streamable HTTP endpoint under
// protocol version.
func postMCP(ctx context.Context, url, version, body string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", version)
	return http.DefaultClient.Do(req)
}

// TestHTTPCallEndsWithRequest: a nl_query over HTTP whose client
// disconnects, or sends notifications/cancelled for it, stops waiting and
// gives its pool connection back at once, not at QueryTimeout; the
// question stays queued for get_query.
func TestHTTPCallEndsWithRequest(t *testing.T) {
	t.Parallel()
	e := setup(t) // no serve: nothing answers within the test
	pool, err := pgxpool.New(context.Background(), e.db.URL)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	s, err := mcpserver.New(pool, nil, mcpserver.Config{QueryTimeout: time.Minute, NoWorkerWait: time.Minute, Logger: dbtest.Logger(t)})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	ask := func(id int, question string) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"nl_query","arguments":{"question":%q,"database":"shop"}}}`, id, question)
	}
	// A call waits once its question is in rag.queries, holding a
	// connection to hear the answer on.
	waiting := func(question string) func() bool {
		return func() bool {
			var n int
			require.NoError(t, e.db.Pool.QueryRow(context.Background(), "SELECT count(*) FROM rag.queries WHERE question = $1", question).Scan(&n))
			return n == 1 && pool.Stat().AcquiredConns() > 0
		}
	}
	released := func() bool { return pool.Stat().AcquiredConns() == 0 }
	queued := func(question string) {
		t.Helper()
		var status string
		require.NoError(t, e.db.Pool.QueryRow(context.Background(), "SELECT status FROM rag.queries WHERE question = $1", question).Scan(&status))
		require.Equal(t, "queued", status)
	}

	// Each in turn: the pool's count tells whose connection it is.
	for _, version := range []string{"2025-03-26", "2025-06-18", "2025-11-25"} {
		question := "Disconnect under " + version
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			if resp, err := postMCP(ctx, hs.URL, version, ask(1, question)); err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				_ = resp.Body.Close()
			}
		}()
		require.Eventually(t, waiting(question), 30*time.Second, 10*time.Millisecond, "the call waits")
		cancel()
		<-done
		require.Eventually(t, released, 5*time.Second, 10*time.Millisecond, "%s: the call ended with its request", version)
		queued(question)
	}

	answered := make(chan string, 1)
	go func() {
		resp, err := postMCP(context.Background(), hs.URL, "2025-06-18", ask(7, "Cancel me"))
		if err != nil {
			answered <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		answered <- string(b)
	}()
	require.Eventually(t, waiting("Cancel me"), 30*time.Second, 10*time.Millisecond, "the call waits")
	// Another client's id is not this call's.
	resp, err := postMCP(context.Background(), hs.URL, "2025-06-18", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}}`)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	require.Never(t, released, 300*time.Millisecond, 10*time.Millisecond, "a cancel of another id ends nothing")
	resp, err = postMCP(context.Background(), hs.URL, "2025-06-18", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user pressed stop"}}`)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	require.Equal(t, http.StatusAccepted, resp.StatusCode)
	select {
	case body := <-answered:
		require.NotContains(t, body, `"result"`, "a cancelled call has no result")
	case <-time.After(5 * time.Second):
		t.Fatal("the call did not end on notifications/cancelled")
	}
	require.Eventually(t, released, 5*time.Second, 10*time.Millisecond)
	queued("Cancel me")
}

// TestMaxWaiting: nl_query calls beyond MaxWaiting are refused at once
// (nothing is queued), and the other tools keep connections of a pool
// sized PoolConns while the waits hold theirs.
func TestMaxWaiting(t *testing.T) {
	t.Parallel()
	e := setup(t) // no serve: nothing answers within the test
	cfg := mcpserver.Config{MaxWaiting: 2, QueryTimeout: time.Minute, NoWorkerWait: time.Minute}
	require.Equal(t, int32(2+mcpserver.ReservedConns), cfg.PoolConns())
	require.Equal(t, int32(8+mcpserver.ReservedConns), mcpserver.Config{}.PoolConns(), "8 waits by default")
	pc, err := pgxpool.ParseConfig(e.db.URL)
	require.NoError(t, err)
	pc.MaxConns = cfg.PoolConns()
	pool, err := pgxpool.NewWithConfig(context.Background(), pc)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	cfg.Logger = dbtest.Logger(t)
	s, err := mcpserver.New(pool, nil, cfg)
	require.NoError(t, err)
	cs := connect(t, s)

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, q := range []string{"First waiting", "Second waiting"} {
		wg.Go(func() {
			_, _ = cs.CallTool(ctx, &mcp.CallToolParams{Name: "nl_query", Arguments: map[string]any{"question": q, "database": "shop"}})
		})
	}
	defer wg.Wait()
	defer cancel()
	count := func(question string) (n int) {
		require.NoError(t, e.db.Pool.QueryRow(context.Background(), "SELECT count(*) FROM rag.queries WHERE question LIKE $1", question).Scan(&n))
		return n
	}
	require.Eventually(t, func() bool { return count("% waiting") == 2 }, 30*time.Second, 10*time.Millisecond)

	start := time.Now()
	var q queryResult
	res := call(t, cs, "nl_query", map[string]any{"question": "One too many", "database": "shop"}, &q)
	require.True(t, res.IsError)
	require.Equal(t, "infra_failure: 2 questions are already waiting for answers on this MCP server (NL2SQL_MCP_MAX_WAITING); ask again once one has been answered", text(res))
	require.Equal(t, "refused", q.Status)
	require.Equal(t, "infra_failure", q.ErrorClass)
	require.Less(t, time.Since(start), 5*time.Second, "refused at once")
	require.Zero(t, count("One too many"), "nothing queued")

	// The other tools have connections, more of them at once than the
	// pool would have left without the bound.
	var tools sync.WaitGroup
	for range mcpserver.ReservedConns + 2 {
		tools.Go(func() {
			res := call(t, cs, "list_databases", nil, nil)
			require.False(t, res.IsError, text(res))
			res = call(t, cs, "describe_table", map[string]any{"database": "shop", "table": "orders"}, nil)
			require.False(t, res.IsError, text(res))
		})
	}
	tools.Wait()

	// A wait that ends frees its slot.
	cancel()
	wg.Wait()
	require.Eventually(t, func() bool {
		ctx, stop := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer stop()
		_, _ = cs.CallTool(ctx, &mcp.CallToolParams{Name: "nl_query", Arguments: map[string]any{"question": "Room again", "database": "shop"}})
		return count("Room again") > 0
	}, 10*time.Second, 10*time.Millisecond)
}

// TestBigAnswer: max_rows, a call's or the default, never passes RowCap
// (the operator's NL2SQL_MAX_ROWS); the rows a result holds stay within
// MaxResultBytes, the rest left out and said so; and a large result's
// text is a summary, not a second copy of its rows.
func TestBigAnswer(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.ollama.Answer(ollamatest.Contains("Every note"), ollamatest.Response{Content: "SELECT g AS n, repeat('x', 1000) AS body FROM generate_series(1, 2000) g ORDER BY g"})
	e.serve(t)
	const budget = 64 << 10
	cs := connect(t, e.server(t, mcpserver.Config{MaxRows: 1800, RowCap: 1500, MaxResultBytes: budget}))

	for _, args := range []map[string]any{
		{"question": "Every note", "database": "shop", "max_rows": 1_000_000},
		{"question": "Every note, by default", "database": "shop"},
	} {
		var q queryResult
		res := call(t, cs, "nl_query", args, &q)
		require.False(t, res.IsError, text(res))
		var opts string
		require.NoError(t, e.db.Pool.QueryRow(context.Background(), "SELECT options::text FROM rag.queries WHERE id = $1", q.ID).Scan(&opts))
		require.JSONEq(t, `{"max_rows": 1500}`, opts, "capped at RowCap")
		require.Contains(t, q.SQL, "LIMIT 1501")
		require.Equal(t, 1500, q.RowCount, "the stored result")

		var rows [][]any
		require.NoError(t, json.Unmarshal(q.Rows, &rows))
		require.NotEmpty(t, rows)
		require.Less(t, len(rows), 1500)
		require.LessOrEqual(t, len(q.Rows), budget)
		require.Greater(t, len(q.Rows), budget-2000, "as many rows as fit")
		require.Equal(t, float64(len(rows)), rows[len(rows)-1][0], "the first rows, in order")
		require.True(t, q.Truncated)
		var note struct {
			Note string `json:"note"`
		}
		b, err := json.Marshal(res.StructuredContent)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &note))
		require.Contains(t, note.Note, fmt.Sprintf("%d of the 1500 rows are here", len(rows)))
		require.Contains(t, note.Note, "NL2SQL_MCP_MAX_RESULT_BYTES")

		require.Less(t, len(text(res)), 2000, "a summary, not the rows again")
		require.Contains(t, text(res), fmt.Sprintf("question %d (shop): succeeded; %d row(s) of 1500 in structuredContent.rows, columns n, body; truncated: true", q.ID, len(rows)))

		var got queryResult
		res = call(t, cs, "get_query", map[string]any{"id": q.ID}, &got)
		require.False(t, res.IsError, text(res))
		require.JSONEq(t, string(q.Rows), string(got.Rows), "get_query keeps the same budget")
		require.True(t, got.Truncated)
	}
}

// TestHTTPIDsAnsweredExactly: over HTTP as over stdio, the SDK reads a
// numeric id as a float64 and would answer 6.5 as 6 and 9007199254740993 as
// 9007199254740992; such a request is refused with 400 and a JSON-RPC
// error that carries the id exactly when it is an integer.
func TestHTTPIDsAnsweredExactly(t *testing.T) {
	t.Parallel()
	s, err := mcpserver.New(nil, nil, mcpserver.Config{})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	for body, want := range map[string]struct {
		status int
		id     string
		error  bool
	}{
		`{"jsonrpc":"2.0","id":6.5,"method":"ping"}`:                                            {http.StatusBadRequest, "null", true},
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`:                               {http.StatusBadRequest, "9007199254740993", true},
		`{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}`:                               {http.StatusOK, "9007199254740992", false},
		`{"jsonrpc":"2.0","id":"6.5","method":"ping"}`:                                          {http.StatusOK, `"6.5"`, false},
		`[{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":7.5,"method":"ping"}]`: {http.StatusBadRequest, "null", true},
	} {
		resp, err := postMCP(context.Background(), hs.URL, "2025-06-18", body)
		require.NoError(t, err)
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, want.status, resp.StatusCode, "%s: %s", body, b)
		if want.status != http.StatusOK {
			var m map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(b, &m), string(b))
			require.Equal(t, want.id, string(m["id"]), body)
			require.Contains(t, m, "error", body)
			continue
		}
		require.Contains(t, string(b), `"id":`+want.id, body)
	}
}
