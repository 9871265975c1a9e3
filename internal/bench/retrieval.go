package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/naming"
)

// MaxContextTables is the most tables a retrieved context may hold for a
// question to count in FullRecall: issue 10 ("Schema linking that
// generalizes") counts a question only when all its expected tables are in
// a context of at most 15 tables, since a context that finds everything by
// taking half the schema finds nothing useful.
const MaxContextTables = 15

// The groups of `nl2sql bench retrieval`: what a run's figures may be used
// for (README: Retrieval evaluation).
const (
	// GroupERP is the demo ERP with its annotations (modules, glosses,
	// synonyms), at 75 and 2,000 tables.
	GroupERP = "erp"
	// GroupERPPlain is the same ERP registered without its annotations:
	// what retrieval makes of it from names, comments and keys alone.
	GroupERPPlain = "erp_plain"
	// GroupDev is the dev set (testdata/retrieval): retrieval may be tuned
	// on it, question by question.
	GroupDev = "dev"
	// GroupDevKeyless is the dev set registered without its primary and
	// foreign keys: join inference's dev set.
	GroupDevKeyless = "dev_keyless"
	// GroupHeldout is the held-out sets made from public benchmarks: only
	// their aggregate figures are ever printed, and no miss is listed.
	GroupHeldout = "heldout"
)

// Retrieved is what a retriever returned for one question.
type Retrieved struct {
	// Tables are the tables put into the prompt, qualified or not; none
	// when the retriever found nothing.
	Tables []string
	// Mode is how the tables were found: "lexical", "hybrid" or, when
	// retrieval fell back or was not used, the strategy ("full"), the
	// bounded fallback's "keyword", or "none" when nothing was found.
	Mode string
	// Strategy is the retrieval strategy that made the context: "rag", or
	// "full" when the context is the whole schema.
	Strategy string
	// FallbackReason says why RAG's own result was not used, when it was
	// not (retrieval.Metadata.FallbackReason).
	FallbackReason string
	// Embedding is the time spent embedding the question, excluded from
	// the latency (a model's speed is not the retriever's).
	Embedding time.Duration
	// Ranking is the head of the ranking the tables were chosen from, best
	// first (retrieval.Metrics.Ranking), for the run's MissAnatomy.
	Ranking []string
	// UnknownWords are the question's words the schema index holds
	// nothing for (retrieval.Metrics.UnknownWords).
	UnknownWords []string
	// Linking is the schema linking step's outcome (retrieval.Linking's:
	// linked, no_pick, failed…); empty when no linking step ran.
	Linking string
	// Sources says what brought each table in (retrieval.TableScore.Source),
	// by name as in Tables; nil when the retriever does not say.
	Sources map[string]string
}

// Retriever retrieves the tables of one question.
type Retriever func(ctx context.Context, question string) (*Retrieved, error)

// RetrievalSpec says what one run measures.
type RetrievalSpec struct {
	// Group is one of the Group constants.
	Group string
	// Set names the question set and schema: "erp" or a set's name.
	Set string
	// Tables is the database's table count.
	Tables int
	// Mode is the retrieval mode asked for: "lexical" or "hybrid".
	Mode string
	// RAGThreshold is RETRIEVAL_TABLE_THRESHOLD: a question that gets the
	// whole schema of a database with at least this many tables (one the
	// service would never give whole) counts in FullSchema. Zero counts
	// none.
	RAGThreshold int
	// Joins is the database's join graph, declared and inferred edges, by
	// bare table name as expected tables are written, for the run's
	// MissAnatomy; nil counts nothing of it.
	Joins *JoinGraph
}

// JoinGraph is a database's join graph by bare table name.
type JoinGraph struct {
	adj map[string][]string
}

// NewJoinGraph returns the graph of edges, pairs of bare table names.
func NewJoinGraph(edges [][2]string) *JoinGraph {
	g := &JoinGraph{adj: map[string][]string{}}
	for _, e := range edges {
		if e[0] == e[1] || slices.Contains(g.adj[e[0]], e[1]) {
			continue
		}
		g.adj[e[0]] = append(g.adj[e[0]], e[1])
		g.adj[e[1]] = append(g.adj[e[1]], e[0])
	}
	return g
}

// distances are the hop counts from t to the tables at most maxHops away.
func (g *JoinGraph) distances(t string, maxHops int) map[string]int {
	d := map[string]int{t: 0}
	frontier := []string{t}
	for hop := 1; hop <= maxHops && len(frontier) > 0; hop++ {
		var next []string
		for _, u := range frontier {
			for _, v := range g.adj[u] {
				if _, seen := d[v]; !seen {
					d[v] = hop
					next = append(next, v)
				}
			}
		}
		frontier = next
	}
	return d
}

