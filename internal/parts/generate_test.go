package parts_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/parts"
	"github.com/nl2sql/nl2sql/internal/prompt"
	"github.com/nl2sql/nl2sql/internal/stage"
)

// TestGenerateModelMissing: a model the server lacks is reported with the
// advice that fits whoever named it: the service's variable for its own
// model, another options.model for the one a question chose (its client
// cannot set the service's variables).
func TestGenerateModelMissing(t *testing.T) {
	t.Parallel()
	db := dbtest.NewDB(t)
	srv := ollamatest.NewT(t)
	client, err := llm.New(llm.Config{Host: srv.URL(), Model: "absent-default:7b", RequestTimeout: 10 * time.Second})
	require.NoError(t, err)
	p, err := parts.New(db.Pool, client, parts.Config{})
	require.NoError(t, err)
	msgs := []prompt.Message{{Role: "user", Content: "How many customers?"}}

	_, err = p.Generate(context.Background(), stage.GenerateRequest{Messages: msgs})
	require.ErrorIs(t, err, llm.ErrModelMissing)
	require.Contains(t, errclass.Classify(err).Message, `or set NL2SQL_MODEL`)

	_, err = p.Generate(context.Background(), stage.GenerateRequest{Messages: msgs, Model: "absent-chosen:1b"})
	require.ErrorIs(t, err, llm.ErrModelMissing)
	require.Contains(t, errclass.Classify(err).Message, `run "ollama pull absent-chosen:1b" or ask with another options.model`)
}
