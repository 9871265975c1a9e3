package schemaindex

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/llm"
)

// Embedder turns texts into embeddings, one per text, in order:
// internal/llm's Client.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// EmbedStats says what the build did about embeddings.
type EmbedStats struct {
	// Model is the embedding model of the stored embeddings; empty when
	// the index has none.
	Model string `json:"model,omitempty"`
	Dims  int    `json:"dims,omitempty"`
	// Embedded documents were sent to the model; Reused ones kept the
	// embedding of an earlier build (same text, same model).
	Embedded int `json:"embedded"`
	Reused   int `json:"reused"`
	// Skipped says why the index has no embeddings, when it has none:
	// retrieval then runs lexical and graph only.
	Skipped string `json:"skipped,omitempty"`
	// Cut names the documents this build embedded by their front (schema.
	// table[.column]): longer than the embedding model's context window,
	// they were refused whole, and what was embedded is the longest front
	// the model takes (llm.EmbedFitting), their name, type, table and the
	// start of their description. A model with a longer window, or a
	// shorter comment, embeds them whole.
	Cut []string `json:"cut,omitempty"`
}

type storedEmbedding struct {
	hash      []byte
	model     string
	embedding []float32
}

// previousEmbeddings reads the embeddings of the current index, by document.
func previousEmbeddings(ctx context.Context, db dbsqlc.DBTX, database string) (map[string]storedEmbedding, error) {
	rows, err := dbsqlc.New().ListIndexEmbeddings(ctx, db, database)
	if err != nil {
		return nil, fmt.Errorf("schemaindex: read embeddings of %q: %w", database, err)
	}
	out := make(map[string]storedEmbedding, len(rows))
	for _, r := range rows {
		d := Doc{Kind: Kind(r.Kind), Schema: r.SchemaName, Table: r.TableName, Column: r.ColumnName}
		out[d.key()] = storedEmbedding{hash: r.TextHash, model: deref(r.EmbedModel), embedding: r.Embedding}
	}
	return out, nil
}

// embedDocs gives every document an embedding from model: the stored one
// when its text hash and model match, else a new one, batch texts per call;
// a document longer than the model's window by its front (EmbedStats.Cut).
// It is all or nothing: when the model cannot embed (unreachable, missing),
// no document keeps an embedding and Skipped says why, since a half-embedded
// index would silently rank half the schema out of vector search. Only a
// cancelled ctx is an error.
func embedDocs(ctx context.Context, docs []*Doc, prev map[string]storedEmbedding, e Embedder, model string, batch int) (EmbedStats, error) {
	st := EmbedStats{}
	if e == nil {
		st.Skipped = "no embedding model configured"
		return st, nil
	}
	var todo []*Doc
	for _, d := range docs {
		if p, ok := prev[d.key()]; ok && p.model == model && bytes.Equal(p.hash, d.hash) && len(p.embedding) > 0 {
			d.embedding = p.embedding
			st.Reused++
			continue
		}
		todo = append(todo, d)
	}
	fail := func(reason string) (EmbedStats, error) {
		for _, d := range docs {
			d.embedding = nil
		}
		return EmbedStats{Skipped: reason}, nil
	}
	if len(todo) == 0 && len(docs) > 0 && prev != nil {
		// Every document is reused: a model changed under the same name
		// (another dimension) shows only when asked, and re-indexing would
		// otherwise keep the old vectors for good while every question's
		// vector search fails. One text asks it.
		vecs, _, err := llm.EmbedFitting(ctx, e, []string{docs[0].StableText})
		switch {
		case ctx.Err() != nil:
			return st, ctx.Err()
		case err == nil && len(vecs) == 1 && len(vecs[0]) != len(docs[0].embedding):
			return embedDocs(ctx, docs, nil, e, model, batch)
		}
	}
	for start := 0; start < len(todo); start += batch {
		part := todo[start:min(start+batch, len(todo))]
		texts := make([]string, len(part))
		for i, d := range part {
			texts[i] = d.StableText
		}
		vecs, cuts, err := llm.EmbedFitting(ctx, e, texts)
		if err != nil {
			if ctx.Err() != nil {
				return st, ctx.Err()
			}
			return fail(fmt.Sprintf("embedding model %s failed after %d of %d documents: %v", model, start, len(todo), err))
		}
		if len(vecs) != len(part) {
			return fail(fmt.Sprintf("embedding model %s returned %d embeddings for %d texts", model, len(vecs), len(part)))
		}
		for i, d := range part {
			d.embedding = normalize(vecs[i])
		}
		for _, c := range cuts {
			st.Cut = append(st.Cut, part[c.Index].describe())
		}
		st.Embedded += len(part)
	}
	for _, d := range docs {
		switch {
		case len(d.embedding) == 0:
			return fail(fmt.Sprintf("embedding model %s returned an empty embedding for %s", model, d.describe()))
		case st.Dims == 0:
			st.Dims = len(d.embedding)
		case len(d.embedding) != st.Dims:
			// Reused embeddings of another dimension: a model changed under
			// the same name. Start again without them.
			if st.Reused > 0 {
				return embedDocs(ctx, docs, nil, e, model, batch)
			}
			return fail(fmt.Sprintf("embedding model %s returned embeddings of %d and %d dimensions", model, st.Dims, len(d.embedding)))
		}
	}
	if len(docs) > 0 {
		st.Model = model
	}
	return st, nil
}

// normalize scales v to unit length, so cosine similarity is a dot
// product; a zero vector is returned as is.
func normalize(v []float32) []float32 {
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	if sum == 0 {
		return v
	}
	out := make([]float32, len(v))
	inv := 1 / math.Sqrt(sum)
	for i, x := range v {
		out[i] = float32(float64(x) * inv)
	}
	return out
}

// ErrNoEmbeddings is returned by Vector for a database indexed without
// embeddings.
var ErrNoEmbeddings = errors.New("schemaindex: the index has no embeddings (built without an embedding model)")

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
