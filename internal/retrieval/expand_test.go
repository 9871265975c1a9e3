package retrieval_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// graphSnapshot builds a snapshot from foreign keys written
// "table.column>ref". Every table's key is its name, singular, with _id
// (employees.employee_id); foreign keys reference it.
func graphSnapshot(t *testing.T, tables []string, fks ...string) *catalog.Snapshot {
	t.Helper()
	s := &catalog.Snapshot{Database: "g", Schemas: []string{"public"}}
	byName := map[string]*catalog.Table{}
	for _, name := range tables {
		byName[name] = &catalog.Table{
			Schema: "public", Name: name, EstimatedRows: -1,
			Columns: []catalog.Column{{Name: key(name), Type: "bigint", PrimaryKey: true}}, PrimaryKey: []string{key(name)},
		}
		s.Tables = append(s.Tables, byName[name])
	}
	for _, fk := range fks {
		table, rest, _ := strings.Cut(fk, ".")
		column, ref, _ := strings.Cut(rest, ">")
		// Not s.Table: the snapshot indexes itself once, on first use.
		tbl := byName[table]
		require.NotNil(t, tbl, table)
		if tbl.Column(column) == nil {
			tbl.Columns = append(tbl.Columns, catalog.Column{Name: column, Type: "bigint"})
		}
		s.ForeignKeys = append(s.ForeignKeys, catalog.ForeignKey{
			Name: table + "_" + column + "_fk", Schema: "public", Table: table,
			Columns: []string{column}, RefSchema: "public", RefTable: ref, RefColumns: []string{key(ref)},
		})
	}
	slices.SortFunc(s.Tables, func(a, b *catalog.Table) int { return cmp.Compare(a.Name, b.Name) })
	slices.SortFunc(s.ForeignKeys, func(a, b catalog.ForeignKey) int {
		return cmp.Or(cmp.Compare(a.Table, b.Table), cmp.Compare(a.Name, b.Name))
	})
	return s
}

func key(table string) string { return strings.TrimSuffix(table, "s") + "_id" }

// addForeignKeys adds to s the foreign keys written {table, column,
// referenced table, referenced column}.
func addForeignKeys(s *catalog.Snapshot, fks ...[4]string) {
	for _, f := range fks {
		s.ForeignKeys = append(s.ForeignKeys, catalog.ForeignKey{
			Name: f[0] + "_" + f[1] + "_fk", Schema: "public", Table: f[0], Columns: []string{f[1]},
			RefSchema: "public", RefTable: f[2], RefColumns: []string{f[3]},
		})
	}
}

// retrieveOn retrieves from s with tables hit at the relevance rel.
func retrieveOn(t *testing.T, s *catalog.Snapshot, cfg retrieval.RAGConfig, rel map[string]float64) *retrieval.Result {
	t.Helper()
	res, err := rag(t, &fakeIndex{lexical: tableHits(rel)}, cfg).Retrieve(context.Background(), retrieval.Request{Question: "q", Snapshot: s})
	require.NoError(t, err)
	return res
}

// tableHits are lexical table hits with the given relevance, best first.
func tableHits(rel map[string]float64) *schemaindex.Hits {
	names := make([]string, 0, len(rel))
	for n := range rel {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(rel[b], rel[a]), cmp.Compare(a, b)) })
	h := &schemaindex.Hits{}
	for i, n := range names {
		h.Tables = append(h.Tables, hit(schemaindex.KindTable, i+1, rel[n], n))
	}
	return h
}

