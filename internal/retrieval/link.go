package retrieval

// Schema linking: with a chat model, RAG lists the best ranked tables to the
// model, compactly, and asks which of them the question needs. The picks
// re-rank the candidates and, with the strongest lexical tables (which the
// model cannot drop), are what expansion and join planning start from.
// Linking is bounded in time and tokens; when it fails, retrieval goes on
// with the lexical result and records why.

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// Linker asks a chat model for the reply to a linking prompt. The pipeline
// implements it with the Ollama client (internal/llm); the prompt, its
// bounds and the reading of the reply are retrieval's.
type Linker interface {
	Link(ctx context.Context, req LinkRequest) (*LinkReply, error)
}

// LinkMessage is one chat message of a linking prompt.
type LinkMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// LinkRequest is one linking call. It is sampled at temperature 0.
type LinkRequest struct {
	Messages []LinkMessage
	// Model is the chat model; empty: the Linker's own (NL2SQL_MODEL).
	Model string
	// Format is the JSON schema the reply must follow (Ollama's structured
	// outputs): {"tables": [...]}, the names restricted to the candidates.
	Format json.RawMessage
	// Candidates are the tables' names as listed, in order: the names
	// Format allows.
	Candidates []string
	// MaxTokens bounds the reply (num_predict).
	MaxTokens int
	// Seed makes the call reproducible.
	Seed int
}

// LinkReply is the model's reply to a linking call.
type LinkReply struct {
	Content      string
	Model        string
	PromptTokens int
	ReplyTokens  int
	// Truncated is set when the reply stopped at MaxTokens.
	Truncated bool
}

// linkSeed is the sampling seed of every linking call: the same question
// over the same candidates gets the same answer.
const linkSeed = 7

// LinkConfig configures schema linking (RAGConfig.Link).
type LinkConfig struct {
	// Linker calls the chat model; nil turns linking off. Defaults to nil
	// (the pipeline sets it when it has a model client).
	Linker Linker
	// Disabled turns linking off (NL2SQL_RAG_LINKING=false). Defaults to
	// false.
	Disabled bool
	// Model is the chat model asked; empty: the Linker's own, the model
	// that writes SQL (NL2SQL_RAG_LINKING_MODEL). Defaults to "".
	Model string
	// Candidates is how many tables are listed to the model
	// (NL2SQL_RAG_LINKING_CANDIDATES), the context retrieval gives without
	// it first, then the best ranked: as many as one search returns
	// table hits (TableTopK's default), so the table a question means but
	// names unlike the schema is among them; when fewer tables have
	// evidence, their foreign-key neighbours and then the schema's other
	// tables fill the list, so on a small schema the model sees them all.
	// Thirty lines of at most LineChars are about 2k tokens. Defaults to 30.
	Candidates int
	// Keep is how many of the best lexical tables stay whatever the model
	// picks (NL2SQL_RAG_LINKING_KEEP): the model adds and re-ranks, but
	// cannot drop the strongest lexical evidence. Above MaxTables it is
	// MaxTables. Defaults to 5.
	Keep int
	// Timeout bounds one linking call (NL2SQL_RAG_LINKING_TIMEOUT); then
	// the lexical result is used. Defaults to 8s.
	Timeout time.Duration
	// MaxTokens bounds the model's reply (NL2SQL_RAG_LINKING_MAX_TOKENS):
	// a dozen table names in JSON take about 150. Defaults to 256.
	MaxTokens int
	// LineChars cuts each candidate's line (name, description, keys, joins,
	// columns), which bounds the prompt at Candidates × LineChars.
	// Defaults to 240.
	LineChars int
	// Cooldown is how long linking is skipped after a call failed or timed
	// out, so a stopped or overloaded model does not cost every question
	// the Timeout. Defaults to 30s.
	Cooldown time.Duration
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c LinkConfig) WithDefaults() LinkConfig {
	setDefault(&c.Candidates, 30)
	setDefault(&c.Keep, 5)
	setDefault(&c.MaxTokens, 256)
	setDefault(&c.LineChars, 240)
	if c.Timeout == 0 {
		c.Timeout = 8 * time.Second
	}
	if c.Cooldown == 0 {
		c.Cooldown = 30 * time.Second
	}
	return c
}

