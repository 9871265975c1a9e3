package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/intake"
)

// QueryInput is nl_query's arguments.
type QueryInput struct {
	Question string `json:"question" jsonschema:"the question, in plain language, 1 to 2000 characters"`
	Database string `json:"database" jsonschema:"a database registered with nl2sql (see list_databases)"`
	MaxRows  *int   `json:"max_rows,omitempty" jsonschema:"most rows to return (1 to 1000000, and at most the operator's limit); the answer says when there were more (truncated)"`
}

// Column is a result column.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// QueryResult is a question and its answer: what nl_query and get_query
// return.
type QueryResult struct {
	ID       int64  `json:"id" jsonschema:"the question's id in rag.queries (for get_query)"`
	Database string `json:"database"`
	Question string `json:"question"`
	Status   string `json:"status" jsonschema:"queued, retrieving, generating, validating, executing, succeeded or failed; refused (no id) when the INSERT was refused"`
	SQL      string `json:"sql,omitempty" jsonschema:"the SQL that ran, guarded (LIMIT added)"`
	// Confidence ranks answers (1.0 minus 0.1 a repair and 0.05 a lint
	// warning); it is not a probability.
	Confidence *float64 `json:"confidence,omitempty" jsonschema:"1.0, minus 0.1 per repair and 0.05 per lint warning: for ranking, not a probability"`
	Attempts   int32    `json:"attempts"`
	Columns    []Column `json:"columns,omitempty"`
	Rows       [][]any  `json:"rows,omitempty" jsonschema:"the rows, as arrays in column order; numbers keep their digits, dates are 2006-01-02, timestamps RFC 3339"`
	RowCount   int32    `json:"row_count"`
	Truncated  bool     `json:"truncated" jsonschema:"true when there were more rows than rows holds: more than max_rows, or more than the result's byte budget (see note)"`
	Note       string   `json:"note,omitempty" jsonschema:"why rows were left out of this result, when they were"`
	ErrorClass string   `json:"error_class,omitempty" jsonschema:"why it failed: validation_block, sql_error, query_timeout, infra_failure or unknown"`
	SQLSTATE   string   `json:"sqlstate,omitempty"`
	Error      string   `json:"error,omitempty"`
	ElapsedMS  float64  `json:"elapsed_ms"`
}

// GetQueryInput is get_query's arguments.
type GetQueryInput struct {
	ID int64 `json:"id" jsonschema:"a question id, as nl_query returned it"`
}

// Database is a registered database.
type Database struct {
	Name           string     `json:"name"`
	Schemas        []string   `json:"schemas"`
	Tables         int        `json:"tables"`
	CatalogVersion int64      `json:"catalog_version"`
	RefreshedAt    *time.Time `json:"refreshed_at,omitempty"`
}

// DatabaseList is list_databases' result.
type DatabaseList struct {
	Databases []Database `json:"databases"`
}

// DescribeInput is describe_table's arguments.
type DescribeInput struct {
	Database string `json:"database" jsonschema:"a registered database"`
	Table    string `json:"table" jsonschema:"a table or view: name, or schema.name"`
}

// ColumnInfo is a column as the catalog knows it.
type ColumnInfo struct {
	Name          string   `json:"name"`
	Type          string   `json:"type"`
	Nullable      bool     `json:"nullable"`
	PrimaryKey    bool     `json:"primary_key,omitempty"`
	Comment       string   `json:"comment,omitempty"`
	AllowedValues []string `json:"allowed_values,omitempty" jsonschema:"the values a CHECK list or enum allows"`
	Checks        []string `json:"checks,omitempty" jsonschema:"the CHECK constraints of the column's domain that are not lists of values, on VALUE"`
	References    string   `json:"references,omitempty" jsonschema:"schema.table.column this column's foreign key points at"`
}

// Reference is a foreign key.
type Reference struct {
	Name       string   `json:"name"`
	Columns    []string `json:"columns"`
	Table      string   `json:"table"`
	RefColumns []string `json:"ref_columns"`
	RefTable   string   `json:"ref_table"`
}