func TestExpand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// employees is a hub: every audited table's created_by references it.
	tables := []string{"departments", "employees", "performance_reviews", "widgets", "gadgets", "locations", "regions", "notes", "tags"}
	fks := []string{
		"employees.department_id>departments", "performance_reviews.employee_id>employees",
		"widgets.created_by>employees", "gadgets.created_by>employees", "departments.location_id>locations",
		"locations.region_id>regions", "notes.widget_id>widgets", "tags.widget_id>widgets",
	}
	for i := range catalog.HubDegree {
		name := fmt.Sprintf("audit%d", i)
		tables = append(tables, name)
		fks = append(fks, name+".created_by>employees")
	}
	snap := graphSnapshot(t, tables, fks...)
	require.True(t, snap.IsHub(snap.Table("public", "employees")))

	retrieve := func(t *testing.T, cfg retrieval.RAGConfig, rel map[string]float64) *retrieval.Result {
		t.Helper()
		cfg.Render.JoinHints = retrieval.JoinHintsBoth
		// These pin the planner and the FK expansion; NeighbourFill has
		// its own case.
		cfg.NeighbourFillDisabled = true
		res, err := rag(t, &fakeIndex{lexical: tableHits(rel)}, cfg).Retrieve(ctx, retrieval.Request{Question: "q", Snapshot: snap})
		require.NoError(t, err)
		return res
	}

	t.Run("BridgesTablesNoForeignKeyLinks", func(t *testing.T) {
		t.Parallel()
		// Reviews per department: employees sits between them, and
		// nothing in the question names it.
		res := retrieve(t, retrieval.RAGConfig{}, map[string]float64{"performance_reviews": 0.8, "departments": 0.4})
		require.Equal(t, []string{"performance_reviews", "departments", "employees"}, res.Metadata.TablesIncluded)
		require.Equal(t, []string{"table", "table", "bridge"}, sources(res.Scores))
		require.Equal(t, 1, res.Metadata.Metrics.Expansion["bridges"])
		var paths []string
		for _, h := range res.JoinHints {
			if h.IsPath() {
				paths = append(paths, fmt.Sprint(h.Tables))
			}
		}
		require.Equal(t, []string{"[performance_reviews employees departments]"}, paths)
		require.Contains(t, res.Context.JoinHints, "performance_reviews.employee_id = employees.employee_id")

		off := retrieve(t, retrieval.RAGConfig{JoinPlannerDisabled: true}, map[string]float64{"performance_reviews": 0.8, "departments": 0.4})
		require.Equal(t, []string{"performance_reviews", "departments"}, off.Metadata.TablesIncluded, "JOIN_PLANNER_ENABLED=false")
	})

	t.Run("WeakTablesAreNotBridged", func(t *testing.T) {
		t.Parallel()
		// departments scores a fifth of the best: below BridgeMinScore,
		// so no bridge is worth it.
		res := retrieve(t, retrieval.RAGConfig{}, map[string]float64{"performance_reviews": 1, "departments": 0.2})
		require.Equal(t, []string{"performance_reviews", "departments"}, res.Metadata.TablesIncluded)
	})

	t.Run("RoleKeysThroughAHubDoNotBridge", func(t *testing.T) {
		t.Parallel()
		// widgets and gadgets are both created by employees; that says
		// nothing about how a question about both joins them.
		res := retrieve(t, retrieval.RAGConfig{}, map[string]float64{"widgets": 0.8, "gadgets": 0.7})
		require.Equal(t, []string{"widgets", "gadgets"}, res.Metadata.TablesIncluded)

		// Unless the question matched the role column.
		idx := &fakeIndex{lexical: tableHits(map[string]float64{"widgets": 0.8, "gadgets": 0.7})}
		idx.lexical.Columns = []schemaindex.Hit{hit(schemaindex.KindColumn, 1, 0.3, "widgets", "created_by"), hit(schemaindex.KindColumn, 2, 0.3, "gadgets", "created_by")}
		r, err := rag(t, idx, retrieval.RAGConfig{}).Retrieve(ctx, retrieval.Request{Question: "q", Snapshot: snap})
		require.NoError(t, err)
		require.Contains(t, r.Metadata.TablesIncluded, "employees")
	})

	t.Run("BridgeMaxHops", func(t *testing.T) {
		t.Parallel()
		// performance_reviews → employees → departments → locations →
		// regions: three tables between, one more than allowed.
		res := retrieve(t, retrieval.RAGConfig{}, map[string]float64{"performance_reviews": 0.8, "regions": 0.8})
		require.Equal(t, []string{"performance_reviews", "regions"}, res.Metadata.TablesIncluded)

		res = retrieve(t, retrieval.RAGConfig{BridgeMaxHops: 3}, map[string]float64{"performance_reviews": 0.8, "regions": 0.8})
		require.ElementsMatch(t, []string{"performance_reviews", "regions", "employees", "departments", "locations"}, res.Metadata.TablesIncluded)
	})

	t.Run("FKExpansionIsRelevanceGated", func(t *testing.T) {
		t.Parallel()
		// widgets and gadgets are selected (MaxTables 2); notes is a
		// neighbour of widgets in the evidence set, tags one outside it.
		res := retrieve(t, retrieval.RAGConfig{MaxTables: 2, JoinPlannerDisabled: true},
			map[string]float64{"widgets": 1, "gadgets": 0.9, "notes": 0.5, "tags": 0.1})
		require.Equal(t, []string{"widgets", "gadgets", "notes"}, res.Metadata.TablesIncluded)
		require.Equal(t, "fk", res.Scores[2].Source)
		m := res.Metadata.Metrics
		require.Equal(t, 1, m.FKExpansionAdded)
		require.Equal(t, 2, m.FKExpansionBlockedNoEvidence, "tags scores below fkEvidenceThreshold; no evidence points at employees")
		require.Equal(t, 3, m.FKExpansionCandidates)

		res = retrieve(t, retrieval.RAGConfig{MaxTables: 2, JoinPlannerDisabled: true, FKExpansionDisabled: true},
			map[string]float64{"widgets": 1, "gadgets": 0.9, "notes": 0.5, "tags": 0.1})
		require.Equal(t, []string{"widgets", "gadgets"}, res.Metadata.TablesIncluded, "FK_EXPANSION_ENABLED=false")
	})

	t.Run("HubExpansionCap", func(t *testing.T) {
		t.Parallel()
		rel := map[string]float64{"employees": 1}
		for i := range 4 {
			rel[fmt.Sprintf("audit%d", i)] = 0.5 - 0.01*float64(i)
		}
		res := retrieve(t, retrieval.RAGConfig{MaxTables: 1, JoinPlannerDisabled: true}, rel)
		require.Equal(t, []string{"employees", "audit0"}, res.Metadata.TablesIncluded, "a hub gives one neighbour")
		require.Equal(t, 3, res.Metadata.Metrics.Expansion["hub_capped"])

		res = retrieve(t, retrieval.RAGConfig{MaxTables: 1, JoinPlannerDisabled: true, HubExpansionCap: 3}, rel)
		require.Equal(t, []string{"employees", "audit0", "audit1", "audit2"}, res.Metadata.TablesIncluded, "fkExpansionCap 3")
	})

	t.Run("FinalMaxTablesKeepsTheJoinedOnes", func(t *testing.T) {
		t.Parallel()
		// Four tables selected, one bridge needed, room for four: the
		// weakest table that nothing joins goes.
		rel := map[string]float64{"performance_reviews": 1, "departments": 0.7, "tags": 0.35, "notes": 0.3}
		res := retrieve(t, retrieval.RAGConfig{MaxTables: 4, FinalMaxTables: 4, FKExpansionDisabled: true}, rel)
		require.Equal(t, []string{"performance_reviews", "departments", "tags", "employees"}, res.Metadata.TablesIncluded)
		require.Equal(t, 1, res.Metadata.Metrics.Expansion["trimmed"])
	})

	t.Run("ContextMaxTablesBoundsThePlanner", func(t *testing.T) {
		t.Parallel()
		// Every selected table is a terminal the planner joins, with its
		// bridges: more than FinalMaxTables it may keep, so
		// ContextMaxTables bounds them, the weakest going first.
		rel := map[string]float64{"performance_reviews": 1, "departments": 0.9, "tags": 0.8, "notes": 0.7, "regions": 0.6}
		full := retrieve(t, retrieval.RAGConfig{MaxTables: 5, FinalMaxTables: 5, ContextMaxTables: 10, FKExpansionDisabled: true}, rel)
		require.Greater(t, len(full.Metadata.TablesIncluded), 6, "the planner keeps its terminals and bridges past FinalMaxTables")
		res := retrieve(t, retrieval.RAGConfig{MaxTables: 5, FinalMaxTables: 5, ContextMaxTables: 6, FKExpansionDisabled: true}, rel)
		require.Len(t, res.Metadata.TablesIncluded, 6)
		require.Equal(t, "performance_reviews", res.Metadata.TablesIncluded[0])
		require.Subset(t, full.Metadata.TablesIncluded, res.Metadata.TablesIncluded)
		require.Equal(t, len(full.Metadata.TablesIncluded)-6, res.Metadata.Metrics.Expansion["trimmed"])
	})

	t.Run("NeighbourFill", func(t *testing.T) {
		t.Parallel()
		fill := func(t *testing.T, cfg retrieval.RAGConfig, rel map[string]float64) *retrieval.Result {
			t.Helper()
			res, err := rag(t, &fakeIndex{lexical: tableHits(rel)}, cfg).Retrieve(ctx, retrieval.Request{Question: "q", Snapshot: snap})
			require.NoError(t, err)
			return res
		}
		// One table found, room for MinTables 3: its joins come, best
		// parent and cheapest edge first (notes and tags join widgets;
		// its created_by, a role into a hub, costs RoleEdgeCost and comes
		// last).
		// Room left after the joined tables goes to the tables two joins
		// away and farther, hop by hop: employees is a hub, but the table
		// its own key references (departments) is open, and beyond it the
		// chain to regions.
		res := fill(t, retrieval.RAGConfig{MinTables: 3, FinalMaxTables: 10}, map[string]float64{"widgets": 1})
		require.Equal(t, []string{"widgets", "notes", "tags", "employees", "departments", "locations", "regions"}, res.Metadata.TablesIncluded, "the role into a hub last")
		require.Equal(t, []string{"table", "neighbour", "neighbour", "neighbour", "farther", "farther", "farther"}, sources(res.Scores))
		require.Equal(t, 3, res.Metadata.Metrics.Expansion["neighbours"])
		require.Equal(t, 3, res.Metadata.Metrics.Expansion["farther_fill"])
		res = fill(t, retrieval.RAGConfig{MaxTables: 5, MinTables: 3, FinalMaxTables: 5}, map[string]float64{"widgets": 1})
		require.Equal(t, []string{"widgets", "notes", "tags", "employees", "departments"}, res.Metadata.TablesIncluded, "one hop at a time, within the budget")
		res = fill(t, retrieval.RAGConfig{MaxTables: 3, MinTables: 3, FinalMaxTables: 3}, map[string]float64{"widgets": 1})
		require.Equal(t, []string{"widgets", "notes", "tags"}, res.Metadata.TablesIncluded, "within the budget")

		// Past MinTables, up to FinalMaxTables, a neighbour the evidence
		// points at comes first (tags scores, notes does not, though
		// notes comes first below MinTables), then the others while
		// the budget has room.
		res = fill(t, retrieval.RAGConfig{MaxTables: 1, MinTables: 1, FKEvidenceThreshold: 0.5, FinalMaxTables: 2, JoinPlannerDisabled: true},
			map[string]float64{"widgets": 1, "tags": 0.1})
		require.Equal(t, []string{"widgets", "tags"}, res.Metadata.TablesIncluded)
		res = fill(t, retrieval.RAGConfig{MaxTables: 1, MinTables: 1, FKEvidenceThreshold: 0.5, FinalMaxTables: 3, JoinPlannerDisabled: true},
			map[string]float64{"widgets": 1, "tags": 0.1})
		require.Equal(t, []string{"widgets", "tags", "notes"}, res.Metadata.TablesIncluded)

		// Room the joins leave goes to the next ranked tables: regions
		// scores too little to be selected or expanded to, and joins none
		// of the included tables.
		res = fill(t, retrieval.RAGConfig{MaxTables: 1, MinTables: 1, FinalMaxTables: 5, JoinPlannerDisabled: true},
			map[string]float64{"widgets": 1, "regions": 0.05})
		require.Equal(t, []string{"widgets", "notes", "tags", "employees", "regions"}, res.Metadata.TablesIncluded)
		require.Equal(t, []string{"table", "neighbour", "neighbour", "neighbour", "ranked"}, sources(res.Scores))
		require.Equal(t, 1, res.Metadata.Metrics.Expansion["ranked_fill"])
		res = fill(t, retrieval.RAGConfig{MaxTables: 1, MinTables: 1, FinalMaxTables: 4, JoinPlannerDisabled: true},
			map[string]float64{"widgets": 1, "regions": 0.05})
		require.Equal(t, []string{"widgets", "notes", "tags", "employees"}, res.Metadata.TablesIncluded, "the joins first")

		// A hub leads only where the evidence points among the tables
		// referencing it (through it, everything is a neighbour); what its
		// own keys reference stays open.
		res = fill(t, retrieval.RAGConfig{MinTables: 4, JoinPlannerDisabled: true}, map[string]float64{"employees": 1, "audit3": 0.1})
		require.Equal(t, []string{"employees", "audit3", "departments", "locations", "regions"}, res.Metadata.TablesIncluded, "not the other audits")

		off := fill(t, retrieval.RAGConfig{MinTables: 3, NeighbourFillDisabled: true}, map[string]float64{"widgets": 1})
		require.Equal(t, []string{"widgets"}, off.Metadata.TablesIncluded, "NL2SQL_RAG_NEIGHBOUR_FILL_ENABLED=false")
	})

	t.Run("FillAfterLinking", func(t *testing.T) {
		t.Parallel()
		// Without the model the context is widgets, its joins and the
		// chain beyond (NeighbourFill above). The model is shown the three
		// that lead it, picks widgets and tags and passes over notes: the
		// fill leaves notes out and goes on with the tables it was never
		// shown.
		l := &fakeLinker{reply: `{"tables": ["widgets", "tags"]}`}
		cfg := retrieval.RAGConfig{MinTables: 3, FinalMaxTables: 10, Link: retrieval.LinkConfig{Linker: l, Candidates: 3, Keep: 1}}
		res, err := rag(t, &fakeIndex{lexical: tableHits(map[string]float64{"widgets": 1})}, cfg).Retrieve(ctx, retrieval.Request{Question: "q", Snapshot: snap})
		require.NoError(t, err)
		require.Equal(t, retrieval.LinkLinked, res.Metadata.Linking.Outcome)
		require.Equal(t, []string{"widgets", "notes", "tags"}, res.Link.CandidateTables, "the context without the model leads the list, its fill included")
		require.Equal(t, []string{"tags", "widgets", "employees", "departments", "locations", "regions"}, res.Metadata.TablesIncluded, "picks score as the best table")
		require.Equal(t, []string{"link", "table", "neighbour", "farther", "farther", "farther"}, sources(res.Scores))

		// A table the model named but that found no room among its picks
		// (MaxTables) is no table it passed over: the fill may bring it.
		l = &fakeLinker{reply: `{"tables": ["notes", "tags"]}`}
		cfg = retrieval.RAGConfig{MaxTables: 2, MinTables: 2, FinalMaxTables: 10, Link: retrieval.LinkConfig{Linker: l, Candidates: 3, Keep: 1}}
		res, err = rag(t, &fakeIndex{lexical: tableHits(map[string]float64{"widgets": 1})}, cfg).Retrieve(ctx, retrieval.Request{Question: "q", Snapshot: snap})
		require.NoError(t, err)
		require.Equal(t, []string{"notes"}, res.Metadata.Linking.Picked)
		require.Equal(t, 1, res.Metadata.Linking.Capped)
		require.Contains(t, res.Metadata.TablesIncluded, "tags")
	})

	t.Run("SubtypeJoins", func(t *testing.T) {
		t.Parallel()
		// Table-per-type inheritance: an organization is an entity and a
		// vendor an organization, each keyed by entity_id; addresses hang
		// off the entity. The planner joins a vendor's addresses through
		// organizations (catalog: subtype joins), one bridge fewer than
		// through entities, which takes three.
		s := &catalog.Snapshot{Database: "g", Schemas: []string{"public"}}
		for _, tb := range []struct{ name, pk string }{
			{"addresses", "address_id"},
			{"customers", "customer_id"},
			{"entities", "entity_id"},
			{"entity_addresses", "entity_id"},
			{"organizations", "entity_id"},
			{"vendors", "entity_id"},
			{"assets", "asset_id"},
			{"buildings", "asset_id"},
			{"vehicles", "asset_id"},
		} {
			s.Tables = append(s.Tables, &catalog.Table{
				Schema: "public", Name: tb.name, EstimatedRows: -1,
				Columns: []catalog.Column{{Name: tb.pk, Type: "bigint", PrimaryKey: true}}, PrimaryKey: []string{tb.pk},
			})
		}
		ea := s.Tables[3]
		ea.Columns = append(ea.Columns, catalog.Column{Name: "address_id", Type: "bigint", PrimaryKey: true})
		ea.PrimaryKey = append(ea.PrimaryKey, "address_id")
		s.Tables[1].Columns = append(s.Tables[1].Columns, catalog.Column{Name: "entity_id", Type: "bigint"})
		addForeignKeys(s,
			[4]string{"customers", "entity_id", "entities", "entity_id"},
			[4]string{"entity_addresses", "address_id", "addresses", "address_id"},
			[4]string{"entity_addresses", "entity_id", "entities", "entity_id"},
			[4]string{"organizations", "entity_id", "entities", "entity_id"},
			[4]string{"vendors", "entity_id", "organizations", "entity_id"},
			[4]string{"buildings", "asset_id", "assets", "asset_id"},
			[4]string{"vehicles", "asset_id", "assets", "asset_id"},
		)
		res := retrieveOn(t, s, retrieval.RAGConfig{NeighbourFillDisabled: true}, map[string]float64{"vendors": 1, "addresses": 0.8})
		require.Equal(t, []string{"vendors", "addresses", "organizations", "entity_addresses"}, res.Metadata.TablesIncluded)
		require.Equal(t, []string{"table", "table", "bridge", "bridge"}, sources(res.Scores))

		// Two subtypes are not joined through their supertype: a vehicle is
		// no building.
		res = retrieveOn(t, s, retrieval.RAGConfig{NeighbourFillDisabled: true}, map[string]float64{"vehicles": 1, "buildings": 0.8})
		require.Equal(t, []string{"vehicles", "buildings"}, res.Metadata.TablesIncluded)
		require.True(t, s.SubtypeKey(s.JoinsFrom(s.Table("public", "vehicles"))[0]))
		require.False(t, s.SubtypeKey(s.JoinsFrom(s.Table("public", "entity_addresses"))[0]), "entity_addresses has a key of its own")

		// The fill does not take them: the subtype is joined through its
		// supertype already, and the supertype's other tables (customers)
		// would all become every subtype's neighbours.
		res = retrieveOn(t, s, retrieval.RAGConfig{MaxTables: 3, MinTables: 3, FinalMaxTables: 3, JoinPlannerDisabled: true}, map[string]float64{"organizations": 1})
		require.Equal(t, []string{"organizations", "entities", "vendors"}, res.Metadata.TablesIncluded)
	})

	t.Run("SupertypeNames", func(t *testing.T) {
		t.Parallel()
		// Table-per-type: an analyst is a person, who is an agent; the
		// name is on the agent. A fund names itself.
		s := &catalog.Snapshot{Database: "g", Schemas: []string{"public"}}
		for _, tb := range []struct {
			name string
			cols []catalog.Column
		}{
			{"agents", []catalog.Column{{Name: "agent_id", Type: "bigint", PrimaryKey: true}, {Name: "legal_name", Type: "character varying(200)"}}},
			{"persons", []catalog.Column{{Name: "agent_id", Type: "bigint", PrimaryKey: true}, {Name: "birth_year", Type: "smallint"}}},
			{"analysts", []catalog.Column{{Name: "agent_id", Type: "bigint", PrimaryKey: true}, {Name: "firm_code", Type: "text"}}},
			{"funds", []catalog.Column{{Name: "agent_id", Type: "bigint", PrimaryKey: true}, {Name: "fundName", Type: "text"}}},
			{"recommendations", []catalog.Column{{Name: "rec_id", Type: "bigint", PrimaryKey: true}, {Name: "analyst_id", Type: "bigint"}, {Name: "fund_id", Type: "bigint"}}},
		} {
			s.Tables = append(s.Tables, &catalog.Table{Schema: "public", Name: tb.name, EstimatedRows: -1, Columns: tb.cols, PrimaryKey: []string{tb.cols[0].Name}})
		}
		addForeignKeys(s,
			[4]string{"persons", "agent_id", "agents", "agent_id"},
			[4]string{"analysts", "agent_id", "persons", "agent_id"},
			[4]string{"funds", "agent_id", "agents", "agent_id"},
			[4]string{"recommendations", "analyst_id", "analysts", "agent_id"},
			[4]string{"recommendations", "fund_id", "funds", "agent_id"},
		)
		cfg := retrieval.RAGConfig{MaxTables: 3, MinTables: 2, FinalMaxTables: 4, JoinPlannerDisabled: true, FKExpansionDisabled: true, NeighbourFillDisabled: true}
		// The analyst's name is two supertypes up, past one without a
		// name; the fund names itself and brings nothing.
		res := retrieveOn(t, s, cfg, map[string]float64{"recommendations": 1, "analysts": 0.8, "funds": 0.7})
		require.Equal(t, []string{"recommendations", "analysts", "funds", "agents"}, res.Metadata.TablesIncluded)
		require.Equal(t, []string{"table", "table", "table", "supertype"}, sources(res.Scores))
		require.Equal(t, 1, res.Metadata.Metrics.Expansion["supertypes"])

		// Kept through trim: the weakest table with evidence goes first.
		small := cfg
		small.FinalMaxTables = 3
		res = retrieveOn(t, s, small, map[string]float64{"recommendations": 1, "analysts": 0.8, "funds": 0.7})
		require.Equal(t, []string{"recommendations", "analysts", "agents"}, res.Metadata.TablesIncluded)

		// Off with its setting.
		off := cfg
		off.SupertypeNamesDisabled = true
		res = retrieveOn(t, s, off, map[string]float64{"recommendations": 1, "analysts": 0.8, "funds": 0.7})
		require.Equal(t, []string{"recommendations", "analysts", "funds"}, res.Metadata.TablesIncluded)
	})

	t.Run("Deterministic", func(t *testing.T) {
		t.Parallel()
		rel := map[string]float64{"performance_reviews": 0.9, "departments": 0.6, "widgets": 0.6, "regions": 0.5, "notes": 0.5}
		first := retrieve(t, retrieval.RAGConfig{}, rel)
		for range 20 {
			again := retrieve(t, retrieval.RAGConfig{}, rel)
			require.Equal(t, first.Metadata.TablesIncluded, again.Metadata.TablesIncluded)
			require.Equal(t, first.JoinHints, again.JoinHints)
		}
	})
}