func (c LinkConfig) validate() error {
	switch {
	case c.Candidates < 1 || c.Candidates > 200:
		return errors.New("retrieval: Link.Candidates must be between 1 and 200")
	case c.Keep < 1:
		return errors.New("retrieval: Link.Keep must be positive")
	case c.Timeout < time.Millisecond:
		return errors.New("retrieval: Link.Timeout must be at least 1ms")
	case c.MaxTokens < 16:
		return errors.New("retrieval: Link.MaxTokens must be at least 16")
	case c.LineChars < 40:
		return errors.New("retrieval: Link.LineChars must be at least 40")
	case c.Cooldown < 0:
		return errors.New("retrieval: Link.Cooldown must not be negative")
	}
	return nil
}

// Linking outcomes (Linking.Outcome).
const (
	// LinkLinked: the model picked at least one candidate; the picks and the
	// Keep best lexical tables are what expansion started from.
	LinkLinked = "linked"
	// LinkNoPick: the model answered but named no candidate.
	LinkNoPick = "no_pick"
	// LinkBadReply: the reply held no {"tables": [...]}.
	LinkBadReply = "bad_reply"
	// LinkTimeout: no reply within Timeout.
	LinkTimeout = "timeout"
	// LinkFailed: the call failed (model unreachable, not pulled, ...).
	LinkFailed = "failed"
	// LinkSkipped: not asked, within Cooldown of a failure.
	LinkSkipped = "skipped"
)

// Linking is what schema linking did for a question
// (retrievalMetadata.linking). Only LinkLinked changes the tables; every
// other outcome leaves the lexical result as it was.
type Linking struct {
	Outcome string `json:"outcome"`
	// Reason says why linking did not change the tables, or what it left
	// aside.
	Reason string `json:"reason,omitempty"`
	// Model is the model that answered (or was asked).
	Model string `json:"model,omitempty"`
	// Candidates is how many tables were listed; PromptChars the prompt's
	// size.
	Candidates  int `json:"candidates"`
	PromptChars int `json:"promptChars"`
	// Picked are the candidates the model named, in its order, as SQL
	// names; Unknown what else it named (at most 20 kept), UnknownCount
	// how many; Capped how many picks were left out to stay within
	// MaxTables.
	Picked       []string `json:"picked"`
	Unknown      []string `json:"unknown,omitempty"`
	UnknownCount int      `json:"unknownCount"`
	Capped       int      `json:"capped,omitempty"`
	// Kept are the tables of the lexical selection that stayed (the Keep
	// best, and those the model picked), Added the picks the lexical
	// selection did not have, Dropped the lexical selection's tables that
	// were neither (expansion may still bring them back).
	Kept    []string `json:"kept"`
	Added   []string `json:"added"`
	Dropped []string `json:"dropped"`
	// DurationMS is the call's time; PromptTokens and ReplyTokens what the
	// server counted.
	DurationMS   float64 `json:"durationMs"`
	PromptTokens int     `json:"promptTokens"`
	ReplyTokens  int     `json:"replyTokens"`
}

// LinkRecord is what was asked and answered, stored in
// rag.query_contexts.linking: the Linking summary, the candidates listed,
// the prompt and the raw reply.
type LinkRecord struct {
	Linking
	CandidateTables []string      `json:"candidateTables"`
	Prompt          []LinkMessage `json:"prompt,omitempty"`
	Reply           string        `json:"reply,omitempty"`
}

// linkRun is one question's linking, from the ranking to the metadata.
type linkRun struct {
	md     Linking
	record LinkRecord
	// picks and keep are the table keys expansion starts from when the
	// model linked.
	picks map[string]bool
	keep  map[string]bool
	// shown are the candidates' table keys: what the model was asked
	// about; named those of the candidates it named, picks and the picks
	// left out for room (Capped) alike.
	shown, named map[string]bool
	// unlinked is the expansion without the model's picks, which led the
	// candidates: the selection when the model did not link.
	unlinked Expanded
}

func (l *linkRun) applied() bool { return l != nil && l.md.Outcome == LinkLinked }

// passedOver reports whether the model linked and was shown t without
// naming it (nor was it kept): the fill leaves it out, as the model judged
// it. A table it was never shown it did not judge, and one it named but
// that found no room among the picks it asked for.
func (l *linkRun) passedOver(t *catalog.Table) bool {
	k := t.Key()
	return l.applied() && l.shown[k] && !l.named[k] && !l.keep[k]
}

// breaker remembers the last failed call to a model, to skip that call
// for a cooldown: a stopped or overloaded model costs one call's wait, not
// one per question.
type breaker struct {
	mu     sync.Mutex
	failed time.Time
	why    string
}

