package retrieval_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/retrieval"
)

// noFKSnapshot is an HR schema that declares no foreign key: its names
// say how it joins.
func noFKSnapshot() *catalog.Snapshot {
	return &catalog.Snapshot{Database: "n", Schemas: []string{"public"}, Tables: []*catalog.Table{
		tbl("departments", col("department_id", "integer", true), col("name", "text")),
		tbl("employees", col("employee_id", "integer", true), col("department_id", "integer"), col("first_name", "text")),
		tbl("performance_reviews", col("review_id", "integer", true), col("employee_id", "integer"), col("rating", "smallint")),
	}}
}

func TestPlannerBridgesThroughInferredJoins(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	snap := noFKSnapshot()
	require.Empty(t, snap.ForeignKeys)
	require.Len(t, snap.InferredForeignKeys(), 2)

	// Reviews per department: employees sits between them, and only names
	// say so.
	rel := map[string]float64{"performance_reviews": 0.8, "departments": 0.4}
	res, err := rag(t, &fakeIndex{lexical: tableHits(rel)}, retrieval.RAGConfig{Render: retrieval.Config{JoinHints: retrieval.JoinHintsBoth}}).
		Retrieve(ctx, retrieval.Request{Question: "average review rating per department", Snapshot: snap})
	require.NoError(t, err)
	require.Equal(t, []string{"performance_reviews", "departments", "employees"}, res.Metadata.TablesIncluded)
	require.Equal(t, []string{"table", "table", "bridge"}, sources(res.Scores))
	require.Equal(t, 1, res.Metadata.Metrics.Expansion["bridges"])
	require.Equal(t, 2, res.Metadata.Metrics.Expansion["inferred_edges_used"])

	var path *retrieval.JoinHint
	for i, h := range res.JoinHints {
		if h.IsPath() {
			path = &res.JoinHints[i]
		}
	}
	require.NotNil(t, path)
	require.Equal(t, []string{"performance_reviews", "employees", "departments"}, path.Tables)
	for _, st := range path.Steps {
		require.True(t, st.Inferred, st.ForeignKey)
	}
	hints := res.Context.JoinHints
	require.Contains(t, hints, "- employees.department_id → departments.department_id (inferred)")
	require.Contains(t, hints, "(inferred from names, no foreign key declared: performance_reviews.employee_id = employees.employee_id AND employees.department_id = departments.department_id)")
	require.Contains(t, res.Context.Schema, "department_id integer likely FK→departments")
	require.NotContains(t, res.Context.Schema, "integer FK→", "never shown as a declared foreign key")

	// The same schema with its foreign keys declared: no marks.
	declared := noFKSnapshot()
	declared.ForeignKeys = []catalog.ForeignKey{
		{Name: "employees_department_fk", Schema: "public", Table: "employees", Columns: []string{"department_id"}, RefSchema: "public", RefTable: "departments", RefColumns: []string{"department_id"}},
		{Name: "reviews_employee_fk", Schema: "public", Table: "performance_reviews", Columns: []string{"employee_id"}, RefSchema: "public", RefTable: "employees", RefColumns: []string{"employee_id"}},
	}
	require.Empty(t, declared.InferredForeignKeys())
	res, err = rag(t, &fakeIndex{lexical: tableHits(rel)}, retrieval.RAGConfig{Render: retrieval.Config{JoinHints: retrieval.JoinHintsBoth}}).
		Retrieve(ctx, retrieval.Request{Question: "average review rating per department", Snapshot: declared})
	require.NoError(t, err)
	require.Equal(t, []string{"performance_reviews", "departments", "employees"}, res.Metadata.TablesIncluded)
	require.NotContains(t, res.Context.JoinHints, "inferred")
	require.Equal(t, 0, res.Metadata.Metrics.Expansion["inferred_edges_used"])
}

func TestRenderInferredJoins(t *testing.T) {
	t.Parallel()
	snap := noFKSnapshot()
	tables := []*catalog.Table{snap.Table("public", "employees"), snap.Table("public", "departments")}

	ddl, err := retrieval.RenderSchema(snap, tables, retrieval.FormatCreateTable, 80)
	require.NoError(t, err)
	require.NotContains(t, ddl, "REFERENCES", "an inferred join is no constraint")
	require.Contains(t, ddl, "-- likely joins departments on (department_id) = (department_id): inferred from names, no foreign key declared\n")

	ms, err := retrieval.RenderSchema(snap, tables, retrieval.FormatMSchema, 80)
	require.NoError(t, err)
	require.Contains(t, ms, "employees (employee_id integer PK, department_id integer likely FK→departments, first_name text)")

	// The full strategy's join hints carry them too, marked.
	hints := retrieval.Edges(snap, tables)
	require.Len(t, hints, 1)
	require.True(t, hints[0].Steps[0].Inferred)
	require.Equal(t, "- employees.department_id → departments.department_id (inferred)\n", retrieval.RenderJoinHints(hints, retrieval.JoinHintsEdges))
}