// TestSelectKinds: the kinds of one catalogue (a supertype of more than
// HubDegree subtypes keyed by its key) share its words and rank alike; the
// selection takes MaxKinds of them, and the other thing the question
// names gets the room.
func TestSelectKinds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := &catalog.Snapshot{Database: "g", Schemas: []string{"public"}}
	pk := func(name, key string) *catalog.Table {
		return &catalog.Table{Schema: "public", Name: name, EstimatedRows: -1, Columns: []catalog.Column{{Name: key, Type: "bigint", PrimaryKey: true}}, PrimaryKey: []string{key}}
	}
	s.Tables = append(s.Tables, pk("documents", "document_id"), pk("customers", "customer_id"))
	rel := map[string]float64{"customers": 0.5}
	for i := range catalog.HubDegree + 1 {
		name := fmt.Sprintf("kind%d_documents", i)
		s.Tables = append(s.Tables, pk(name, "document_id"))
		s.ForeignKeys = append(s.ForeignKeys, catalog.ForeignKey{
			Name: name + "_fk", Schema: "public", Table: name, Columns: []string{"document_id"},
			RefSchema: "public", RefTable: "documents", RefColumns: []string{"document_id"},
		})
		rel[name] = 1 - float64(i)/100
	}
	selected := func(t *testing.T, maxKinds int) []string {
		t.Helper()
		cfg := retrieval.RAGConfig{
			MaxTables: 3, MinTables: 3, MaxKinds: maxKinds,
			NeighbourFillDisabled: true, JoinPlannerDisabled: true, FKExpansionDisabled: true, CoverageExtra: -1,
		}
		res, err := rag(t, &fakeIndex{lexical: tableHits(rel)}, cfg).Retrieve(ctx, retrieval.Request{Question: "q", Snapshot: s})
		require.NoError(t, err)
		return res.Metadata.TablesIncluded
	}
	require.Equal(t, []string{"kind0_documents", "kind1_documents", "customers"}, selected(t, 2))
	require.Equal(t, []string{"kind0_documents", "customers"}, selected(t, 1))
	require.Equal(t, []string{"kind0_documents", "kind1_documents", "kind2_documents"}, selected(t, 0), "no limit, the default")
}