// open reports whether the call is skipped, and why, naming it call
// ("linking", "embedding the question").
func (b *breaker) open(now time.Time, cooldown time.Duration, call string) (bool, string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.why == "" || now.Sub(b.failed) >= cooldown {
		return false, ""
	}
	return true, fmt.Sprintf("%s failed %s ago (%s); it resumes %s after that failure",
		call, now.Sub(b.failed).Round(time.Second), b.why, cooldown)
}

func (b *breaker) trip(now time.Time, why string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.failed, b.why = now, why
}

// link runs schema linking over the ranking when a Linker is configured and
// linking is on. It records the run on ev and returns the ranking re-ranked
// by the model's picks (each scores as the best table), or ranked as it was
// when the model did not link. Only the caller's context ending is an
// error: whatever else goes wrong, retrieval goes on with the lexical result.
func (r *RAG) link(ctx context.Context, s *catalog.Snapshot, question string, ev *evidence, ranked []RankedTable, expand ExpandFunc) ([]RankedTable, error) {
	c := r.cfg.Link
	if c.Linker == nil || c.Disabled {
		return ranked, nil
	}
	// The context retrieval would give without the model leads the list:
	// the tables its joins and fill bring have no evidence of their own,
	// and a table never listed is one the model cannot pick.
	unlinked, err := expand(ctx, s, ranked)
	if err != nil {
		return nil, fmt.Errorf("retrieval: expand: %w", err)
	}
	run := &linkRun{unlinked: unlinked}
	ev.link = run
	cands := r.linkCandidates(s, unlinked.Tables, ranked)
	run.shown = map[string]bool{}
	for _, t := range cands {
		run.shown[t.Key()] = true
	}
	msgs, names := r.linkPrompt(s, question, ev, cands)
	run.md.Candidates = len(cands)
	run.md.Model = c.Model
	run.md.Picked, run.md.Kept, run.md.Added, run.md.Dropped = []string{}, []string{}, []string{}, []string{}
	for _, m := range msgs {
		run.md.PromptChars += utf8.RuneCountInString(m.Content)
	}
	run.record.CandidateTables, run.record.Prompt = names, msgs
	defer func() { run.record.Linking = run.md }()

	if skip, why := r.links.open(r.cfg.Clock(), c.Cooldown, "the linking call"); skip {
		run.md.Outcome, run.md.Reason = LinkSkipped, why
		return ranked, nil
	}
	format, err := json.Marshal(map[string]any{
		"type": "object",
		"properties": map[string]any{"tables": map[string]any{
			"type": "array", "items": map[string]any{"type": "string", "enum": names},
		}},
		"required": []string{"tables"},
	})
	if err != nil {
		return nil, err
	}
	lctx, cancel := context.WithTimeout(ctx, c.Timeout)
	t0 := r.cfg.Clock()
	reply, err := c.Linker.Link(lctx, LinkRequest{Messages: msgs, Model: c.Model, Format: format, Candidates: names, MaxTokens: c.MaxTokens, Seed: linkSeed})
	timedOut := errors.Is(lctx.Err(), context.DeadlineExceeded)
	cancel()
	run.md.DurationMS = millis(r.cfg.Clock().Sub(t0))
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		run.md.Outcome, run.md.Reason = LinkFailed, err.Error()
		if timedOut {
			run.md.Outcome = LinkTimeout
			run.md.Reason = fmt.Sprintf("no reply within %s (NL2SQL_RAG_LINKING_TIMEOUT): %v", c.Timeout, err)
		}
		r.links.trip(r.cfg.Clock(), run.md.Reason)
		r.cfg.Logger.WarnContext(ctx, "schema linking failed; retrieval goes on with the lexical result", "database", s.Database, "outcome", run.md.Outcome, "reason", run.md.Reason)
		return ranked, nil
	}
	run.md.Model = cmp.Or(reply.Model, c.Model)
	run.md.PromptTokens, run.md.ReplyTokens = reply.PromptTokens, reply.ReplyTokens
	run.record.Reply = clipRunes(reply.Content, 4000)

	picked, lenient, err := parseLinkReply(reply.Content)
	if err != nil {
		run.md.Outcome, run.md.Reason = LinkBadReply, err.Error()
		if reply.Truncated {
			run.md.Reason += fmt.Sprintf(" (the reply stopped at the %d-token limit, NL2SQL_RAG_LINKING_MAX_TOKENS)", c.MaxTokens)
		}
		return ranked, nil
	}
	var notes []string
	if lenient {
		notes = append(notes, "the reply was not valid JSON; the names after \"tables\" were read from it")
	}

	// The lexical selection, and the Keep best of it that stay.
	lexical := r.selectTop(s, ev, ranked)
	run.keep = map[string]bool{}
	inLexical := map[string]bool{}
	for i, t := range lexical.Tables {
		inLexical[t.Table.Key()] = true
		if i < min(c.Keep, r.cfg.MaxTables) {
			run.keep[t.Table.Key()] = true
		}
	}
	// The picks, in the model's order, within MaxTables with the kept ones.
	byName := linkIndex(s, cands)
	run.picks, run.named = map[string]bool{}, map[string]bool{}
	var picks []*catalog.Table
	room := r.cfg.MaxTables - len(run.keep)
	for _, name := range picked {
		t := byName.find(name)
		if t != nil {
			run.named[t.Key()] = true
		}
		switch {
		case t == nil:
			run.md.UnknownCount++
			if len(run.md.Unknown) < 20 {
				run.md.Unknown = append(run.md.Unknown, clipRunes(name, 80))
			}
		case run.picks[t.Key()]:
		case !run.keep[t.Key()] && room == 0:
			run.md.Capped++
		default:
			if !run.keep[t.Key()] {
				room--
			}
			run.picks[t.Key()] = true
			picks = append(picks, t)
			run.md.Picked = append(run.md.Picked, s.TableSQLName(t))
		}
	}
	if run.md.UnknownCount > 0 {
		notes = append(notes, fmt.Sprintf("%d name(s) the model gave are not among the candidates and were ignored", run.md.UnknownCount))
	}
	if run.md.Capped > 0 {
		notes = append(notes, fmt.Sprintf("%d pick(s) left out to stay within %d tables (NL2SQL_RAG_MAX_TABLES)", run.md.Capped, r.cfg.MaxTables))
	}
	if len(picks) == 0 {
		run.md.Outcome = LinkNoPick
		run.md.Reason = strings.Join(append([]string{"the model named no candidate table; the lexical selection stands"}, notes...), "; ")
		return ranked, nil
	}
	run.md.Outcome, run.md.Reason = LinkLinked, strings.Join(notes, "; ")
	for _, t := range lexical.Tables {
		name := s.TableSQLName(t.Table)
		if run.keep[t.Table.Key()] || run.picks[t.Table.Key()] {
			run.md.Kept = append(run.md.Kept, name)
		} else {
			run.md.Dropped = append(run.md.Dropped, name)
		}
	}
	// Re-rank: a pick scores as the best table; one the lexical selection
	// did not have is the link's.
	out := slices.Clone(ranked)
	at := map[string]int{}
	for i, t := range out {
		at[t.Table.Key()] = i
	}
	for _, t := range picks {
		if !inLexical[t.Key()] {
			run.md.Added = append(run.md.Added, s.TableSQLName(t))
		}
		i, ok := at[t.Key()]
		if !ok {
			out = append(out, RankedTable{Table: t, Score: 1, Source: "link"})
			continue
		}
		out[i].Score = 1
		if !inLexical[t.Key()] {
			out[i].Source = "link"
		}
	}
	sortRanked(out)
	return out, nil
}