// TableInfo is describe_table's result.
type TableInfo struct {
	Database      string       `json:"database"`
	Schema        string       `json:"schema"`
	Name          string       `json:"name"`
	Kind          string       `json:"kind"`
	Comment       string       `json:"comment,omitempty"`
	Module        string       `json:"module,omitempty"`
	Gloss         string       `json:"gloss,omitempty"`
	Synonyms      []string     `json:"synonyms,omitempty"`
	EstimatedRows int64        `json:"estimated_rows" jsonschema:"the planner's estimate; -1 when unknown"`
	Columns       []ColumnInfo `json:"columns"`
	PrimaryKey    []string     `json:"primary_key,omitempty"`
	Checks        []string     `json:"checks,omitempty" jsonschema:"the table's CHECK constraints that are not lists of values, as PostgreSQL prints them"`
	ForeignKeys   []Reference  `json:"foreign_keys,omitempty" jsonschema:"foreign keys this table declares"`
	ReferencedBy  []Reference  `json:"referenced_by,omitempty" jsonschema:"foreign keys of other tables that point at this one"`
}

// RetrieveInput is retrieve_tables' arguments.
type RetrieveInput struct {
	Database string `json:"database" jsonschema:"a registered database"`
	Question string `json:"question" jsonschema:"the question to find tables for"`
}

func (s *Server) addTools() {
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)}
	addTool(s.mcp, &mcp.Tool{
		Name:  "nl_query",
		Title: "Ask a database a question",
		Description: "Answers a question about a registered PostgreSQL database: nl2sql writes guarded, read-only SQL, " +
			"runs it and returns the SQL, columns, rows (at most max_rows, default " + fmt.Sprint(s.cfg.MaxRows) + rowCap(s.cfg.RowCap) + "), confidence and the question's id. " +
			"A question that fails comes back as a tool error \"class: message\" (validation_block, sql_error, query_timeout, infra_failure, unknown).",
		// It writes the question (rag.queries), nothing else: asking twice
		// asks twice.
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: new(false), IdempotentHint: false, OpenWorldHint: new(false)},
	}, s.nlQuery)
	addTool(s.mcp, &mcp.Tool{
		Name:        "get_query",
		Title:       "Get a question asked earlier",
		Description: "Returns a question asked earlier (nl_query's id) as it stands: its status, and its SQL and rows once it has finished.",
		Annotations: readOnly,
	}, s.getQuery)
	addTool(s.mcp, &mcp.Tool{
		Name:        "list_databases",
		Title:       "List databases",
		Description: "Lists the databases registered with nl2sql (nl2sql db add): name, schemas, tables.",
		Annotations: readOnly,
	}, s.listDatabases)
	addTool(s.mcp, &mcp.Tool{
		Name:        "describe_table",
		Title:       "Describe a table",
		Description: "Describes a table or view of a registered database from nl2sql's catalog: columns with types, keys, comments, allowed values, CHECK constraints, and foreign keys both ways.",
		Annotations: readOnly,
	}, s.describeTable)
	if s.retrieve != nil {
		addTool(s.mcp, &mcp.Tool{
			Name:  "retrieve_tables",
			Title: "Find the tables for a question",
			Description: "The tables and join paths nl2sql's retrieval chooses for a question, with scores, without generating or running SQL " +
				"(what `nl2sql retrieve --json` prints; like the pipeline, it embeds the question and asks the model to link the schema when one is configured).",
			Annotations: readOnly,
		}, s.retrieveTables)
	}
}

// rowCap is the part of nl_query's description that gives RowCap.
func rowCap(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", at most %d", n)
}

func (s *Server) nlQuery(ctx context.Context, in QueryInput) (*mcp.CallToolResult, *QueryResult, error) {
	select {
	case s.waiting <- struct{}{}:
		defer func() { <-s.waiting }()
	default:
		// Refused before the INSERT: nothing is queued.
		msg := fmt.Sprintf("%d questions are already waiting for answers on this MCP server (NL2SQL_MCP_MAX_WAITING); "+
			"ask again once one has been answered", s.cfg.MaxWaiting)
		return toolError(errclass.InfraFailure, msg), &QueryResult{
			Database: in.Database, Question: in.Question, Status: "refused", ErrorClass: string(errclass.InfraFailure), Error: msg,
		}, nil
	}
	maxRows := s.cfg.MaxRows
	if in.MaxRows != nil {
		maxRows = *in.MaxRows // the trigger checks it, as for any client
	}
	if s.cfg.RowCap > 0 && maxRows > s.cfg.RowCap {
		maxRows = s.cfg.RowCap // never past the operator's NL2SQL_MAX_ROWS
	}
	opts := map[string]any{"max_rows": maxRows}
	ans, err := intake.Ask(ctx, s.pool, in.Database, in.Question, opts,
		intake.AskOptions{Timeout: s.cfg.QueryTimeout, NoWorkerWait: s.cfg.NoWorkerWait, Stop: s.stop})
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		out := &QueryResult{Database: in.Database, Question: in.Question, Status: "refused"}
		ce := errclass.Classify(err)
		msg := message(err)
		if id := intake.QueryID(err); id > 0 {
			// Inserted but not answered in time: it stays queued.
			out.ID, out.Status = id, "queued"
			if a, lerr := intake.Load(ctx, s.pool, id); lerr == nil {
				out = s.result(a)
			}
			msg += fmt.Sprintf("; call get_query with id %d later", id)
		}
		out.ErrorClass, out.Error = string(ce.Class), msg
		if out.SQLSTATE == "" {
			out.SQLSTATE = ce.SQLSTATE // the INSERT's refusal (42501, 23514)
		}
		return toolError(ce.Class, msg), out, nil
	}
	out := s.result(ans)
	if ans.Status != "succeeded" {
		return toolError(errclass.Class(ans.ErrorClass), ans.Error), out, nil
	}
	return nil, out, nil
}

