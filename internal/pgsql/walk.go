package pgsql

import (
	"strconv"

	pg_query "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
)

// The walker that builds an Analysis: statements, scopes and FROM items.
// Expressions are walked in walk_expr.go.

// analyze walks a statement's whole tree.
func analyze(stmt *pg_query.Node) *Analysis {
	w := &walker{a: &Analysis{}}
	if stmt == nil {
		w.newScope(-1, ScopeOther, OriginTop)
		return w.a
	}
	top := w.stmt(stmt, -1, OriginTop)
	if s := w.a.Scopes[top]; s.Kind == ScopeSelect || s.Kind == ScopeSetOp || s.Kind == ScopeValues {
		w.a.HasLimit = s.HasLimit
	}
	return w.a
}

type walker struct {
	a *Analysis
	// conjs are the WHERE-conjunct collectors in effect; a column reference
	// is added to all of them, so an outer conjunct sees the references of
	// the subqueries inside it.
	conjs []*[]int
	// locs caches minLocation by node.
	locs map[proto.Message]int
	// consts caches constant by node.
	consts map[proto.Message]constValue
	// outConsts holds what each output column of a block fixes, by scope
	// (select-list entries in order, or a lone VALUES row's), and
	// constScope is the scope whose column references constant resolves:
	// the planner pulls a simple subquery, a single-row VALUES list and a
	// CTE into the query that reads it, and folds what their columns fix
	// (repeat('a', n) FROM (SELECT 1000000000 AS n) s builds 1 GB while
	// EXPLAIN plans).
	outConsts  map[int][]constValue
	constScope int
	// havingAgg is set while a HAVING condition is walked; aggregate calls
	// (and GROUPING()) found meanwhile set it to true.
	havingAgg *bool
}

// ctx is the walking context of an expression.
type ctx struct {
	scope    int
	clause   Clause
	origin   Origin // for statements found inside the expression
	inAgg    bool
	agg      int        // 1 + the Functions index of the outermost aggregate call being walked; 0 outside one
	fromFunc bool       // the FuncCall is a FROM item itself
	target   *Target    // select-list entry being walked; nil elsewhere and inside subqueries
	group    *GroupItem // GROUP BY entry being walked
}

func (w *walker) newScope(parent int, kind ScopeKind, origin Origin) *Scope {
	s := &Scope{
		ID: len(w.a.Scopes), Parent: parent, Kind: kind, Origin: origin,
		HavingLocation: -1, LimitCount: -1, LimitLocation: -1,
	}
	w.a.Scopes = append(w.a.Scopes, s)
	return s
}

// stmt walks a statement node and returns its scope.
func (w *walker) stmt(n *pg_query.Node, parent int, origin Origin) int {
	if m := nodeMessage(n); m != nil {
		if id, ok := w.query(m.Interface(), parent, origin); ok {
			return id
		}
	}
	s := w.newScope(parent, ScopeOther, origin)
	w.walkNode(n, ctx{scope: s.ID, clause: ClauseOther, origin: OriginNested})
	return s.ID
}

// query walks a SELECT, INSERT, UPDATE, DELETE or MERGE and returns its
// scope; false for any other message.
func (w *walker) query(m any, parent int, origin Origin) (int, bool) {
	switch x := m.(type) {
	case *pg_query.SelectStmt:
		return w.selectStmt(x, parent, origin), true
	case *pg_query.InsertStmt:
		return w.insertStmt(x, parent, origin), true
	case *pg_query.UpdateStmt:
		return w.updateStmt(x, parent, origin), true
	case *pg_query.DeleteStmt:
		return w.deleteStmt(x, parent, origin), true
	case *pg_query.MergeStmt:
		return w.mergeStmt(x, parent, origin), true
	}
	return -1, false
}

func setOpName(s *pg_query.SelectStmt) string {
	var name string
	switch s.GetOp() {
	case pg_query.SetOperation_SETOP_UNION:
		name = "union"
	case pg_query.SetOperation_SETOP_INTERSECT:
		name = "intersect"
	case pg_query.SetOperation_SETOP_EXCEPT:
		name = "except"
	default:
		return ""
	}
	if s.GetAll() {
		name += " all"
	}
	return name
}