func TestPlannerKeysNamedForTheirTable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// An ORM's schema: every key is id, every foreign key names the table
	// it references (couponId, subscriptionId), one is a role
	// (ownerMemberId).
	id := func(name string, cols ...catalog.Column) *catalog.Table {
		return tbl(name, append([]catalog.Column{col("id", "integer", true)}, cols...)...)
	}
	snap := &catalog.Snapshot{Database: "o", Schemas: []string{"public"}, Tables: []*catalog.Table{
		id("coupons", col("code", "text")),
		id("couponRedemptions", col("couponId", "integer"), col("subscriptionId", "integer"), col("ownerMemberId", "integer")),
		id("subscriptions", col("mrrCents", "integer")),
		id("teamMembers", col("name", "text")),
	}}
	fk := func(table, column, ref string) catalog.ForeignKey {
		return catalog.ForeignKey{
			Name: table + "_" + column + "_fk", Schema: "public", Table: table, Columns: []string{column},
			RefSchema: "public", RefTable: ref, RefColumns: []string{"id"},
		}
	}
	snap.ForeignKeys = []catalog.ForeignKey{
		fk("couponRedemptions", "couponId", "coupons"), fk("couponRedemptions", "ownerMemberId", "teamMembers"),
		fk("couponRedemptions", "subscriptionId", "subscriptions"),
	}
	require.True(t, snap.NamedLikeKey(snap.ForeignKeys[0]))
	require.False(t, snap.NamedLikeKey(snap.ForeignKeys[1]), "a role")

	// Recurring revenue of subscriptions that redeemed a coupon: the
	// redemptions bridge them, along two keys named for their tables.
	res, err := rag(t, &fakeIndex{lexical: tableHits(map[string]float64{"coupons": 0.8, "subscriptions": 0.6})}, retrieval.RAGConfig{NeighbourFillDisabled: true}).
		Retrieve(ctx, retrieval.Request{Question: "revenue of subscriptions with coupons", Snapshot: snap})
	require.NoError(t, err)
	require.Equal(t, []string{"coupons", "subscriptions", `"couponRedemptions"`}, res.Metadata.TablesIncluded)

	// Along a role, the same bridge costs RoleEdgeCost a join.
	res, err = rag(t, &fakeIndex{lexical: tableHits(map[string]float64{"coupons": 0.8, "teamMembers": 0.4})}, retrieval.RAGConfig{NeighbourFillDisabled: true}).
		Retrieve(ctx, retrieval.Request{Question: "team members and coupons", Snapshot: snap})
	require.NoError(t, err)
	require.Equal(t, []string{"coupons", `"teamMembers"`}, res.Metadata.TablesIncluded)
}

func TestInferredHub(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// Nine audit tables carry employee_id: employees is a hub by its
	// inferred edges, and FK expansion takes one of a hub's neighbours, as
	// with declared ones.
	snap := noFKSnapshot()
	rel := map[string]float64{"employees": 1}
	for i := range catalog.HubDegree {
		name := fmt.Sprintf("audit%d", i)
		snap.Tables = append(snap.Tables, tbl(name, col(name+"_id", "integer", true), col("employee_id", "integer")))
		rel[name] = 0.5 - 0.01*float64(i)
	}
	emp := snap.Table("public", "employees")
	require.Zero(t, snap.Degree(emp), "no declared foreign key")
	require.Greater(t, snap.JoinDegree(emp), catalog.HubDegree)

	res, err := rag(t, &fakeIndex{lexical: tableHits(rel)}, retrieval.RAGConfig{MaxTables: 1, JoinPlannerDisabled: true, NeighbourFillDisabled: true}).
		Retrieve(ctx, retrieval.Request{Question: "employees", Snapshot: snap})
	require.NoError(t, err)
	require.Equal(t, []string{"employees", "audit0"}, res.Metadata.TablesIncluded, "a hub gives one neighbour")
	require.Equal(t, catalog.HubDegree-1, res.Metadata.Metrics.Expansion["hub_capped"])
}