// pathHops is how far apart two tables may be for a table between them
// to count in MissAnatomy.OnJoinPath.
const pathHops = 4

// RetrievalRun is `nl2sql bench retrieval`'s report of one (database,
// mode) run; the JSON field names are the issue's.
type RetrievalRun struct {
	// Group is the run's group: erp, erp_plain, dev or heldout.
	Group string `json:"group"`
	// Set names the question set and schema: "erp" or a set's name.
	Set       string `json:"set"`
	Tables    int    `json:"tables"`
	Mode      string `json:"mode"`
	Questions int    `json:"questions"`
	// FullRecall counts the questions whose expected tables are all in a
	// context of at most MaxContextTables tables.
	FullRecall int `json:"full_recall"`
	// FullRecallAny counts the questions whose expected tables are all in
	// the context, whatever its size: FullRecall's figure before issue 10.
	FullRecallAny int `json:"full_recall_any"`
	// FullRecallRate is FullRecall's share of the questions.
	FullRecallRate float64 `json:"full_recall_rate"`
	MeanRecall     float64 `json:"mean_recall"`
	MeanPrecision  float64 `json:"mean_precision"`
	MeanF1         float64 `json:"mean_f1"`
	MeanTables     float64 `json:"mean_tables"`
	P50MS          float64 `json:"p50_ms"`
	P95MS          float64 `json:"p95_ms"`
	// Empty counts the questions that got no table at all.
	Empty int `json:"empty"`
	// FullSchema counts the questions that got the whole schema of a
	// database RETRIEVAL_TABLE_THRESHOLD sends to RAG (RetrievalSpec).
	FullSchema int `json:"full_schema"`
	// Fallbacks counts the questions whose RAG result was replaced by a
	// fallback: the full schema, or the tables best matching by name.
	Fallbacks int `json:"fallbacks"`
	// Modes counts the modes the retriever reported, when it did not keep
	// to the one asked for (a fallback to the full schema, say).
	Modes map[string]int `json:"modes,omitempty"`
	// Misses lists the questions that do not count in FullRecall; never
	// for a held-out run, whose questions are not looked at one by one.
	Misses []RetrievalMiss `json:"misses,omitempty"`
	// Anatomy says, in aggregate, why the questions that do not count
	// missed: what a held-out set may tell without being read.
	Anatomy *MissAnatomy `json:"miss_anatomy,omitempty"`
	// UnknownWords is the mean number of question words the schema index
	// holds nothing for, and WithUnknownWords the questions with at least
	// one: how much of a set's vocabulary lexical search cannot place.
	UnknownWords     float64 `json:"unknown_words"`
	WithUnknownWords int     `json:"with_unknown_words"`
	// UnknownWordClasses counts those words by how the question writes them
	// and how common they are (wordClass): a held-out set's vocabulary
	// told apart without being read.
	UnknownWordClasses map[string]int `json:"unknown_word_classes,omitempty"`
	// Listed counts, in an oracle_link run, the questions whose linking
	// call listed every expected table: those a model could link whole
	// (FullRecall adds what follows the picks). Nil when no OracleLinker
	// was called.
	Listed *int `json:"listed,omitempty"`
	// ByExpected counts the questions and those in FullRecall by how many
	// tables they expect ("1" … "5", "6+"): whether misses come with
	// longer joins.
	ByExpected map[string]*ExpectedCount `json:"by_expected"`
	// BySource counts the tables returned by what brought them in
	// (Retrieved.Sources: "table", "neighbour", "ranked"...) and how many of
	// those the question expected: which step fills contexts with what.
	BySource map[string]*SourceCount `json:"by_source,omitempty"`
}

// SourceCount is a RetrievalRun.BySource entry.
type SourceCount struct {
	Returned int `json:"returned"`
	Expected int `json:"expected"`
}

// ExpectedCount is a RetrievalRun.ByExpected entry.
type ExpectedCount struct {
	Questions  int `json:"questions"`
	FullRecall int `json:"full_recall"`
}

// expectedBucket is n expected tables as a RetrievalRun.ByExpected key.
func expectedBucket(n int) string {
	if n >= 6 {
		return "6+"
	}
	return strconv.Itoa(n)
}

