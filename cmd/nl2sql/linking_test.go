package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/retrieval"
)

// TestLinkingSettings: the env table's defaults are the package Config's,
// and each variable reaches it.
func TestLinkingSettings(t *testing.T) {
	t.Parallel()
	settingsOf := func(env map[string]string) retrieval.LinkConfig {
		m := &Main{Getenv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}
		st, err := loadSettings(m)
		require.NoError(t, err)
		return st.Pipeline.RAG.Link
	}
	want := retrieval.LinkConfig{}.WithDefaults()
	require.Equal(t, want, settingsOf(map[string]string{}))

	got := settingsOf(map[string]string{
		"NL2SQL_RAG_LINKING": "false", "NL2SQL_RAG_LINKING_MODEL": "llama3.2:3b",
		"NL2SQL_RAG_LINKING_CANDIDATES": "20", "NL2SQL_RAG_LINKING_KEEP": "3", "NL2SQL_RAG_LINKING_TIMEOUT": "2s",
		"NL2SQL_RAG_LINKING_MAX_TOKENS": "100",
	})
	// LineChars and Cooldown have no variable: they keep their defaults.
	want.Disabled, want.Model, want.Candidates, want.Keep, want.Timeout, want.MaxTokens = true, "llama3.2:3b", 20, 3, 2*time.Second, 100
	require.Equal(t, want, got)
}

// TestRetrieveShowsLinking: `nl2sql retrieve` shows what linking did, in
// text and in the JSON metadata.
func TestRetrieveShowsLinking(t *testing.T) {
	t.Parallel()
	c := setup(t)
	c.registered()
	c.ollama.Answer(ollamatest.Contains("Which of these tables"), ollamatest.Response{Content: `{"tables": ["customers", "nope"]}`})

	r := c.run("", "retrieve", "--db", "shop", "--strategy", "rag", "Which customers live in London?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "linking: linked (qwen2.5-coder:7b; 2 candidates, ")
	require.Regexp(t, `linking: linked \(qwen2.5-coder:7b; 2 candidates, \d+ prompt characters, \d+ ms, \d+\+\d+ tokens\)`, r.stdout)
	require.Contains(t, r.stdout, ": picked customers; added none; dropped none\n  1 name(s) the model gave are not among the candidates and were ignored\n")

	r = c.run("", "retrieve", "--db", "shop", "--json", "--strategy", "rag", "Which customers live in London?")
	require.Equal(t, 0, r.code, r.stderr)
	var out retrieveResult
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	require.NotNil(t, out.Metadata.Linking)
	require.Equal(t, retrieval.LinkLinked, out.Metadata.Linking.Outcome)
	require.Equal(t, []string{"nope"}, out.Metadata.Linking.Unknown)

	c.env["NL2SQL_RAG_LINKING"] = "false"
	r = c.run("", "retrieve", "--db", "shop", "--strategy", "rag", "Which customers live in London?")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "linking:")
	require.Equal(t, 2, strings.Count(strings.Join(chatPrompts(c.ollama), "\n"), "Which of these tables"), "no call with linking off")
}

func chatPrompts(s *ollamatest.Server) []string {
	var out []string
	for _, r := range s.ChatRequests() {
		out = append(out, r.Prompt())
	}
	return out
}

// linkFirstTwo is a fake chat model that links every question to the first
// two tables listed: the bench's linked path, not a model's judgement.
func linkFirstTwo(req ollamatest.ChatRequest) ollamatest.Response {
	var names []string
	for _, line := range strings.Split(req.LastUser(), "\n") {
		if len(names) == 2 || !strings.HasPrefix(line, "- ") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(line, "- "), " |")
		name, _, _ = strings.Cut(name, ":")
		names = append(names, name)
	}
	b, _ := json.Marshal(map[string][]string{"tables": names})
	return ollamatest.Response{Content: string(b)}
}