func (w *walker) selectStmt(s *pg_query.SelectStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeSelect, origin)
	id := sc.ID
	if s == nil {
		return id
	}
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, id)
	}
	c := ctx{scope: id, origin: OriginExpr}
	switch {
	case setOpName(s) != "":
		sc.Kind = ScopeSetOp
		sc.SetOp = setOpName(s)
		l := w.selectStmt(s.GetLarg(), id, OriginSetOp)
		r := w.selectStmt(s.GetRarg(), id, OriginSetOp)
		sc.Branches = []int{l, r}
	case len(s.GetValuesLists()) > 0:
		sc.Kind = ScopeValues
		for i, row := range s.GetValuesLists() {
			w.walkNode(row, c.in(ClauseValues))
			if i == 0 {
				for j := range row.GetList().GetItems() {
					sc.Targets = append(sc.Targets, Target{Name: "column" + strconv.Itoa(j+1), Column: -1, Location: -1})
				}
			}
		}
		if rows := s.GetValuesLists(); len(rows) == 1 {
			for _, it := range rows[0].GetList().GetItems() {
				w.addOutConst(id, w.constantIn(it, id))
			}
		}
	default:
		for i, f := range s.GetFromClause() {
			w.fromItem(f, id, i)
		}
		for _, t := range s.GetTargetList() {
			w.target(t, id)
		}
		w.where(s.GetWhereClause(), id)
		if len(s.GetGroupClause()) > 0 {
			sc.HasGroupBy = true
			for _, g := range s.GetGroupClause() {
				w.groupItem(g, id)
			}
		}
		if h := s.GetHavingClause(); h != nil {
			sc.HasHaving = true
			sc.HavingLocation = w.startOf(h)
			outer, agg := w.havingAgg, false
			w.havingAgg = &agg
			w.walkNode(h, c.in(ClauseHaving))
			w.havingAgg = outer
			sc.HavingAggregate = agg
			if agg && outer != nil {
				*outer = true // at any depth, for the enclosing HAVING too
			}
		}
		for _, win := range s.GetWindowClause() {
			w.walkNode(win, c.in(ClauseWindow))
		}
	}
	if dc := s.GetDistinctClause(); len(dc) > 0 {
		sc.Distinct = true
		for _, d := range dc {
			w.walkNode(d, c.in(ClauseDistinct))
		}
	}
	if into := s.GetIntoClause(); into != nil {
		w.into(into, id)
	}
	for _, o := range s.GetSortClause() {
		sc.HasOrderBy = true
		item := SortItem{Location: -1}
		if e := o.GetSortBy().GetNode(); e != nil {
			item.Location = w.startOf(e)
			if iv := e.GetAConst().GetIval(); iv != nil {
				item.Ordinal = int(iv.GetIval())
			}
		}
		sc.OrderBy = append(sc.OrderBy, item)
		w.walkNode(o, c.in(ClauseOrderBy))
	}
	w.walkNode(s.GetLimitOffset(), c.in(ClauseLimit))
	w.walkNode(s.GetLimitCount(), c.in(ClauseLimit))
	if sc.HasLimit = hasLimit(s); sc.HasLimit {
		lc := s.GetLimitCount()
		sc.LimitLocation = w.startOf(lc)
		if iv := lc.GetAConst().GetIval(); iv != nil {
			sc.LimitCount = int64(iv.GetIval())
		}
	}
	for _, l := range s.GetLockingClause() {
		if lc := l.GetLockingClause(); lc != nil {
			w.locking(lc, id)
		}
	}
	return id
}

// hasLimit reports whether a SELECT has a row-bounding LIMIT/FETCH.
func hasLimit(s *pg_query.SelectStmt) bool {
	lc := s.GetLimitCount()
	if lc == nil {
		return false
	}
	if k := lc.GetAConst(); k != nil && k.GetIsnull() {
		return false // LIMIT ALL, LIMIT NULL
	}
	return true
}

