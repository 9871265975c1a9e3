// Package examples is the store of verified question–SQL pairs: finding the
// ones most like a new question (few-shot examples for the prompt and
// evidence for retrieval), checking users' corrections before they become
// examples, and re-checking examples when their database's catalog changes.
// The rows and the triggers that feed them are in
// migrations/00009_examples_feedback.sql; docs/DESIGN.md, "Examples and
// feedback", says why it works this way.
package examples

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// Config configures the few-shot examples.
type Config struct {
	// K is the most examples put in a prompt (NL2SQL_EXAMPLES_K); 0 turns
	// examples off. Defaults to 3.
	K int
	// MinSimilarity is the least lexical similarity (the overlap of the two
	// questions' stemmed words, 0 to 1) an example needs to be used
	// (NL2SQL_EXAMPLES_MIN_SIMILARITY). Defaults to 0.2.
	MinSimilarity float64
	// Off turns examples off (NL2SQL_EXAMPLES_K=0 sets it). Defaults to
	// false.
	Off bool
	// CheckLimit is the LIMIT the guard adds when checking an example's SQL
	// (only EXPLAINed, never run). Defaults to 1001.
	CheckLimit int
	// MinVectorSimilarity is the least cosine similarity of the two
	// questions' embeddings that makes an example similar by meaning
	// (NL2SQL_EXAMPLES_MIN_VECTOR_SIMILARITY), when there is an Embedder.
	// Defaults to 0.8: paraphrases of one question embed well above it
	// with the usual embedding models; not tuned on a measured set (no
	// model here).
	MinVectorSimilarity float64
	// Embedder and EmbedModel embed questions and examples to find
	// examples by meaning as well as by words; nil leaves it lexical.
	// Defaults to nil.
	Embedder   Embedder
	EmbedModel string
	// EmbedTimeout bounds the embedding a question's search waits for:
	// the retrieve stage needs no model, and a slow one must not hold it
	// (the bound of schema linking's and the question's own embedding,
	// docs/DESIGN.md, Examples and feedback). Defaults to 5s.
	EmbedTimeout time.Duration
	// defaulted is set by WithDefaults: zero fields are then explicit (a K
	// of 0 set over the defaults turns examples off).
	defaulted bool
}

// WithDefaults returns a copy of c with zero fields set to their defaults;
// on a copy that has them already, it only settles Off from K.
func (c Config) WithDefaults() Config {
	if c.defaulted {
		c.Off = c.Off || c.K == 0
		return c
	}
	c.defaulted = true
	if c.K == 0 && !c.Off {
		c.K = 3
	}
	if c.MinSimilarity == 0 {
		c.MinSimilarity = 0.2
	}
	if c.CheckLimit == 0 {
		c.CheckLimit = 1001
	}
	if c.MinVectorSimilarity == 0 {
		c.MinVectorSimilarity = 0.8
	}
	if c.EmbedTimeout == 0 {
		c.EmbedTimeout = 5 * time.Second
	}
	return c
}

// Embedder embeds texts (internal/llm's providers).
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Validate reports whether c (defaults applied) is usable.
func (c Config) Validate() error {
	switch {
	case c.K < 0 || c.K > 20:
		return errors.New("examples: K must be between 0 and 20")
	case c.CheckLimit < 1:
		return errors.New("examples: CheckLimit must be positive")
	case c.MinSimilarity < 0 || c.MinSimilarity > 1:
		return errors.New("examples: MinSimilarity must be between 0 and 1")
	case c.MinVectorSimilarity < 0 || c.MinVectorSimilarity > 1:
		return errors.New("examples: MinVectorSimilarity must be between 0 and 1")
	case c.EmbedTimeout < 0:
		return errors.New("examples: EmbedTimeout must not be negative")
	case c.Embedder != nil && c.EmbedModel == "":
		return errors.New("examples: an Embedder needs its EmbedModel")
	}
	return nil
}

// Example is one example chosen for a question, as recorded in
// rag.query_contexts.examples.
type Example struct {
	ID         int64   `json:"id"`
	Similarity float64 `json:"similarity"`
	// By says what found it: "words" (the lexical similarity) or
	// "meaning" (the embeddings' cosine, when it is the higher).
	By       string `json:"by"`
	Question string `json:"question"`
	SQL      string `json:"sql"`
	// Tables are the tables its SQL reads, as written.
	Tables []string `json:"tables,omitempty"`
}

// Store reads and writes rag.examples and rag.feedback.
type Store struct {
	cfg  Config
	pool *pgxpool.Pool
	q    *dbsqlc.Queries
	// embedDown is when embedding last failed: Similar does not try again
	// for embedCooldown, so a model server that is down costs one call,
	// not one per question.
	mu        sync.Mutex
	embedDown time.Time
}