// MissAnatomy sums the causes of a run's misses, never naming a question
// or a table: it is printed for held-out sets too.
type MissAnatomy struct {
	// Questions is the questions that do not count in FullRecall;
	// OverCap those whose tables were all found in a context of more
	// than MaxContextTables.
	Questions int `json:"questions"`
	OverCap   int `json:"over_cap"`
	// ByMissing counts the missed questions by how many expected tables
	// they missed: "1", "2", "3+".
	ByMissing map[string]int `json:"by_missing"`
	// Tables is the expected tables missed, over all questions; of them,
	// NotRanked had no evidence in the ranking's head (Retrieved.Ranking),
	// RankedAt counts the others by rank ("1-10", "11-20", "21-30"), and
	// JoinsIncluded those that share a join with a table the context
	// holds, and OnJoinPath those on a shortest join path (of at most
	// pathHops) between two tables the context holds: tables a join
	// planner could have brought (RetrievalSpec.Joins).
	Tables        int            `json:"tables"`
	NotRanked     int            `json:"not_ranked"`
	RankedAt      map[string]int `json:"ranked_at"`
	JoinsIncluded int            `json:"joins_included"`
	OnJoinPath    int            `json:"on_join_path"`
	// Distance counts the missed tables by how many joins away the
	// nearest table of the context is ("1", "2", "3", "4": at most
	// pathHops; "far" beyond or not joined), and Degree by how many
	// tables they join themselves ("0", "1", "2-3", "4-8", "9+": the last
	// are hubs, catalog.HubDegree). Together they say whether what is
	// missing is a leaf next to the context, a hub, or far from it
	// (RetrievalSpec.Joins).
	Distance map[string]int `json:"distance,omitempty"`
	Degree   map[string]int `json:"degree,omitempty"`
}

// degreeBucket is a table's join degree as MissAnatomy.Degree counts it.
func degreeBucket(n int) string {
	switch {
	case n <= 1:
		return strconv.Itoa(n)
	case n <= 3:
		return "2-3"
	case n <= 8:
		return "4-8"
	}
	return "9+"
}

// rankOf is table's 1-based place in ranking (SQL names), 0 when absent.
func rankOf(ranking []string, table string) int {
	for i, t := range ranking {
		if bareName(t) == table {
			return i + 1
		}
	}
	return 0
}

// add counts one missed question.
func (a *MissAnatomy) add(s Score, got *Retrieved, g *JoinGraph) {
	a.Questions++
	if len(s.Missing) == 0 {
		a.OverCap++
		return
	}
	switch n := len(s.Missing); {
	case n >= 3:
		a.ByMissing["3+"]++
	default:
		a.ByMissing[strconv.Itoa(n)]++
	}
	for _, m := range s.Missing {
		a.Tables++
		switch r := rankOf(got.Ranking, m); {
		case r == 0:
			a.NotRanked++
		case r <= 10:
			a.RankedAt["1-10"]++
		case r <= 20:
			a.RankedAt["11-20"]++
		default:
			a.RankedAt["21-30"]++
		}
		if g == nil {
			continue
		}
		from := g.distances(m, pathHops)
		var near []string
		nearest := 0
		for _, t := range got.Tables {
			t = bareName(t)
			if d, ok := from[t]; ok && d > 0 {
				near = append(near, t)
				if nearest == 0 || d < nearest {
					nearest = d
				}
			}
		}
		if a.Distance == nil {
			a.Distance, a.Degree = map[string]int{}, map[string]int{}
		}
		if nearest == 0 {
			a.Distance["far"]++
		} else {
			a.Distance[strconv.Itoa(nearest)]++
		}
		a.Degree[degreeBucket(len(g.adj[m]))]++
		if slices.ContainsFunc(near, func(t string) bool { return from[t] == 1 }) {
			a.JoinsIncluded++
		}
	path:
		for i, x := range near {
			dx := g.distances(x, pathHops)
			for _, y := range near[i+1:] {
				if dxy, ok := dx[y]; ok && from[x]+from[y] == dxy {
					a.OnJoinPath++
					break path
				}
			}
		}
	}
}

// RetrievalMiss is a question that does not count in FullRecall: an
// expected table left out, or a context larger than MaxContextTables.
type RetrievalMiss struct {
	ID      string   `json:"id"`
	Missing []string `json:"missing"`
	Got     int      `json:"got"`
	// Ranks are the missing tables' places in the ranking's head
	// (Retrieved.Ranking), 0 when not in it; omitted when no ranking was
	// given.
	Ranks []int `json:"ranks,omitempty"`
}

// Score is one question's recall and precision.
type Score struct {
	Recall, Precision, F1 float64
	Missing               []string
	Got                   int
}