func (c ctx) in(cl Clause) ctx {
	c.clause = cl
	return c
}

func conjuncts(n *pg_query.Node) []*pg_query.Node {
	if b := n.GetBoolExpr(); b != nil && b.GetBoolop() == pg_query.BoolExprType_AND_EXPR {
		var out []*pg_query.Node
		for _, a := range b.GetArgs() {
			out = append(out, conjuncts(a)...)
		}
		return out
	}
	return []*pg_query.Node{n}
}

func (w *walker) target(n *pg_query.Node, scope int) {
	rt := n.GetResTarget()
	if rt == nil {
		w.walkNode(n, ctx{scope: scope, clause: ClauseSelect, origin: OriginExpr})
		return
	}
	t := &Target{Name: rt.GetName(), Alias: rt.GetName(), Column: -1, Location: int(rt.GetLocation())}
	if t.Name == "" {
		t.Name = figureColname(rt.GetVal())
	}
	if cr := rt.GetVal().GetColumnRef(); cr != nil {
		if f := cr.GetFields(); len(f) > 0 && f[len(f)-1].GetAStar() != nil {
			t.Star = true
			t.Name = ""
		}
	}
	if ind := rt.GetVal().GetAIndirection(); ind != nil {
		// (x).* expands to every field of x.
		if l := ind.GetIndirection(); len(l) > 0 && l[len(l)-1].GetAStar() != nil {
			t.Star = true
			t.Name = ""
		}
	}
	first := len(w.a.Columns)
	w.walkNode(rt.GetVal(), ctx{scope: scope, clause: ClauseSelect, origin: OriginExpr, target: t})
	if rt.GetVal().GetColumnRef() != nil && !t.Star && len(w.a.Columns) == first+1 {
		t.Column = first
	}
	t.Key = exprKey(rt.GetVal())
	w.a.Scopes[scope].Targets = append(w.a.Scopes[scope].Targets, *t)
	k := w.constantIn(rt.GetVal(), scope)
	if setReturning(rt.GetVal().ProtoReflect()) {
		// Not folded: the planner pulls up no subquery whose select list
		// returns a set.
		k = constValue{}
	}
	w.addOutConst(scope, k)
}

func (w *walker) groupItem(n *pg_query.Node, scope int) {
	if gs := n.GetGroupingSet(); gs != nil {
		for _, c := range gs.GetContent() {
			w.groupItem(c, scope)
		}
		return
	}
	if l := n.GetList(); l != nil { // a row of a GROUPING SETS entry
		for _, c := range l.GetItems() {
			w.groupItem(c, scope)
		}
		return
	}
	g := &GroupItem{Key: exprKey(n), Column: -1, Location: nodeLocation(n)}
	if k := n.GetAConst(); k != nil {
		if iv := k.GetIval(); iv != nil {
			g.Ordinal = int(iv.GetIval())
		}
	}
	w.walkNode(n, ctx{scope: scope, clause: ClauseGroupBy, origin: OriginExpr, group: g})
	if n.GetColumnRef() != nil && len(g.Columns) == 1 {
		g.Column = g.Columns[0]
	}
	w.a.Scopes[scope].GroupBy = append(w.a.Scopes[scope].GroupBy, *g)
}