// embedCooldown is how long Similar leaves a model that failed alone (the
// same as schema linking's, docs/DESIGN.md, Examples and feedback).
const embedCooldown = 30 * time.Second

// New returns a Store over the service database.
func New(pool *pgxpool.Pool, cfg Config) (*Store, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Store{cfg: cfg, pool: pool, q: dbsqlc.New()}, nil
}

// Config returns the store's configuration, defaults applied.
func (s *Store) Config() Config { return s.cfg }

// Query is what examples are found for.
type Query struct {
	Database string
	Question string
	// ExamRunID is the exam run the question belongs to (its
	// tags.exam_run_id), empty outside an exam: an exam's questions never
	// get an example of one of its own questions.
	ExamRunID string
	// AskedBy is the role that asked (rag.queries.submitted_by): an example
	// not yet approved serves only the role that made it (migration 00012).
	AskedBy string
}

// Similar returns the K examples most similar to the question, most similar
// first: checked against the current catalog, not stale, approved or made
// by the role asking, at least
// MinSimilarity alike by their words or, with an Embedder, at least
// MinVectorSimilarity by their embeddings; an example's similarity is the
// better of the two. Examples not yet embedded with EmbedModel are embedded
// first (embedBatch at a time). When embedding fails, examples are found by
// their words alone: they help, they are not needed.
func (s *Store) Similar(ctx context.Context, q Query) ([]Example, error) {
	if s.cfg.K == 0 {
		return nil, nil
	}
	// Most databases have no example, and most questions come before any:
	// they cost this one lookup, not an embedding call and a search.
	if has, err := s.q.HasExamples(ctx, s.pool, q.Database); err != nil {
		return nil, fmt.Errorf("examples: %w", err)
	} else if !has {
		return nil, nil
	}
	p := &dbsqlc.CandidateExamplesParams{DatabaseName: q.Database, Question: q.Question, AskedBy: q.AskedBy}
	if q.ExamRunID != "" {
		p.ExamRunID = &q.ExamRunID
	}
	var qv []float32
	if s.cfg.Embedder != nil && s.embedUp() {
		ectx, cancel := context.WithTimeout(ctx, s.cfg.EmbedTimeout)
		v, tooLong, err := s.embedQuestion(ectx, q)
		cancel()
		switch {
		case err == nil:
			qv, p.EmbedModel = v, s.cfg.EmbedModel
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case tooLong:
			// The model answered (it refused a text as longer than its
			// window) and ran out of this question's time fitting texts
			// to it: this question goes by words, the next ones are
			// embedded as usual.
		default:
			s.mu.Lock()
			s.embedDown = time.Now()
			s.mu.Unlock()
		}
	}
	rows, err := s.q.CandidateExamples(ctx, s.pool, p)
	if err != nil {
		return nil, fmt.Errorf("examples: %w", err)
	}
	var out []Example
	for _, r := range rows {
		e := Example{ID: r.ID, Similarity: r.Similarity, By: "words", Question: r.Question, SQL: r.Sql}
		if qv != nil && len(r.Embedding) == len(qv) {
			if c := cosine(qv, r.Embedding); c >= s.cfg.MinVectorSimilarity && c > e.Similarity {
				e.Similarity, e.By = c, "meaning"
			}
		}
		if e.By == "words" && e.Similarity < s.cfg.MinSimilarity {
			continue
		}
		e.Similarity = round3(e.Similarity)
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Example) int {
		if c := cmp.Compare(b.Similarity, a.Similarity); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	out = out[:min(len(out), s.cfg.K)]
	for i := range out {
		out[i].Tables = Tables(out[i].SQL)
	}
	return out, nil
}

// embedUp reports whether embedding has not failed in the last
// embedCooldown.
func (s *Store) embedUp() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return time.Since(s.embedDown) >= embedCooldown
}

// embedBatch is how many examples Similar embeds at most before a search.
const embedBatch = 32