// ScoreTables compares retrieved tables, written as SQL names (qualified
// or not, quoted when needed), with the expected tables' exact names.
// An unquoted retrieved name folds to lower case, as Postgres folds it; a
// table retrieved twice counts once.
func ScoreTables(expected, retrieved []string) Score {
	got := map[string]bool{}
	for _, t := range retrieved {
		got[bareName(t)] = true
	}
	want := map[string]bool{}
	for _, t := range expected {
		want[t] = true
	}
	s := Score{Got: len(got)}
	hit := 0
	for t := range want {
		if got[t] {
			hit++
		} else {
			s.Missing = append(s.Missing, t)
		}
	}
	slices.Sort(s.Missing)
	if len(want) > 0 {
		s.Recall = float64(hit) / float64(len(want))
	}
	if len(got) > 0 {
		s.Precision = float64(hit) / float64(len(got))
	}
	if s.Recall+s.Precision > 0 {
		s.F1 = 2 * s.Recall * s.Precision / (s.Recall + s.Precision)
	}
	return s
}

// bareName strips the schema and folds an unquoted name to lower case.
func bareName(name string) string {
	if i := lastDotOutsideQuotes(name); i >= 0 {
		name = name[i+1:]
	}
	if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		return strings.ReplaceAll(name[1:len(name)-1], `""`, `"`)
	}
	return strings.ToLower(name)
}

func lastDotOutsideQuotes(s string) int {
	in, last := false, -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			in = !in
		case '.':
			if !in {
				last = i
			}
		}
	}
	return last
}

// RunRetrieval asks every question of qs through retrieve once and scores
// the tables it returns.
func RunRetrieval(ctx context.Context, spec RetrievalSpec, qs []RetrievalQuestion, retrieve Retriever) (*RetrievalRun, error) {
	if len(qs) == 0 {
		return nil, errors.New("bench: no questions")
	}
	run := &RetrievalRun{Group: spec.Group, Set: spec.Set, Tables: spec.Tables, Mode: spec.Mode, Questions: len(qs), ByExpected: map[string]*ExpectedCount{}}
	lat := make([]float64, 0, len(qs))
	var sumR, sumP, sumF, sumT float64
	unknown := 0
	for _, q := range qs {
		start := time.Now()
		asked := &question{expected: q.ExpectedTables}
		got, err := retrieve(withQuestion(ctx, asked), q.Question)
		if err != nil {
			if spec.Group == GroupHeldout {
				// A held-out question is not named, even by its id.
				return nil, fmt.Errorf("bench: retrieving a question of held-out set %s: %w", spec.Set, err)
			}
			return nil, fmt.Errorf("bench: retrieving %s: %w", q.ID, err)
		}
		d := time.Since(start) - got.Embedding
		lat = append(lat, float64(d.Microseconds())/1000)
		if got.Mode != spec.Mode {
			if run.Modes == nil {
				run.Modes = map[string]int{}
			}
			run.Modes[got.Mode]++
		}
		if asked.linked {
			if run.Listed == nil {
				run.Listed = new(int)
			}
			if asked.listed {
				*run.Listed++
			}
		}
		unknown += len(got.UnknownWords)
		if len(got.UnknownWords) > 0 {
			run.WithUnknownWords++
		}
		for _, w := range got.UnknownWords {
			if run.UnknownWordClasses == nil {
				run.UnknownWordClasses = map[string]int{}
			}
			run.UnknownWordClasses[wordClass(q.Question, w)]++
		}
		s := ScoreTables(q.ExpectedTables, got.Tables)
		for _, t := range got.Tables {
			src, ok := got.Sources[t]
			if !ok {
				continue
			}
			if run.BySource == nil {
				run.BySource = map[string]*SourceCount{}
			}
			c := run.BySource[src]
			if c == nil {
				c = &SourceCount{}
				run.BySource[src] = c
			}
			c.Returned++
			if slices.Contains(q.ExpectedTables, bareName(t)) {
				c.Expected++
			}
		}
		sumR, sumP, sumF, sumT = sumR+s.Recall, sumP+s.Precision, sumF+s.F1, sumT+float64(s.Got)
		switch {
		case s.Got == 0:
			run.Empty++
		case got.Strategy == "full" || (spec.Tables > 0 && s.Got >= spec.Tables):
			if spec.RAGThreshold > 0 && spec.Tables >= spec.RAGThreshold {
				run.FullSchema++
			}
		}
		if got.FallbackReason != "" {
			run.Fallbacks++
		}
		if len(s.Missing) == 0 {
			run.FullRecallAny++
		}
		bucket := expectedBucket(len(q.ExpectedTables))
		byN := run.ByExpected[bucket]
		if byN == nil {
			byN = &ExpectedCount{}
			run.ByExpected[bucket] = byN
		}
		byN.Questions++
		if len(s.Missing) == 0 && s.Got <= MaxContextTables {
			run.FullRecall++
			byN.FullRecall++
			continue
		}
		if run.Anatomy == nil {
			run.Anatomy = &MissAnatomy{ByMissing: map[string]int{}, RankedAt: map[string]int{}}
		}
		run.Anatomy.add(s, got, spec.Joins)
		if spec.Group != GroupHeldout {
			miss := RetrievalMiss{ID: q.ID, Missing: s.Missing, Got: s.Got}
			if len(got.Ranking) > 0 {
				for _, m := range s.Missing {
					miss.Ranks = append(miss.Ranks, rankOf(got.Ranking, m))
				}
			}
			run.Misses = append(run.Misses, miss)
		}
	}
	n := float64(len(qs))
	run.FullRecallRate = round4(float64(run.FullRecall) / n)
	run.MeanRecall, run.MeanPrecision, run.MeanF1, run.MeanTables = round4(sumR/n), round4(sumP/n), round4(sumF/n), round4(sumT/n)
	run.UnknownWords = round4(float64(unknown) / n)
	slices.Sort(lat)
	run.P50MS, run.P95MS = round4(report.Quantile(lat, 0.50)), round4(report.Quantile(lat, 0.95))
	return run, nil
}