func (w *walker) with(wc *pg_query.WithClause, scope int) {
	sc := w.a.Scopes[scope]
	type pending struct {
		idx int
		cte *pg_query.CommonTableExpr
	}
	var list []pending
	for _, n := range wc.GetCtes() {
		cte := n.GetCommonTableExpr()
		if cte == nil {
			continue
		}
		kind, _ := classify(cte.GetCtequery())
		idx := len(w.a.CTEs)
		w.a.CTEs = append(w.a.CTEs, CTE{
			Name: cte.GetCtename(), Kind: kind, Recursive: wc.GetRecursive(), Scope: scope, Body: -1,
			Columns: stringList(cte.GetAliascolnames()), Location: int(cte.GetLocation()),
		})
		list = append(list, pending{idx, cte})
		if wc.GetRecursive() {
			// WITH RECURSIVE: every CTE of the list is visible in every body.
			sc.CTEs = append(sc.CTEs, idx)
		}
	}
	for _, p := range list {
		body := w.stmt(p.cte.GetCtequery(), scope, OriginCTE)
		w.a.Scopes[body].CTE = p.cte.GetCtename()
		if cc := p.cte.GetCycleClause(); cc != nil {
			// CYCLE … SET mark TO v DEFAULT d: typed literals, whose types
			// (regclass 'pg_authid', secret.flag 'n') the guard checks like
			// any cast's.
			c := ctx{scope: scope, clause: ClauseOther, origin: OriginExpr}
			w.walkNode(cc.GetCycleMarkValue(), c)
			w.walkNode(cc.GetCycleMarkDefault(), c)
		}
		w.a.CTEs[p.idx].Body = body
		if w.a.CTEs[p.idx].Columns == nil {
			w.a.CTEs[p.idx].Columns = w.a.OutputColumns(body)
		}
		if !wc.GetRecursive() {
			sc.CTEs = append(sc.CTEs, p.idx)
		}
	}
}

// lookupCTE finds a WITH query visible from scope by name.
func (w *walker) lookupCTE(scope int, name string) (int, bool) {
	for s := scope; s >= 0; s = w.a.Scopes[s].Parent {
		ctes := w.a.Scopes[s].CTEs
		for i := len(ctes) - 1; i >= 0; i-- {
			if w.a.CTEs[ctes[i]].Name == name {
				return ctes[i], true
			}
		}
	}
	return 0, false
}

func (w *walker) table(rv *pg_query.RangeVar, scope int, role Role) int {
	idx := len(w.a.Tables)
	w.a.Tables = append(w.a.Tables, TableRef{
		Catalog: rv.GetCatalogname(), Schema: rv.GetSchemaname(), Name: rv.GetRelname(),
		Alias: rv.GetAlias().GetAliasname(), Only: !rv.GetInh(), Role: role, Scope: scope,
		Location: int(rv.GetLocation()),
	})
	return idx
}

func (w *walker) addItem(scope int, it FromItem) int {
	sc := w.a.Scopes[scope]
	sc.Items = append(sc.Items, it)
	return len(sc.Items) - 1
}

// rangeVarItem adds a FROM item for a relation name: a CTE reference when an
// unqualified name matches a visible WITH query, else a table.
func (w *walker) rangeVarItem(rv *pg_query.RangeVar, scope, group int, role Role) int {
	alias := rv.GetAlias()
	it := FromItem{
		Schema: rv.GetSchemaname(), Name: rv.GetRelname(), Alias: alias.GetAliasname(),
		AliasColumns: stringList(alias.GetColnames()), Group: group, Table: -1, Body: -1,
		Location: int(rv.GetLocation()),
	}
	if rv.GetSchemaname() == "" && rv.GetCatalogname() == "" {
		if ci, ok := w.lookupCTE(scope, rv.GetRelname()); ok {
			it.Kind = ItemCTE
			it.Body = w.a.CTEs[ci].Body
			it.Columns = renamed(w.a.CTEs[ci].Columns, it.AliasColumns)
			return w.addItem(scope, it)
		}
	}
	it.Kind = ItemTable
	it.Table = w.table(rv, scope, role)
	return w.addItem(scope, it)
}

// renamed applies column aliases to known columns.
func renamed(cols, aliases []string) []string {
	if len(aliases) == 0 {
		return cols
	}
	if cols == nil {
		return nil
	}
	out := append([]string{}, cols...)
	for i, a := range aliases {
		if i < len(out) {
			out[i] = a
		}
	}
	return out
}

