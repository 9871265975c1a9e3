package parts_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
	"github.com/nl2sql/nl2sql/internal/stage"
)

// crmSQL has a table no word of the question matches, and no foreign key
// leads to: return authorizations are rma_hdr.
const crmSQL = `
CREATE SCHEMA crm;
CREATE TABLE crm.customers (customer_id int PRIMARY KEY, name text NOT NULL, city text);
COMMENT ON TABLE crm.customers IS 'People and companies that buy from us';
CREATE TABLE crm.orders (order_id int PRIMARY KEY, customer_id int NOT NULL REFERENCES crm.customers, total_amount numeric(10,2));
CREATE TABLE crm.rma_hdr (rma_no int PRIMARY KEY, party_no int, iss_dt date, rsn_cd text);
`

const linkQuestion = "Which customers opened return authorizations last month?"

// linkPrompt matches the linking call's prompt, not generation's.
var linkPrompt = ollamatest.Contains("Which of these tables")

// TestLinking runs schema linking through the pipeline's retrieval with the
// fake Ollama: what the model answers decides the path, and the fake proves
// only the path, never accuracy.
func TestLinking(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, crmSQL)
	require.NoError(t, err)
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "crm", DSN: db.URL, Schemas: []string{"crm"}}, nil)
	require.NoError(t, conn.Close(ctx))
	require.NoError(t, err)
	loaded, err := catalog.Load(ctx, db.Pool, "crm")
	require.NoError(t, err)
	_, err = schemaindex.Build(ctx, db.Pool, schemaindex.Source{Snapshot: loaded, Target: db.Pool}, schemaindex.Config{})
	require.NoError(t, err)

	// setup is a fake Ollama and a pipeline of it with link's settings.
	setup := func(t *testing.T, link retrieval.LinkConfig) (*ollamatest.Server, *parts.Parts) {
		t.Helper()
		srv := ollamatest.NewT(t)
		client, err := llm.New(llm.Config{Host: srv.URL(), RequestTimeout: 10 * time.Second})
		require.NoError(t, err)
		p, err := parts.New(db.Pool, client, parts.Config{RAG: retrieval.RAGConfig{Link: link}})
		require.NoError(t, err)
		return srv, p
	}
	retrieve := func(t *testing.T, p *parts.Parts) *retrieval.Result {
		t.Helper()
		res, err := p.Retrieval(ctx, stage.RetrieveRequest{Database: "crm", Question: linkQuestion, Retrieval: "rag"}, "")
		require.NoError(t, err, "linking never fails the question")
		require.Equal(t, retrieval.StrategyRAG, res.Metadata.Strategy)
		return res
	}

	// The lexical result: rma_hdr is not in it.
	_, off := setup(t, retrieval.LinkConfig{Disabled: true})
	lexical := retrieve(t, off)
	require.Contains(t, lexical.Metadata.TablesIncluded, "customers")
	require.NotContains(t, lexical.Metadata.TablesIncluded, "rma_hdr", "no word of the question is in rma_hdr")

	t.Run("ThePickIsInTheContext", func(t *testing.T) {
		t.Parallel()
		srv, p := setup(t, retrieval.LinkConfig{})
		srv.Answer(linkPrompt, ollamatest.Response{Content: `{"tables": ["customers", "rma_hdr"]}`, PromptTokens: 410, ReplyTokens: 11})
		res := retrieve(t, p)
		md := res.Metadata
		require.Contains(t, md.TablesIncluded, "rma_hdr")
		require.Contains(t, res.Context.Schema, "rma_hdr (")
		lk := md.Linking
		require.Equal(t, retrieval.LinkLinked, lk.Outcome)
		require.Equal(t, []string{"customers", "rma_hdr"}, lk.Picked)
		require.Equal(t, []string{"rma_hdr"}, lk.Added)
		require.Equal(t, "qwen2.5-coder:7b", lk.Model)
		require.Equal(t, 410, lk.PromptTokens)
		require.Equal(t, 11, lk.ReplyTokens)
		require.Equal(t, 3, lk.Candidates, "a small schema is listed whole")

		// One call, bounded and deterministic, asking for JSON restricted
		// to the candidates.
		reqs := srv.ChatRequests()
		require.Len(t, reqs, 1)
		call := reqs[0]
		require.Equal(t, "qwen2.5-coder:7b", call.Model)
		require.Equal(t, 0.0, call.Options["temperature"])
		require.Equal(t, 256.0, call.Options["num_predict"])
		require.NotNil(t, call.Options["seed"])
		var format struct {
			Required   []string `json:"required"`
			Properties struct {
				Tables struct {
					Items struct {
						Enum []string `json:"enum"`
					} `json:"items"`
				} `json:"tables"`
			} `json:"properties"`
		}
		require.NoError(t, json.Unmarshal(call.Format, &format))
		require.Equal(t, []string{"tables"}, format.Required)
		require.ElementsMatch(t, []string{"customers", "orders", "rma_hdr"}, format.Properties.Tables.Items.Enum)
		require.Contains(t, call.LastUser(), "- rma_hdr | key rma_no | columns party_no, iss_dt, rsn_cd")

		// The worker's result carries the record for rag.query_contexts.
		out, err := p.Retrieve(ctx, stage.RetrieveRequest{Database: "crm", Question: linkQuestion, Retrieval: "rag"})
		require.NoError(t, err)
		var rec retrieval.LinkRecord
		require.NoError(t, json.Unmarshal(out.Linking, &rec))
		require.Equal(t, retrieval.LinkLinked, rec.Outcome)
		require.Equal(t, `{"tables": ["customers", "rma_hdr"]}`, rec.Reply)
		require.Len(t, rec.Prompt, 2)
		require.Contains(t, rec.CandidateTables, "rma_hdr")
	})

	t.Run("UnknownNamesAreIgnoredAndCounted", func(t *testing.T) {
		t.Parallel()
		srv, p := setup(t, retrieval.LinkConfig{})
		srv.Answer(linkPrompt, ollamatest.Response{Content: `{"tables": ["returns", "crm.rma_header", "CRM.Customers"]}`})
		lk := retrieve(t, p).Metadata.Linking
		require.Equal(t, retrieval.LinkLinked, lk.Outcome)
		require.Equal(t, []string{"customers"}, lk.Picked)
		require.Equal(t, []string{"returns", "crm.rma_header"}, lk.Unknown)
		require.Equal(t, 2, lk.UnknownCount)
	})

	// Whatever goes wrong with the model, the question gets the lexical
	// result and the metadata says why.
	for _, tc := range []struct {
		name    string
		link    retrieval.LinkConfig
		script  func(*ollamatest.Server)
		outcome string
		reason  string
	}{
		{
			"Timeout",
			retrieval.LinkConfig{Timeout: 200 * time.Millisecond},
			func(s *ollamatest.Server) {
				s.Answer(linkPrompt, ollamatest.Response{Content: `{"tables": ["rma_hdr"]}`, Delay: time.Minute})
			}, retrieval.LinkTimeout, "no reply within 200ms (NL2SQL_RAG_LINKING_TIMEOUT)",
		},
		{
			"Unreachable",
			retrieval.LinkConfig{},
			func(s *ollamatest.Server) { require.NoError(t, s.SetDown(true)) }, retrieval.LinkFailed, "cannot reach Ollama at",
		},
		{
			"Garbage",
			retrieval.LinkConfig{},
			func(s *ollamatest.Server) {
				s.Answer(linkPrompt, ollamatest.Response{Content: "You will want the customers and the returns."})
			}, retrieval.LinkBadReply, `the reply holds no {"tables": [...]}`,
		},
		{
			"ModelNotPulled",
			retrieval.LinkConfig{Model: "llama-absent:1b"},
			func(*ollamatest.Server) {}, retrieval.LinkFailed, `run "ollama pull llama-absent:1b" or set NL2SQL_RAG_LINKING_MODEL`,
		},
		{
			"ServerError",
			retrieval.LinkConfig{},
			func(s *ollamatest.Server) { s.FailNext(1, 500) }, retrieval.LinkFailed, "HTTP 500",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, p := setup(t, tc.link)
			tc.script(srv)
			res := retrieve(t, p)
			lk := res.Metadata.Linking
			require.NotNil(t, lk)
			require.Equal(t, tc.outcome, lk.Outcome)
			require.Contains(t, lk.Reason, tc.reason)
			require.Equal(t, lexical.Metadata.TablesIncluded, res.Metadata.TablesIncluded)
			require.Equal(t, lexical.Context.Schema, res.Context.Schema)
		})
	}

	t.Run("OffMakesNoCall", func(t *testing.T) {
		t.Parallel()
		srv, p := setup(t, retrieval.LinkConfig{Disabled: true})
		srv.Answer(linkPrompt, ollamatest.Response{Content: `{"tables": ["rma_hdr"]}`})
		res := retrieve(t, p)
		require.Nil(t, res.Metadata.Linking)
		require.Empty(t, srv.ChatRequests(), "no chat call when linking is off")
		out, err := p.Retrieve(ctx, stage.RetrieveRequest{Database: "crm", Question: linkQuestion, Retrieval: "rag"})
		require.NoError(t, err)
		require.Nil(t, out.Linking)
		require.Empty(t, srv.ChatRequests())
	})

	t.Run("TheFullSchemaIsNotLinked", func(t *testing.T) {
		t.Parallel()
		srv, p := setup(t, retrieval.LinkConfig{})
		res, err := p.Retrieval(ctx, stage.RetrieveRequest{Database: "crm", Question: linkQuestion}, "")
		require.NoError(t, err)
		require.Equal(t, retrieval.StrategyFull, res.Metadata.Strategy)
		require.Nil(t, res.Metadata.Linking)
		require.Empty(t, srv.ChatRequests())
	})
}