// embedQuestion embeds the database's examples not yet embedded with the
// model (a batch), then the question, in one call. When the model refuses a
// text of them as longer than its window (tooLong), each is embedded on its
// own by its front (llm.EmbedFitting), the question first, and each example
// stored as soon as it is: finding a long text's front takes several calls,
// and a batch fitted whole could not end within the question's time on a
// slow model, failing every question after it the same way and never
// embedding a single example. An example left when the time runs out waits
// for the next question.
func (s *Store) embedQuestion(ctx context.Context, q Query) (_ []float32, tooLong bool, _ error) {
	todo, err := s.q.ExamplesToEmbed(ctx, s.pool, &dbsqlc.ExamplesToEmbedParams{DatabaseName: q.Database, EmbedModel: s.cfg.EmbedModel, Max: embedBatch})
	if err != nil {
		return nil, false, fmt.Errorf("examples: %w", err)
	}
	texts := make([]string, 0, len(todo)+1)
	for _, e := range todo {
		texts = append(texts, e.Question)
	}
	texts = append(texts, q.Question)
	vecs, err := s.cfg.Embedder.Embed(ctx, texts)
	switch {
	case errors.Is(err, llm.ErrContextTooLong):
		return s.embedEach(ctx, q, todo)
	case err != nil:
		return nil, false, err
	case len(vecs) != len(texts):
		return nil, false, fmt.Errorf("examples: %d embeddings for %d texts", len(vecs), len(texts))
	}
	for i, e := range todo {
		if err := s.setEmbedding(ctx, e.ID, vecs[i]); err != nil {
			return nil, false, err
		}
	}
	return vecs[len(todo)], false, nil
}

// embedEach is embedQuestion's way for texts the model refused as too long
// together: the question, then the examples, each by its front.
func (s *Store) embedEach(ctx context.Context, q Query, todo []*dbsqlc.ExamplesToEmbedRow) ([]float32, bool, error) {
	qv, _, err := llm.EmbedFitting(ctx, s.cfg.Embedder, []string{q.Question})
	if err != nil {
		return nil, true, err
	}
	for _, e := range todo {
		v, _, err := llm.EmbedFitting(ctx, s.cfg.Embedder, []string{e.Question})
		if err != nil {
			// Out of time, or a text whose front no window takes: the
			// question is embedded, the rest waits.
			break
		}
		if err := s.setEmbedding(ctx, e.ID, v[0]); err != nil {
			return nil, true, err
		}
	}
	return qv[0], true, nil
}

func (s *Store) setEmbedding(ctx context.Context, id int64, v []float32) error {
	if err := s.q.SetExampleEmbedding(ctx, s.pool, &dbsqlc.SetExampleEmbeddingParams{ID: id, Embedding: v, EmbedModel: s.cfg.EmbedModel}); err != nil {
		return fmt.Errorf("examples: %w", err)
	}
	return nil
}