// fromItem walks one FROM entry and returns the indexes of the items added.
func (w *walker) fromItem(n *pg_query.Node, scope, group int) []int {
	c := ctx{scope: scope, clause: ClauseFrom, origin: OriginExpr}
	switch x := n.GetNode().(type) {
	case *pg_query.Node_RangeVar:
		return []int{w.rangeVarItem(x.RangeVar, scope, group, RoleRead)}
	case *pg_query.Node_RangeSubselect:
		rs := x.RangeSubselect
		body := w.stmt(rs.GetSubquery(), scope, OriginFrom)
		w.a.Scopes[body].Lateral = rs.GetLateral()
		alias := rs.GetAlias()
		it := FromItem{
			Kind: ItemSubquery, Alias: alias.GetAliasname(), AliasColumns: stringList(alias.GetColnames()),
			Lateral: rs.GetLateral(), Group: group, Table: -1, Body: body, Location: w.a.ScopeLocation(body),
		}
		it.Columns = w.a.OutputColumns(body)
		if len(it.AliasColumns) > 0 {
			if it.Columns == nil {
				it.Columns = it.AliasColumns
			} else {
				it.Columns = renamed(it.Columns, it.AliasColumns)
			}
		}
		return []int{w.addItem(scope, it)}
	case *pg_query.Node_RangeFunction:
		rf := x.RangeFunction
		alias := rf.GetAlias()
		it := FromItem{
			Kind: ItemFunction, Alias: alias.GetAliasname(), AliasColumns: stringList(alias.GetColnames()),
			Lateral: rf.GetLateral(), Group: group, Table: -1, Body: -1, Location: -1,
		}
		fc := c
		fc.fromFunc = true
		for i, f := range rf.GetFunctions() {
			items := f.GetList().GetItems()
			if len(items) == 0 {
				w.walkNode(f, fc)
				continue
			}
			if call := items[0].GetFuncCall(); call != nil && i == 0 {
				it.Schema, it.Name = funcName(call.GetFuncname())
				it.Location = int(call.GetLocation())
			}
			w.walkNode(items[0], fc)
			for _, rest := range items[1:] {
				w.walkNode(rest, c)
			}
		}
		for _, cd := range rf.GetColdeflist() {
			w.walkNode(cd, c)
		}
		switch {
		case len(it.AliasColumns) > 0:
			// The aliases rename the first columns, the ordinality
			// column among them when they outnumber the function's.
			it.Columns = it.AliasColumns
		case len(rf.GetColdeflist()) > 0:
			for _, cd := range rf.GetColdeflist() {
				it.Columns = append(it.Columns, cd.GetColumnDef().GetColname())
			}
			if rf.GetOrdinality() {
				it.Columns = append(it.Columns, "ordinality")
			}
		}
		return []int{w.addItem(scope, it)}
	case *pg_query.Node_JoinExpr:
		j := x.JoinExpr
		left := w.fromItem(j.GetLarg(), scope, group)
		right := w.fromItem(j.GetRarg(), scope, group)
		join := Join{
			Natural: j.GetIsNatural(), Using: stringList(j.GetUsingClause()), On: j.GetQuals() != nil,
			Alias: j.GetAlias().GetAliasname(), Left: left, Right: right,
		}
		switch j.GetJointype() {
		case pg_query.JoinType_JOIN_LEFT:
			join.Type = "left"
		case pg_query.JoinType_JOIN_RIGHT:
			join.Type = "right"
		case pg_query.JoinType_JOIN_FULL:
			join.Type = "full"
		default:
			join.Type = "inner"
			if !join.Natural && !join.On && len(join.Using) == 0 {
				join.Type = "cross"
			}
		}
		sc := w.a.Scopes[scope]
		if q := j.GetQuals(); q != nil {
			for _, conj := range conjuncts(q) {
				first := len(w.a.Columns)
				w.walkNode(conj, c.in(ClauseOn))
				w.equality(sc, conj, first, len(sc.Joins))
			}
		}
		sc.Joins = append(sc.Joins, join)
		items := append(append([]int{}, left...), right...)
		for _, a := range []*pg_query.Alias{j.GetJoinUsingAlias(), j.GetAlias()} {
			if a.GetAliasname() == "" {
				continue
			}
			items = append(items, w.addItem(scope, FromItem{
				Kind: ItemJoin, Alias: a.GetAliasname(), AliasColumns: stringList(a.GetColnames()),
				Columns: stringList(a.GetColnames()), Group: group, Table: -1, Body: -1, Location: -1,
			}))
		}
		return items
	case *pg_query.Node_RangeTableFunc:
		tf := x.RangeTableFunc
		w.walkNode(tf.GetDocexpr(), c)
		w.walkNode(tf.GetRowexpr(), c)
		for _, ns := range tf.GetNamespaces() {
			w.walkNode(ns, c)
		}
		it := FromItem{
			Kind: ItemFunction, Name: "xmltable", XMLTable: true, Alias: tf.GetAlias().GetAliasname(),
			AliasColumns: stringList(tf.GetAlias().GetColnames()), Lateral: tf.GetLateral(),
			Group: group, Table: -1, Body: -1, Location: int(tf.GetLocation()),
		}
		for _, col := range tf.GetColumns() {
			w.walkNode(col, c)
			if rc := col.GetRangeTableFuncCol(); rc != nil {
				it.Columns = append(it.Columns, rc.GetColname())
			}
		}
		it.Columns = renamed(it.Columns, it.AliasColumns)
		return []int{w.addItem(scope, it)}
	case *pg_query.Node_RangeTableSample:
		ts := x.RangeTableSample
		items := w.fromItem(ts.GetRelation(), scope, group)
		// The method is a function (its tsm_handler), looked up by name
		// like any call, in the schema it is qualified with; its
		// arguments are the sampling's, not the handler's.
		if m := ts.GetMethod(); len(m) > 0 {
			schema, name := funcName(m)
			w.recordFunc(FuncCall{
				Catalog: catalogPart(m), Schema: schema, Name: name, Scope: scope, Clause: ClauseFrom,
				Location: int(ts.GetLocation()), SQLSyntax: true,
			}, c)
		}
		for _, a := range ts.GetArgs() {
			w.walkNode(a, c)
		}
		w.walkNode(ts.GetRepeatable(), c)
		return items
	}
	w.walkNode(n, c)
	return nil
}