// RetrievalSummary sums the runs of one group in one mode: the line a
// reader looks at first.
type RetrievalSummary struct {
	Group          string  `json:"group"`
	Mode           string  `json:"mode"`
	Runs           int     `json:"runs"`
	Questions      int     `json:"questions"`
	FullRecall     int     `json:"full_recall"`
	FullRecallAny  int     `json:"full_recall_any"`
	FullRecallRate float64 `json:"full_recall_rate"`
	Empty          int     `json:"empty"`
	FullSchema     int     `json:"full_schema"`
	Fallbacks      int     `json:"fallbacks"`
	// WorstSet is the run with the lowest FullRecallRate, "set@tables".
	WorstSet  string  `json:"worst_set"`
	WorstRate float64 `json:"worst_rate"`
}

// SummarizeRetrieval sums runs per group and mode, in the order the
// groups first appear.
func SummarizeRetrieval(runs []*RetrievalRun) []RetrievalSummary {
	var out []RetrievalSummary
	at := map[[2]string]int{}
	for _, r := range runs {
		k := [2]string{r.Group, r.Mode}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, RetrievalSummary{Group: r.Group, Mode: r.Mode, WorstRate: 2})
		}
		s := &out[i]
		s.Runs++
		s.Questions += r.Questions
		s.FullRecall += r.FullRecall
		s.FullRecallAny += r.FullRecallAny
		s.Empty += r.Empty
		s.FullSchema += r.FullSchema
		s.Fallbacks += r.Fallbacks
		if r.FullRecallRate < s.WorstRate {
			s.WorstSet, s.WorstRate = fmt.Sprintf("%s@%d", r.Set, r.Tables), r.FullRecallRate
		}
	}
	for i := range out {
		if out[i].Questions > 0 {
			out[i].FullRecallRate = round4(float64(out[i].FullRecall) / float64(out[i].Questions))
		}
	}
	return out
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// Bands of the English lexicon's ranks wordClass reports by: the words a
// question is written in, and the 30,000 most frequent, from which
// abbreviations' readings and WordNet's synonyms are drawn (naming).
const (
	wordBandFrequent = 3000
	wordBandCommon   = 30000
)

// wordClass is the class of a question word the schema index holds nothing
// for: "capital" when the question writes it capitalized anywhere but at a
// sentence's start (a name, a code: a value the index may not hold), else
// "lower"; then its rank in the English lexicon, "top3k", "top30k",
// "lexicon" (rarer) or "none" (not an English word: a misspelling, a term
// of art, an identifier). Words are read as naming.TextWords reads them
// ("Zebra's" is zebras).
func wordClass(question, w string) string {
	written := "lower"
	sentences := strings.FieldsFunc(question, func(r rune) bool { return r == '.' || r == '?' || r == '!' })
	for _, s := range sentences {
		for i, t := range naming.TextTokens(s) {
			if i > 0 && strings.EqualFold(t, w) && unicode.IsUpper([]rune(t)[0]) {
				written = "capital"
			}
		}
	}
	band := "none"
	switch r := naming.English().Rank(w); {
	case r == 0:
	case r <= wordBandFrequent:
		band = "top3k"
	case r <= wordBandCommon:
		band = "top30k"
	default:
		band = "lexicon"
	}
	return written + "/" + band
}