// cosine is the cosine similarity of two vectors of one length.
func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// Tables returns the tables sql reads, as written (schema-qualified when it
// says so); nil when it does not parse.
func Tables(sql string) []string {
	script, err := pgsql.Parse(sql)
	if err != nil || len(script.Statements) != 1 {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, t := range script.Statements[0].Analysis().Tables {
		name := t.QualifiedName()
		if t.Role == pgsql.RoleRead && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

func round3(v float64) float64 { return float64(int64(v*1000+0.5)) / 1000 }

// CheckFunc runs the production guard and EXPLAIN on sql against database:
// refusal is empty when sql passes and says why otherwise; err is an
// infrastructure failure (the database unreachable), to be retried. The
// worker provides it from the parts its validate stage uses.
type CheckFunc func(ctx context.Context, database, sql string) (refusal string, err error)

// Correction is the outcome of checking a correction.
type Correction struct {
	Status    string // accepted or rejected; "" when it was no longer pending
	Reason    string
	ExampleID int64
}

// CheckCorrection checks the corrected SQL of feedback id and accepts it as
// an example or rejects it with the guard's or EXPLAIN's reason; either
// way rag_feedback_done is notified (a trigger).
func (s *Store) CheckCorrection(ctx context.Context, check CheckFunc, id int64) (Correction, error) {
	f, err := s.q.GetCorrection(ctx, s.pool, id)
	if err != nil {
		return Correction{}, fmt.Errorf("examples: correction %d: %w", id, err)
	}
	if f.Status != "pending" || f.CorrectedSql == nil {
		return Correction{}, nil
	}
	checkedAt, err := s.catalogTime(ctx, f.DatabaseName)
	if err != nil {
		return Correction{}, err
	}
	refusal, err := check(ctx, f.DatabaseName, *f.CorrectedSql)
	if err != nil {
		return Correction{}, err
	}
	if refusal != "" {
		reason := "corrected_sql refused: " + refusal
		if _, err := s.q.RejectCorrection(ctx, s.pool, &dbsqlc.RejectCorrectionParams{ID: id, Reason: &reason}); err != nil {
			return Correction{}, err
		}
		return Correction{Status: "rejected", Reason: reason}, nil
	}
	ex, err := s.q.AcceptCorrection(ctx, s.pool, &dbsqlc.AcceptCorrectionParams{ID: id, CheckedAt: &checkedAt})
	if err != nil {
		return Correction{}, err
	}
	c := Correction{Status: "accepted"}
	if ex != nil {
		c.ExampleID = *ex
	}
	return c, nil
}

// GiveUpCorrection rejects the pending correction id with reason, for a
// check that could not be made (its database unreachable past the job's
// attempts, or refused): the row ends, and rag_feedback_done says so,
// rather than staying pending for as long as River would retry. It reports
// whether the row was still pending.
func (s *Store) GiveUpCorrection(ctx context.Context, id int64, reason string) (bool, error) {
	n, err := s.q.RejectCorrection(ctx, s.pool, &dbsqlc.RejectCorrectionParams{ID: id, Reason: &reason})
	if err != nil {
		return false, fmt.Errorf("examples: correction %d: %w", id, err)
	}
	return n > 0, nil
}

// catalogTime is the refresh of the database's catalog a check starts
// from: an example checked now is marked checked as of it, so a refresh
// that commits during the check leaves it to be checked again.
func (s *Store) catalogTime(ctx context.Context, database string) (time.Time, error) {
	at, err := s.q.GetCatalogRefreshedAt(ctx, s.pool, database)
	if err != nil {
		return time.Time{}, fmt.Errorf("examples: database %q: %w", database, err)
	}
	if at == nil {
		// Never refreshed: the catalog is the one registered; any check
		// counts until the first refresh.
		return time.Unix(0, 0).UTC(), nil
	}
	return *at, nil
}

// Checked is what CheckExamples did.
type Checked struct {
	Checked int
	Stale   int
}

// checkBatch is how many verdicts CheckExamples reaches before it stores
// them.
const checkBatch = 50

// CheckExamples checks the database's examples not checked against its
// current catalog (all of them with all) and marks those that no longer
// pass stale, with the reason, and those that do fresh. The verdicts are
// stored as they come, checkBatch at a time and those reached when a check
// fails: a run that stops part way (the job's timeout, a target lost for a
// moment) leaves the next one only the rest to check. Stored at the end
// alone, a database with more examples than one job's time checks was
// never checked after a refresh, and its examples never used again.
func (s *Store) CheckExamples(ctx context.Context, check CheckFunc, database string, all bool) (Checked, error) {
	checkedAt, err := s.catalogTime(ctx, database)
	if err != nil {
		return Checked{}, err
	}
	rows, err := s.q.ListExamplesToCheck(ctx, s.pool, &dbsqlc.ListExamplesToCheckParams{DatabaseName: database, RecheckAll: all})
	if err != nil {
		return Checked{}, fmt.Errorf("examples: %w", err)
	}
	var out Checked
	p := &dbsqlc.MarkExamplesCheckedParams{CheckedAt: &checkedAt}
	mark := func(ctx context.Context) error {
		if len(p.Ids) == 0 {
			return nil
		}
		if err := s.q.MarkExamplesChecked(ctx, s.pool, p); err != nil {
			return fmt.Errorf("examples: %w", err)
		}
		p.Ids, p.StaleReasons = p.Ids[:0], p.StaleReasons[:0]
		return nil
	}
	for _, r := range rows {
		refusal, err := check(ctx, database, r.Sql)
		if err != nil {
			// With a fresh deadline: ctx's may be what ended the run.
			mctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			return out, errors.Join(err, mark(mctx))
		}
		p.Ids, p.StaleReasons = append(p.Ids, r.ID), append(p.StaleReasons, refusal)
		out.Checked++
		if refusal != "" {
			out.Stale++
		}
		if len(p.Ids) == checkBatch {
			if err := mark(ctx); err != nil {
				return out, err
			}
		}
	}
	return out, mark(ctx)
}

// Pair is an example to add: a question, its SQL and, from a file, the
// question's id there.
type Pair struct {
	Question string
	SQL      string
	Ref      string
}

// Add inserts pairs as examples of database (source file); pairs already
// there are skipped. The service checks them (nl2sql.examples_check) before
// they are used. It returns how many were added.
func (s *Store) Add(ctx context.Context, database string, pairs []Pair) (int, error) {
	p := &dbsqlc.InsertExamplesParams{DatabaseName: database}
	for _, x := range pairs {
		p.Questions, p.Sqls, p.Refs = append(p.Questions, x.Question), append(p.Sqls, x.SQL), append(p.Refs, x.Ref)
	}
	ids, err := s.q.InsertExamples(ctx, s.pool, p)
	if err != nil {
		return 0, fmt.Errorf("examples: %w", err)
	}
	return len(ids), nil
}