// seed is the selection expansion starts from: the lexical one
// (selectTop), or, when the model linked, its picks and the Keep best
// lexical tables, best first.
func (r *RAG) seed(s *catalog.Snapshot, ev *evidence, ranked []RankedTable) Expanded {
	if !ev.link.applied() {
		return r.selectTop(s, ev, ranked)
	}
	var out Expanded
	for _, t := range ranked {
		if len(out.Tables) == r.cfg.MaxTables {
			break
		}
		if ev.link.picks[t.Table.Key()] || ev.link.keep[t.Table.Key()] {
			out.Tables = append(out.Tables, t)
		}
	}
	return out
}

// describeLink puts the linking run into the result.
func describeLink(res *Result, ev *evidence) {
	if ev.link == nil {
		return
	}
	md := ev.link.md
	rec := ev.link.record
	res.Metadata.Linking = &md
	res.Link = &rec
}

// linkCandidates are the tables listed to the model: the context retrieval
// would give without it (lexical, in its order), the best ranked, then,
// when fewer have evidence, their foreign-key neighbours (not a hub's: it
// has hundreds) and the schema's other tables, up to Link.Candidates.
func (r *RAG) linkCandidates(s *catalog.Snapshot, lexical, ranked []RankedTable) []*catalog.Table {
	n := r.cfg.Link.Candidates
	seen := map[string]bool{}
	var out []*catalog.Table
	add := func(t *catalog.Table) {
		if len(out) < n && !seen[t.Key()] {
			seen[t.Key()] = true
			out = append(out, t)
		}
	}
	for _, t := range lexical {
		add(t.Table)
	}
	for _, t := range ranked {
		add(t.Table)
	}
	for i := 0; i < len(ranked) && len(out) < n; i++ {
		if s.Degree(ranked[i].Table) > r.cfg.HubDegree {
			continue
		}
		for _, nb := range s.Neighbors(ranked[i].Table) {
			add(nb)
		}
	}
	for _, t := range s.Tables {
		add(t)
	}
	return out
}