func TestFillGrain(t *testing.T) {
	t.Parallel()
	// A document line keyed by its order and a line number: the order is
	// what its rows are made of (their date, customer, status), so it
	// comes before the line's other neighbours, here first in name order
	// and as cheap to join.
	snap := graphSnapshot(t, []string{"attachments", "catalog_items", "orders", "order_lines"},
		"order_lines.order_id>orders", "order_lines.catalog_item_id>catalog_items", "attachments.order_line_id>order_lines")
	lines := snap.Table("public", "order_lines")
	lines.Columns = append(lines.Columns, catalog.Column{Name: "line_no", Type: "integer"})
	lines.PrimaryKey = []string{"order_id", "line_no"}
	res := retrieveOn(t, snap, retrieval.RAGConfig{MaxTables: 1, MinTables: 2, FinalMaxTables: 2, JoinPlannerDisabled: true},
		map[string]float64{"order_lines": 1})
	require.Equal(t, []string{"order_lines", "orders"}, res.Metadata.TablesIncluded)

	// Keyed by a surrogate, the line is no part of its order: name order.
	lines.PrimaryKey = []string{"order_line_id"}
	res = retrieveOn(t, snap, retrieval.RAGConfig{MaxTables: 1, MinTables: 2, FinalMaxTables: 2, JoinPlannerDisabled: true},
		map[string]float64{"order_lines": 1})
	require.Equal(t, []string{"order_lines", "attachments"}, res.Metadata.TablesIncluded)
}