func (w *walker) into(ic *pg_query.IntoClause, scope int) {
	if rel := ic.GetRel(); rel != nil {
		w.a.Into = &TableRef{
			Catalog: rel.GetCatalogname(), Schema: rel.GetSchemaname(), Name: rel.GetRelname(),
			Role: RoleWrite, Scope: scope, Location: int(rel.GetLocation()),
		}
	}
	for _, o := range ic.GetOptions() {
		w.walkNode(o, ctx{scope: scope, clause: ClauseOther, origin: OriginNested})
	}
	w.walkNode(ic.GetViewQuery(), ctx{scope: scope, clause: ClauseOther, origin: OriginNested})
}

func (w *walker) locking(lc *pg_query.LockingClause, scope int) {
	l := Locking{Scope: scope}
	switch lc.GetStrength() {
	case pg_query.LockClauseStrength_LCS_FORKEYSHARE:
		l.Strength = "FOR KEY SHARE"
	case pg_query.LockClauseStrength_LCS_FORSHARE:
		l.Strength = "FOR SHARE"
	case pg_query.LockClauseStrength_LCS_FORNOKEYUPDATE:
		l.Strength = "FOR NO KEY UPDATE"
	default:
		l.Strength = "FOR UPDATE"
	}
	switch lc.GetWaitPolicy() {
	case pg_query.LockWaitPolicy_LockWaitSkip:
		l.Wait = "SKIP LOCKED"
	case pg_query.LockWaitPolicy_LockWaitError:
		l.Wait = "NOWAIT"
	}
	for _, r := range lc.GetLockedRels() {
		if rv := r.GetRangeVar(); rv != nil {
			l.Of = append(l.Of, rv.GetRelname())
		}
	}
	w.a.Locking = append(w.a.Locking, l)
}

func (w *walker) dmlTarget(rv *pg_query.RangeVar, scope int) {
	if rv == nil {
		return
	}
	w.rangeVarItem(rv, scope, 0, RoleWrite)
}

func (w *walker) returning(list []*pg_query.Node, scope int) {
	for _, r := range list {
		w.walkNode(r, ctx{scope: scope, clause: ClauseReturning, origin: OriginExpr})
	}
}