func (s *Server) getQuery(ctx context.Context, in GetQueryInput) (*mcp.CallToolResult, *QueryResult, error) {
	a, err := intake.Load(ctx, s.pool, in.ID)
	if errors.Is(err, intake.ErrNotFound) {
		return toolError(errclass.ValidationBlock, fmt.Sprintf("there is no question %d", in.ID)), nil, nil
	}
	if err != nil {
		return classified(err), nil, nil
	}
	return nil, s.result(a), nil
}

// result is an answer as the tools return it, its rows within
// MaxResultBytes.
func (s *Server) result(a *intake.Answer) *QueryResult {
	out := &QueryResult{
		ID: a.ID, Database: a.Database, Question: a.Question, Status: a.Status, SQL: a.SQL, Confidence: a.Confidence,
		Attempts: a.Attempts, RowCount: a.RowCount, Truncated: a.Truncated, ErrorClass: a.ErrorClass, SQLSTATE: a.SQLSTATE,
		Error: a.Error, ElapsedMS: a.ElapsedMS,
	}
	if len(a.Columns) > 0 {
		_ = json.Unmarshal(a.Columns, &out.Columns)
	}
	if rows, cut, err := trimRows(a.Rows, s.cfg.MaxResultBytes); err == nil {
		out.Rows = rows
		if cut {
			out.Truncated = true
			out.Note = fmt.Sprintf("%d of the %d rows are here: the rest would pass the %d bytes a result may hold (NL2SQL_MCP_MAX_RESULT_BYTES); "+
				"ask for fewer rows or columns, or aggregate", len(rows), a.RowCount, s.cfg.MaxResultBytes)
		}
	}
	return out
}