func TestFillAbbreviated(t *testing.T) {
	t.Parallel()
	// The payroll fact joins three dimensions and the question names none
	// of them in the schema's spelling: the one whose name abbreviates a
	// question word ("department", org_dept) comes first, where name order
	// would take dim_acct.
	snap := graphSnapshot(t, []string{"fact_pay", "dim_acct", "dim_fund", "org_dept", "pay_dur"},
		"fact_pay.dim_acct_id>dim_acct", "fact_pay.dim_fund_id>dim_fund", "fact_pay.org_dept_id>org_dept", "fact_pay.pay_dur_id>pay_dur")
	cfg := retrieval.RAGConfig{MaxTables: 1, MinTables: 1, FinalMaxTables: 2, JoinPlannerDisabled: true, FKExpansionDisabled: true}
	var res *retrieval.Result
	ask := func(question string) []string {
		var err error
		res, err = rag(t, &fakeIndex{lexical: tableHits(map[string]float64{"fact_pay": 1})}, cfg).
			Retrieve(context.Background(), retrieval.Request{Question: question, Snapshot: snap})
		require.NoError(t, err)
		return res.Metadata.TablesIncluded
	}
	require.Equal(t, []string{"fact_pay", "org_dept"}, ask("What did each department pay in overtime?"))
	require.Equal(t, 1, res.Metadata.Metrics.Expansion["abbreviated"], "the metadata counts it")
	require.Equal(t, []string{"fact_pay", "dim_acct"}, ask("What was paid in overtime?"))
	// A stop word fits as readily (during: pay_dur) and means nothing.
	require.Equal(t, []string{"fact_pay", "dim_acct"}, ask("What was paid during overtime?"))
}
