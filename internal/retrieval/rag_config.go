package retrieval

import (
	"errors"
	"log/slog"
	"time"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// RAGConfig configures the RAG strategy. The parameters are the original design's (docs/DESIGN.md, Retrieval parameters)
// (Schema RAG V2 and the later server's BM25, RRF and module router).
// WithDefaults sets the zero fields of a new RAGConfig; a field set to 0
// on a RAGConfig WithDefaults returned stays 0, so a zero that means
// something (a threshold, weight, cost or cap of 0) can be asked for.
type RAGConfig struct {
	// Render configures rendering and join hints, as for the full schema.
	// Defaults to Config{}.WithDefaults().
	Render Config
	// TableTopK, ColumnTopK and ValueTopK are how many table, column and
	// value hits each search returns. Defaults to 30, 50 and 20 (original design:
	// tableTopK 15, columnTopK 50; BM25 scores every table anyway, and the
	// table a question names may come 20th among tables whose longer names
	// match more of its words).
	TableTopK  int
	ColumnTopK int
	ValueTopK  int
	// TableThreshold and ColumnThreshold are the least cosine similarity a
	// vector table or column hit needs to count. Defaults to 0.20 and 0.18
	// (the original design's). Lexical hits have no such absolute scale (a table
	// answering one part of a long question scores low against the whole
	// question): TopK bounds them.
	TableThreshold  float64
	ColumnThreshold float64
	// NameBoost raises the fused score of a table whose name the question
	// spells out, by NameBoost times the share of the name's words the
	// question holds: "products" for "top products by revenue", though a
	// dozen tables with "product" in a longer name match more of its words.
	// Defaults to 0.5.
	NameBoost float64
	// ReferenceWeight passes a column hit on a foreign key whose name says
	// more than the table it references (sales_rep_id → employees, not
	// employee_id) on to the referenced table, times this: "sales
	// representative" is about employees. Defaults to 0.7.
	ReferenceWeight float64
	// TableWeight and ColumnWeight fuse a table's own relevance with its
	// columns' (top1 + 0.5·top2). The original design's 0.6 and 0.4 were
	// set for cosine similarities; with lexical relevance the columns say
	// more (docs/DESIGN.md, Table and column evidence). Defaults to 0.3
	// and 0.7.
	TableWeight  float64
	ColumnWeight float64
	// GenericDownweight multiplies the relevance of generic columns (id,
	// status, name, created_at, plain foreign keys). Defaults to 0.7.
	GenericDownweight float64
	// ValueWeight multiplies a value hit's relevance when it counts as
	// evidence for its column. Defaults to 0.8.
	ValueWeight float64
	// RRFK is reciprocal rank fusion's k: an entity found at rank r of a
	// list scores 1/(k + r). Defaults to 60.
	RRFK int
	// VectorWeight is the vector list's weight in reciprocal rank fusion,
	// the lexical list's being 1: an entity found at rank r of the vector
	// list scores VectorWeight/(k + r). A weak embedding model's ranking
	// is noise on a schema of codes, and at equal weight it cost the dev
	// set 8 questions against lexical search alone. Defaults to 0.15: the
	// most at which the weakest model measured costs at most a question
	// (0.25 before the columns weighed 0.7; docs/DESIGN.md, Fusing the
	// vector list; 0: the vector list changes nothing).
	VectorWeight float64
	// MaxTables is the most tables selected before FK expansion;
	// FinalMaxTables the most included after it, for an Expand that adds
	// tables (the default adds none). Defaults to 8 and 15: the original
	// design's 10 lowered to MinTables, so that the room after the best
	// eight goes to the tables they join before weaker ranked ones (dev
	// 222 -> 223 of 258, keyless 192 -> 197), and its 12 raised to
	// ContextMaxTables (dev 68 -> 71 of 78 then, keyless 66 -> 67, the
	// ERP unchanged; docs/DESIGN.md, Context size).
	MaxTables      int
	FinalMaxTables int
	// ContextMaxTables is the most tables any context holds, whatever the
	// join planner keeps beyond FinalMaxTables: past it the weakest go,
	// the planner's terminals and bridges too. Defaults to 15 (issue 10's
	// ceiling: a context that finds every table by taking a large part of
	// the schema finds nothing useful; docs/DESIGN.md, Retrieval).
	ContextMaxTables int
	// MinRelativeScore leaves out of the default selection tables scoring
	// below this share of the best table. Defaults to 0.15.
	MinRelativeScore float64
	// MinTables are selected whatever their score, when the ranking holds
	// that many: a question's second table often scores far below its
	// first (a word it shares with many tables, or none), and a context
	// of three tables when ten fit leaves it out. Defaults to 8: on the
	// dev set 62 -> 66 of 78 questions (64 -> 67 with 10), the ERP
	// unchanged (docs/DESIGN.md, Context size).
	MinTables int
	// CoverageExtra is the most tables added to the selection so that each
	// concept of the question is matched by one (see RAG.cover); 0 or a
	// negative value turns it off (see RAGConfig). Defaults to 3:
	// questions of the dev set and the ERP name up to five things, and the
	// score-ordered selection usually holds the tables of two or three.
	CoverageExtra int
	// MaxKinds, when positive, is the most kinds of one catalogue the
	// selection takes (see RAG.selectTop): a catalogue is a supertype of
	// more than eight subtypes (catalog.Snapshot.Catalogue). Defaults to 0,
	// no limit: the dev sets with catalogues (grid, insure) are unchanged
	// at 2 or 3 and lose a question at 1, so nothing supports turning it on
	// (docs/DESIGN.md, Catalogues of kinds).
	MaxKinds int
	// CoverageMinScore is the least score (share of the best) of a table
	// added for coverage. Defaults to 0.05.
	CoverageMinScore float64
	// LexicalDisabled turns BM25 search off (BM25_SEARCH_ENABLED=false):
	// retrieval is then by embeddings alone. Defaults to false.
	LexicalDisabled bool
	// RouterDisabled turns the module router off
	// (MODULE_ROUTER_ENABLED=false). Defaults to false.
	RouterDisabled bool
	// ModuleBoost multiplies the fused score of tables in a routed module
	// by 1 + ModuleBoost. Defaults to 0.2.
	ModuleBoost float64
	// RouterMaxModules is the most modules routed to. Defaults to 3.
	RouterMaxModules int
	// RouterConfidence is the share of the question's evidence one module
	// must hold (and the question name it) for the router to drop the
	// other modules' tables instead of only boosting its own. Defaults to
	// 0.9.
	RouterConfidence float64
	// ColumnPruning keeps, per included table, its key and foreign-key
	// columns and its ColumnPruningKeep best matching ones
	// (COLUMN_PRUNING_ENABLED). Defaults to false (the original design measured a
	// regression with it on) and 5.
	ColumnPruning     bool
	ColumnPruningKeep int
	// MaxValueHints is the most column values named by the question given
	// to the model. Defaults to 5.
	MaxValueHints int
	// Embedder and EmbedModel embed the question for hybrid retrieval;
	// without them (or when the index has no embeddings of EmbedModel)
	// retrieval is lexical, and Metadata.ModeReason says why. Defaults to
	// nil.
	Embedder   Embedder
	EmbedModel string
	// EmbedTimeout bounds embedding the question (NL2SQL_RAG_EMBED_TIMEOUT);
	// then, and for EmbedCooldown after a failed call, the question is
	// searched lexically: retrieval needs no model, and one that hangs must
	// not hold the retrieve stage until its timeout fails the question (a
	// review saw every question of a burst fail so). The bounds of schema
	// linking's call. Defaults to 5s and 30s.
	EmbedTimeout  time.Duration
	EmbedCooldown time.Duration
	// FKExpansionCap is the most tables FK expansion adds; FKEvidenceTopK
	// and FKEvidenceThreshold make the evidence set a table must be in to
	// be added (the FKEvidenceTopK best ranked scoring at least
	// FKEvidenceThreshold). Defaults to 3, 20 and 0.20 (the original design's).
	FKExpansionCap      int
	FKEvidenceTopK      int
	FKEvidenceThreshold float64
	// FKDecay is how much of an included table's score passes to its
	// foreign-key neighbours when FK expansion orders its candidates.
	// Defaults to 0.5.
	FKDecay float64
	// HubDegree is the number of joined tables (declared or inferred,
	// each counted once: catalog.Snapshot.JoinedTables) above which a
	// table is a hub; a hub contributes at most HubExpansionCap FK
	// expansion candidates, and the join planner goes from a hub only to
	// tables the evidence points at. Counting tables, not foreign keys, a
	// fact's order, due and ship dates do not make the date dimension a hub
	// (dev set 89 -> 90 of 98; docs/DESIGN.md, Context size). Defaults to
	// 8 (catalog.HubDegree) and 1.
	HubDegree       int
	HubExpansionCap int
	// FKExpansionDisabled turns FK expansion off (FK_EXPANSION_ENABLED=false).
	// Defaults to false.
	FKExpansionDisabled bool
	// NeighbourFillDisabled turns off filling a context smaller than
	// MinTables with the tables joined to the included ones
	// (NL2SQL_RAG_NEIGHBOUR_FILL_ENABLED=false). Defaults to false.
	NeighbourFillDisabled bool
	// JoinPlannerDisabled turns the join planner's bridges off
	// (JOIN_PLANNER_ENABLED=false). Defaults to false.
	JoinPlannerDisabled bool
	// SupertypeNamesDisabled turns off adding, for a context table that
	// holds no name of its own, its nearest supertype that does
	// (NL2SQL_RAG_SUPERTYPE_NAMES_ENABLED=false). Defaults to false.
	SupertypeNamesDisabled bool
	// BridgeMinScore is the least score of a selected table the join
	// planner connects to the others (a terminal); a weak terminal is
	// still joined only when its score pays for its route (BridgeCost).
	// Defaults to 0.1: on the dev set and the ERP, 0.3 left tables the
	// question needed unjoined (docs/DESIGN.md, Retrieval parameters).
	BridgeMinScore float64
	// BridgeCost is what a bridge table costs the planner, times one
	// minus its own score; a terminal is joined when its score exceeds
	// the cost of its route. Defaults to 0.25.
	BridgeCost float64
	// RoleEdgeCost is what joining along a foreign key costs when its
	// column is named unlike the key it references and the question does
	// not match it (created_by → employees). Defaults to 0.35.
	RoleEdgeCost float64
	// BridgeMaxHops is the most bridge tables on one route between
	// terminals; BridgeCap the most the planner adds. Defaults to 2 and 3.
	BridgeMaxHops int
	BridgeCap     int
	// Link configures schema linking with a chat model (link.go): off
	// without a Linker. Defaults to LinkConfig{}.WithDefaults().
	Link LinkConfig
	// CopyPenalty ranks a copy of a table (catalog.Snapshot.CopyOf:
	// shadow_instances, orders_hist, CUST_MSTR_BAK_2011, an archive
	// schema's orders) below the table it copies, unless the question asks
	// for history: the original takes the better of the two scores, the
	// copy at most CopyPenalty times the original's. 1 only keeps the copy
	// from outranking it. Defaults to 0.1: a copy matches a question as
	// well as its original, and the model given both picks either.
	CopyPenalty float64
	// Expand selects the included tables from the ranking. Defaults to
	// the MaxTables best scoring at least MinRelativeScore, the join
	// planner's bridges, then FK expansion, within FinalMaxTables. With
	// schema linking it runs twice when the model links: without the
	// picks (its tables lead the candidates), then with them.
	Expand ExpandFunc
	// PlanJoins gives the join hints. Defaults to Edges and Paths.
	PlanJoins PlanFunc
	// Logger receives fallbacks and failures. Defaults to discarding.
	Logger *slog.Logger
	// Clock returns the current time. Defaults to time.Now.
	Clock func() time.Time

	// defaulted is set by WithDefaults: zero numbers are then explicit.
	defaulted bool
}

// withNumberDefaults sets the zero numbers of a RAGConfig WithDefaults
// has not seen; after it, a zero is the caller's.
func (c RAGConfig) withNumberDefaults() RAGConfig {
	c.defaulted = true
	setDefault(&c.TableTopK, 30)
	setDefault(&c.ColumnTopK, 50)
	setDefault(&c.ValueTopK, 20)
	setDefault(&c.TableThreshold, 0.20)
	setDefault(&c.ColumnThreshold, 0.18)
	setDefault(&c.NameBoost, 0.5)
	setDefault(&c.ReferenceWeight, 0.7)
	setDefault(&c.TableWeight, 0.3)
	setDefault(&c.ColumnWeight, 0.7)
	setDefault(&c.GenericDownweight, 0.7)
	setDefault(&c.ValueWeight, 0.8)
	setDefault(&c.RRFK, 60)
	setDefault(&c.VectorWeight, 0.15)
	setDefault(&c.MaxTables, 8)
	setDefault(&c.FinalMaxTables, 15)
	setDefault(&c.ContextMaxTables, 15)
	setDefault(&c.MinRelativeScore, 0.15)
	setDefault(&c.MinTables, 8)
	setDefault(&c.CoverageExtra, 3)
	setDefault(&c.CoverageMinScore, 0.05)
	setDefault(&c.ModuleBoost, 0.2)
	setDefault(&c.RouterMaxModules, 3)
	setDefault(&c.RouterConfidence, 0.9)
	setDefault(&c.ColumnPruningKeep, 5)
	setDefault(&c.MaxValueHints, 5)
	setDefault(&c.FKExpansionCap, 3)
	setDefault(&c.FKEvidenceTopK, 20)
	setDefault(&c.FKEvidenceThreshold, 0.20)
	setDefault(&c.FKDecay, 0.5)
	setDefault(&c.HubDegree, catalog.HubDegree)
	setDefault(&c.HubExpansionCap, 1)
	setDefault(&c.BridgeMinScore, 0.1)
	setDefault(&c.BridgeCost, 0.25)
	setDefault(&c.RoleEdgeCost, 0.35)
	setDefault(&c.BridgeMaxHops, 2)
	setDefault(&c.BridgeCap, 3)
	setDefault(&c.CopyPenalty, 0.1)
	return c
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c RAGConfig) WithDefaults() RAGConfig {
	c.Render = c.Render.WithDefaults()
	c.Link = c.Link.WithDefaults()
	if !c.defaulted {
		c = c.withNumberDefaults()
	}
	c.MinTables = min(c.MinTables, c.MaxTables) // a smaller MaxTables bounds it
	if c.EmbedTimeout == 0 {
		c.EmbedTimeout = 5 * time.Second
	}
	if c.EmbedCooldown == 0 {
		c.EmbedCooldown = 30 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	return c
}

func setDefault[T int | float64](p *T, v T) {
	if *p == 0 {
		*p = v
	}
}

func (c RAGConfig) validate() error {
	if err := c.Render.validate(); err != nil {
		return err
	}
	switch {
	case c.EmbedTimeout < time.Millisecond || c.EmbedCooldown < 0:
		return errors.New("retrieval: EmbedTimeout must be at least 1ms and EmbedCooldown not negative")
	case c.TableTopK < 1 || c.ColumnTopK < 1 || c.ValueTopK < 1:
		return errors.New("retrieval: TableTopK, ColumnTopK and ValueTopK must be positive")
	case c.TableThreshold < 0 || c.TableThreshold > 1 || c.ColumnThreshold < 0 || c.ColumnThreshold > 1:
		return errors.New("retrieval: TableThreshold and ColumnThreshold must be between 0 and 1")
	case c.TableWeight < 0 || c.ColumnWeight < 0 || c.TableWeight+c.ColumnWeight == 0:
		return errors.New("retrieval: TableWeight and ColumnWeight must not be negative, nor both zero")
	case c.NameBoost < 0:
		return errors.New("retrieval: NameBoost must not be negative")
	case c.ReferenceWeight < 0 || c.ReferenceWeight > 1:
		return errors.New("retrieval: ReferenceWeight must be between 0 and 1")
	case c.GenericDownweight < 0 || c.GenericDownweight > 1:
		return errors.New("retrieval: GenericDownweight must be between 0 and 1")
	case c.ValueWeight < 0:
		return errors.New("retrieval: ValueWeight must not be negative")
	case c.RRFK < 1:
		return errors.New("retrieval: RRFK must be positive")
	case c.VectorWeight < 0 || c.VectorWeight > 1:
		return errors.New("retrieval: VectorWeight must be between 0 and 1")
	case c.MaxTables < 1 || c.FinalMaxTables < c.MaxTables:
		return errors.New("retrieval: MaxTables must be positive and FinalMaxTables at least MaxTables")
	case c.ContextMaxTables < c.FinalMaxTables:
		return errors.New("retrieval: ContextMaxTables must be at least FinalMaxTables")
	case c.MinTables < 0:
		return errors.New("retrieval: MinTables must not be negative")
	case c.MinRelativeScore < 0 || c.MinRelativeScore > 1:
		return errors.New("retrieval: MinRelativeScore must be between 0 and 1")
	case c.ModuleBoost < 0:
		return errors.New("retrieval: ModuleBoost must not be negative")
	case c.RouterMaxModules < 1:
		return errors.New("retrieval: RouterMaxModules must be positive")
	case c.RouterConfidence <= 0 || c.RouterConfidence > 1:
		return errors.New("retrieval: RouterConfidence must be in (0, 1]")
	case c.ColumnPruningKeep < 1:
		return errors.New("retrieval: ColumnPruningKeep must be positive")
	case c.MaxValueHints < 0:
		return errors.New("retrieval: MaxValueHints must not be negative")
	case c.FKExpansionCap < 0 || c.FKEvidenceTopK < 1 || c.HubDegree < 1 || c.HubExpansionCap < 0:
		return errors.New("retrieval: FKExpansionCap and HubExpansionCap must not be negative, FKEvidenceTopK and HubDegree must be positive")
	case c.FKEvidenceThreshold < 0 || c.FKEvidenceThreshold > 1 || c.FKDecay < 0 || c.FKDecay > 1:
		return errors.New("retrieval: FKEvidenceThreshold and FKDecay must be between 0 and 1")
	case c.BridgeMinScore < 0 || c.BridgeMinScore > 1 || c.BridgeCost < 0 || c.RoleEdgeCost < 0:
		return errors.New("retrieval: BridgeMinScore must be between 0 and 1, BridgeCost and RoleEdgeCost not negative")
	case c.BridgeMaxHops < 1 || c.BridgeCap < 0:
		return errors.New("retrieval: BridgeMaxHops must be positive and BridgeCap not negative")
	case c.CopyPenalty < 0 || c.CopyPenalty > 1:
		return errors.New("retrieval: CopyPenalty must be between 0 and 1")
	}
	return c.Link.validate()
}

// ErrNoResults is returned by RAG when nothing in the index matches the
// question; Auto falls back.
var ErrNoResults = errors.New("retrieval: no table of the schema index matches the question")