// linkPrompt renders the linking prompt: the question and one line per
// candidate. It returns the messages and the candidates' names as listed.
func (r *RAG) linkPrompt(s *catalog.Snapshot, question string, ev *evidence, cands []*catalog.Table) ([]LinkMessage, []string) {
	names := make([]string, len(cands))
	var b strings.Builder
	b.WriteString("Question: " + oneLine(question) + "\n\n")
	b.WriteString("Tables (name: description | key | joins | columns):\n")
	for i, t := range cands {
		names[i] = s.TableSQLName(t)
		b.WriteString("- " + r.linkLine(s, t, ev) + "\n")
	}
	b.WriteString("\nWhich of these tables does an SQL query answering the question read? Reply {\"tables\": [...]} with their names exactly as listed.")
	return []LinkMessage{
		{Role: "system", Content: "You link questions to the tables of a PostgreSQL database. Given a question and a list of tables, " +
			"you name every table an SQL query answering the question reads, including a table needed only to join two others, " +
			"and no other. You answer with JSON only: {\"tables\": [\"name\", ...]}."},
		{Role: "user", Content: b.String()},
	}, names
}

// linkLine is a candidate's line: its name, description, key, the foreign
// keys it joins by, and its columns that best match the question (the
// first ones when none does), cut at Link.LineChars.
func (r *RAG) linkLine(s *catalog.Snapshot, t *catalog.Table, ev *evidence) string {
	var b strings.Builder
	b.WriteString(s.TableSQLName(t))
	if d := cmp.Or(t.Gloss, t.Comment); d != "" {
		b.WriteString(": " + shorten(d, 80))
	}
	skip := map[string]bool{}
	if len(t.PrimaryKey) > 0 {
		b.WriteString(" | key " + strings.Join(t.PrimaryKey, ", "))
		for _, c := range t.PrimaryKey {
			skip[c] = true
		}
	}
	var joins []string
	for _, fk := range s.Outgoing(t) {
		// A table outside the snapshot's schemas is one no query may read
		// (columnFKs).
		if len(joins) < 4 && s.Table(fk.RefSchema, fk.RefTable) != nil {
			joins = append(joins, strings.Join(fk.Columns, ",")+"→"+s.SQLName(fk.RefSchema, fk.RefTable))
		}
		for _, c := range fk.Columns {
			skip[c] = true
		}
	}
	if len(joins) > 0 {
		b.WriteString(" | joins " + strings.Join(joins, ", "))
	}
	const maxColumns = 5
	var cols []string
	for _, c := range bestColumns(ev.columnScores[t.Key()], skip, maxColumns) {
		cols = append(cols, c)
		skip[c] = true
	}
	for _, c := range t.Columns {
		if len(cols) == maxColumns {
			break
		}
		if !skip[c.Name] {
			cols = append(cols, c.Name)
		}
	}
	if len(cols) > 0 {
		b.WriteString(" | columns " + strings.Join(cols, ", "))
	}
	return clipRunes(b.String(), r.cfg.Link.LineChars)
}