func (w *walker) where(n *pg_query.Node, scope int) {
	if n == nil {
		return
	}
	sc := w.a.Scopes[scope]
	for _, conj := range conjuncts(n) {
		var cols []int
		w.conjs = append(w.conjs, &cols)
		first := len(w.a.Columns)
		w.walkNode(conj, ctx{scope: scope, clause: ClauseWhere, origin: OriginExpr})
		w.equality(sc, conj, first, -1)
		w.conjs = w.conjs[:len(w.conjs)-1]
		sc.Where = append(sc.Where, cols)
	}
}

// equality records conj as an Equality of sc when it is "column = column";
// first is len(Analysis.Columns) before conj was walked.
func (w *walker) equality(sc *Scope, conj *pg_query.Node, first, join int) {
	e := conj.GetAExpr()
	if e == nil || e.GetKind() != pg_query.A_Expr_Kind_AEXPR_OP || e.GetLexpr().GetColumnRef() == nil ||
		e.GetRexpr().GetColumnRef() == nil || len(w.a.Columns) != first+2 {
		return
	}
	if _, op := funcName(e.GetName()); op != "=" {
		return
	}
	if w.a.Columns[first].Star || w.a.Columns[first+1].Star {
		return
	}
	l, r := first, first+1
	if w.a.Columns[r].Location < w.a.Columns[l].Location {
		l, r = r, l
	}
	sc.Equalities = append(sc.Equalities, Equality{Left: l, Right: r, Join: join})
}

func (w *walker) insertStmt(s *pg_query.InsertStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeInsert, origin)
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, sc.ID)
	}
	if sel := s.GetSelectStmt(); sel != nil {
		w.stmt(sel, sc.ID, OriginInsert)
	}
	w.dmlTarget(s.GetRelation(), sc.ID)
	c := ctx{scope: sc.ID, clause: ClauseOther, origin: OriginExpr}
	for _, col := range s.GetCols() {
		w.walkNode(col, c)
	}
	if oc := s.GetOnConflictClause(); oc != nil {
		w.walk(oc.ProtoReflect(), c)
	}
	w.returning(s.GetReturningList(), sc.ID)
	return sc.ID
}

func (w *walker) updateStmt(s *pg_query.UpdateStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeUpdate, origin)
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, sc.ID)
	}
	w.dmlTarget(s.GetRelation(), sc.ID)
	for i, f := range s.GetFromClause() {
		w.fromItem(f, sc.ID, i+1)
	}
	for _, t := range s.GetTargetList() {
		w.walkNode(t, ctx{scope: sc.ID, clause: ClauseSet, origin: OriginExpr})
	}
	w.where(s.GetWhereClause(), sc.ID)
	w.returning(s.GetReturningList(), sc.ID)
	return sc.ID
}

func (w *walker) deleteStmt(s *pg_query.DeleteStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeDelete, origin)
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, sc.ID)
	}
	w.dmlTarget(s.GetRelation(), sc.ID)
	for i, f := range s.GetUsingClause() {
		w.fromItem(f, sc.ID, i+1)
	}
	w.where(s.GetWhereClause(), sc.ID)
	w.returning(s.GetReturningList(), sc.ID)
	return sc.ID
}

func (w *walker) mergeStmt(s *pg_query.MergeStmt, parent int, origin Origin) int {
	sc := w.newScope(parent, ScopeMerge, origin)
	if wc := s.GetWithClause(); wc != nil {
		w.with(wc, sc.ID)
	}
	w.dmlTarget(s.GetRelation(), sc.ID)
	if src := s.GetSourceRelation(); src != nil {
		w.fromItem(src, sc.ID, 1)
	}
	w.walkNode(s.GetJoinCondition(), ctx{scope: sc.ID, clause: ClauseOn, origin: OriginExpr})
	for _, wh := range s.GetMergeWhenClauses() {
		w.walkNode(wh, ctx{scope: sc.ID, clause: ClauseOther, origin: OriginExpr})
	}
	return sc.ID
}
