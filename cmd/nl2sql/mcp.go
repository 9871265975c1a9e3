package main

import (
	"context"

	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/mcpserver"
)

// runMCP serves the MCP tools over stdio for one client (Claude Desktop, an
// IDE, an agent framework) until it hangs up. Questions are answered by a
// `nl2sql serve` running against the same database; stdout carries only
// the protocol, logs go to stderr.
func runMCP(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "mcp")
	if err := parseNoArgs(fs, args, "mcp takes no arguments; configure it with the environment (nl2sql env)"); err != nil {
		return err
	}
	st, err := loadSettings(m)
	if err != nil {
		return err
	}
	// A connection for each nl_query waiting and some for the other tools
	// (retrieve_tables' too).
	pool, err := connectMigrated(ctx, st.DatabaseURL, st.Ops.MCP.PoolConns())
	if err != nil {
		return err
	}
	defer pool.Close()
	// The model embeds questions for retrieve_tables when the schema index
	// has embeddings; nl_query leaves the model to serve.
	model, err := llm.Open(st.LLM)
	if err != nil {
		return err
	}
	defer model.Close()
	srv, err := newMCPServer(pool, st, model)
	if err != nil {
		return err
	}
	st.Logger.InfoContext(ctx, "nl2sql mcp: serving MCP over stdio", "database", redactURL(st.DatabaseURL))
	return srv.Run(ctx, mcpserver.StdioTransport(m.Stdin, m.Stdout, st.Logger))
}