// linkIndex maps the names a model may give a candidate to it: as listed,
// as schema.name, and bare when no other candidate has that name. A name
// is matched as written first (quotes, backticks and brackets aside), then
// in any case; a name that two candidates share in some case matches only
// as written (sales."OrderLines" and sales.orderlines are two tables).
func linkIndex(s *catalog.Snapshot, cands []*catalog.Table) candidateNames {
	n := candidateNames{exact: map[string]*catalog.Table{}, folded: map[string]*catalog.Table{}}
	clash := map[string]bool{}
	add := func(m map[string]*catalog.Table, key string, t *catalog.Table) {
		if prev, ok := m[key]; ok && prev != t {
			clash[key] = true
		}
		m[key] = t
	}
	bare, bareFolded := map[string]int{}, map[string]int{}
	for _, t := range cands {
		bare[linkUnquote(t.Name)]++
		bareFolded[linkNorm(t.Name)]++
	}
	for _, t := range cands {
		for _, name := range []string{s.TableSQLName(t), t.Schema + "." + t.Name} {
			n.exact[linkUnquote(name)] = t
			add(n.folded, linkNorm(name), t)
		}
		if bare[linkUnquote(t.Name)] == 1 {
			n.exact[linkUnquote(t.Name)] = t
		}
		if bareFolded[linkNorm(t.Name)] == 1 {
			add(n.folded, linkNorm(t.Name), t)
		}
	}
	for key := range clash {
		delete(n.folded, key)
	}
	return n
}

// candidateNames are a linking call's candidates by the names a model may give
// them (linkIndex).
type candidateNames struct {
	exact  map[string]*catalog.Table // by linkUnquote
	folded map[string]*catalog.Table // by linkNorm, names no two candidates share
}

// find returns the candidate name names, or nil.
func (n candidateNames) find(name string) *catalog.Table {
	if t := n.exact[linkUnquote(name)]; t != nil {
		return t
	}
	return n.folded[linkNorm(name)]
}

// linkUnquote strips a table name of white space around it and of quotes,
// backticks and brackets, keeping its case.
func linkUnquote(name string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		switch r {
		case '"', '`', '[', ']':
			return -1
		}
		return r
	}, strings.TrimSpace(name)))
}

// linkNorm folds a table name for matching: linkUnquote, lower case.
func linkNorm(name string) string { return strings.ToLower(linkUnquote(name)) }

// quoted finds JSON strings, for reading names out of a reply that is not
// valid JSON.
var quoted = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// parseLinkReply reads the table names of a linking reply, leniently:
// {"tables": [...]} with the key in any case, the names as strings or as
// objects with a "name" or "table"; a bare array; either within a code
// fence or prose. When no JSON value parses (a reply cut at the token
// limit), the quoted strings after "tables" are the names, and lenient is
// set.
func parseLinkReply(content string) (names []string, lenient bool, err error) {
	start := strings.IndexAny(content, "{[")
	if start >= 0 {
		var v any
		dec := json.NewDecoder(strings.NewReader(content[start:]))
		dec.UseNumber()
		if dec.Decode(&v) == nil {
			names, err := linkNames(v)
			return names, false, err
		}
	}
	i := strings.Index(strings.ToLower(content), `"tables"`)
	if i >= 0 {
		for _, m := range quoted.FindAllStringSubmatch(content[i+len(`"tables"`):], -1) {
			var s string
			if json.Unmarshal([]byte(`"`+m[1]+`"`), &s) == nil && strings.TrimSpace(s) != "" {
				names = append(names, s)
			}
		}
		if len(names) > 0 {
			return names, true, nil
		}
	}
	return nil, false, fmt.Errorf("the reply holds no {\"tables\": [...]}: %q", clipRunes(content, 120))
}

// linkNames reads the names of a decoded reply.
func linkNames(v any) ([]string, error) {
	var list []any
	switch x := v.(type) {
	case []any:
		list = x
	case map[string]any:
		found := false
		for k, val := range x {
			if strings.EqualFold(k, "tables") {
				l, ok := val.([]any)
				if !ok {
					return nil, fmt.Errorf(`the reply's "tables" is not a list: %s`, compactJSON(val))
				}
				list, found = l, true
			}
		}
		if !found {
			return nil, fmt.Errorf(`the reply has no "tables" key: %s`, compactJSON(v))
		}
	default:
		return nil, fmt.Errorf("the reply is not a JSON object: %s", compactJSON(v))
	}
	names := []string{}
	for _, item := range list {
		switch x := item.(type) {
		case string:
			names = append(names, x)
		case map[string]any:
			if s := field(x, "name", "table"); s != "" {
				names = append(names, s)
			}
		}
	}
	return names, nil
}

// field is the first of keys (in any case) that m holds as a string.
func field(m map[string]any, keys ...string) string {
	for _, want := range keys {
		for k, v := range m {
			if s, ok := v.(string); ok && strings.EqualFold(k, want) {
				return s
			}
		}
	}
	return ""
}

func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	return clipRunes(string(b), 120)
}

// clipRunes cuts s to at most n runes, marking the cut with "…".
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