// trimRows decodes the rows of raw (rag.query_results.rows, an array of
// arrays), keeping numbers' digits as stored, while they fit in budget
// bytes as encoded again; cut says rows were left out. Only the rows kept
// are decoded.
func trimRows(raw json.RawMessage, budget int) (rows [][]any, cut bool, err error) {
	if len(raw) == 0 {
		return nil, false, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok == nil {
		return nil, false, err // null: no rows
	}
	size := len("[]")
	for dec.More() {
		var row []any
		if err := dec.Decode(&row); err != nil {
			return nil, false, err
		}
		b, err := json.Marshal(row)
		if err != nil {
			return nil, false, err
		}
		if size += len(b) + 1; size > budget {
			return rows, true, nil
		}
		rows = append(rows, row)
	}
	return rows, false, nil
}

// summary is the text of a result too large to repeat in full next to its
// structured content.
func (r *QueryResult) summary() string {
	cols := make([]string, len(r.Columns))
	for i, c := range r.Columns {
		cols[i] = c.Name
	}
	msg := fmt.Sprintf("question %d (%s): %s; %d row(s) of %d in structuredContent.rows, columns %s; truncated: %v",
		r.ID, r.Database, r.Status, len(r.Rows), r.RowCount, strings.Join(cols, ", "), r.Truncated)
	if r.Note != "" {
		msg += "; " + r.Note
	}
	return msg + "\nSQL: " + r.SQL
}

func (s *Server) listDatabases(ctx context.Context, _ struct{}) (*mcp.CallToolResult, *DatabaseList, error) {
	// The databases the caller may ask about (a client's, when nl2sql mcp
	// runs as one), without the DSN: it names hosts and users an agent has
	// no use for.
	dbs, err := catalog.ListReadable(ctx, s.pool)
	if err != nil {
		return classified(err), nil, nil
	}
	out := &DatabaseList{Databases: []Database{}}
	for _, d := range dbs {
		out.Databases = append(out.Databases, Database{
			Name: d.Name, Schemas: d.Schemas, Tables: d.TableCount,
			CatalogVersion: d.CatalogVersion, RefreshedAt: d.RefreshedAt,
		})
	}
	return nil, out, nil
}

func (s *Server) describeTable(ctx context.Context, in DescribeInput) (*mcp.CallToolResult, *TableInfo, error) {
	snap, err := s.snapshot(ctx, in.Database)
	if err != nil {
		return classified(err), nil, nil
	}
	t := snap.Resolve(strings.TrimSpace(in.Table))
	if t == nil {
		return toolError(errclass.ValidationBlock, fmt.Sprintf("there is no table %q in database %q (schemas %s); its tables include %s",
			in.Table, in.Database, strings.Join(snap.Schemas, ", "), tableHint(snap, in.Table))), nil, nil
	}
	out := &TableInfo{
		Database: snap.Database, Schema: t.Schema, Name: t.Name, Kind: t.Kind, Comment: t.Comment, Module: t.Module,
		Gloss: t.Gloss, Synonyms: t.Synonyms, EstimatedRows: t.EstimatedRows, Columns: []ColumnInfo{}, PrimaryKey: t.PrimaryKey,
		Checks: t.Checks,
	}
	refs := map[string]string{}
	for _, fk := range snap.Outgoing(t) {
		out.ForeignKeys = append(out.ForeignKeys, reference(fk))
		if len(fk.Columns) == 1 {
			refs[fk.Columns[0]] = fk.RefSchema + "." + fk.RefTable + "." + fk.RefColumns[0]
		}
	}
	for _, fk := range snap.Incoming(t) {
		out.ReferencedBy = append(out.ReferencedBy, reference(fk))
	}
	for _, c := range t.Columns {
		out.Columns = append(out.Columns, ColumnInfo{
			Name: c.Name, Type: c.Type, Nullable: !c.NotNull, PrimaryKey: c.PrimaryKey,
			Comment: c.Comment, AllowedValues: c.AllowedValues, Checks: c.Checks, References: refs[c.Name],
		})
	}
	return nil, out, nil
}

func reference(fk catalog.ForeignKey) Reference {
	return Reference{Name: fk.Name, Columns: fk.Columns, Table: fk.Schema + "." + fk.Table, RefColumns: fk.RefColumns, RefTable: fk.RefSchema + "." + fk.RefTable}
}

// tableHint lists the tables whose names share a word with name, else the
// first ones, at most ten.
func tableHint(snap *catalog.Snapshot, name string) string {
	var like, all []string
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '.' || r == ' ' })
	for _, t := range snap.Tables {
		n := snap.TableSQLName(t)
		all = append(all, n)
		for _, w := range words {
			if len(w) >= 3 && strings.Contains(strings.ToLower(t.Name), strings.TrimSuffix(w, "s")) {
				like = append(like, n)
				break
			}
		}
	}
	pick := like
	if len(pick) == 0 {
		pick = all
	}
	if len(pick) > 10 {
		pick = append(slices.Clone(pick[:10]), "…")
	}
	if len(pick) == 0 {
		return "none"
	}
	return strings.Join(pick, ", ")
}

func (s *Server) retrieveTables(ctx context.Context, in RetrieveInput) (*mcp.CallToolResult, any, error) {
	if err := intake.CheckQuestion(in.Question); err != nil {
		// A question rag.queries would refuse; searching megabytes of it
		// only burns CPU (and linking's prompt, tokens).
		return classified(&errclass.Error{
			Class: errclass.ValidationBlock, Code: "mcp.question", Message: err.Error() + ", as rag.queries takes",
		}), nil, nil
	}
	if _, err := s.snapshot(ctx, in.Database); err != nil {
		return classified(err), nil, nil
	}
	out, err := s.retrieve(ctx, in.Database, in.Question)
	if err != nil {
		return classified(err), nil, nil
	}
	return nil, out, nil
}

// snapshot is the catalog of a registered database; an unknown one is a
// validation_block that says how to register it.
func (s *Server) snapshot(ctx context.Context, database string) (*catalog.Snapshot, error) {
	snap, err := s.cache.Get(ctx, database)
	if errors.Is(err, catalog.ErrDatabaseNotFound) {
		return nil, &errclass.Error{
			Class: errclass.ValidationBlock, Code: "mcp.unknown_database", Err: err,
			Message: fmt.Sprintf("database %q is not registered (see list_databases; nl2sql db add %s --dsn DSN registers it)", database, database),
		}
	}
	return snap, err
}
