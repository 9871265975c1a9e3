package pgsql

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// The walker over expressions: column, function and operator references,
// locations, and the helpers that name and key nodes.

func (w *walker) walkNode(n *pg_query.Node, c ctx) {
	if n == nil {
		return
	}
	if m := nodeMessage(n); m != nil {
		w.walk(m, c)
	}
}

// walk visits an expression (or any other message) and everything below it.
func (w *walker) walk(m protoreflect.Message, c ctx) {
	if _, ok := w.query(m.Interface(), c.scope, c.origin); ok {
		return
	}
	switch x := m.Interface().(type) {
	case *pg_query.WithClause:
		w.with(x, c.scope)
		return
	case *pg_query.RangeVar:
		// Outside FROM lists (which fromItem handles) a RangeVar is named by
		// a utility statement: COPY t, LOCK t, CREATE TABLE t, ….
		w.table(x, c.scope, RoleOther)
		return
	case *pg_query.IntoClause:
		w.into(x, c.scope)
		return
	case *pg_query.LockingClause:
		w.locking(x, c.scope)
		return
	case *pg_query.FuncCall:
		w.funcCall(x, c)
		return
	case *pg_query.JsonArrayAgg:
		w.jsonAgg("json_arrayagg", x.GetConstructor(), x, c)
		return
	case *pg_query.JsonObjectAgg:
		w.jsonAgg("json_objectagg", x.GetConstructor(), x, c)
		return
	case *pg_query.ColumnRef:
		w.columnRef(x, c)
		return
	case *pg_query.A_Indirection:
		w.indirection(x, c)
		return
	case *pg_query.SQLValueFunction:
		w.a.SQLValues = append(w.a.SQLValues, SQLValue{
			Name:  strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(x.GetOp().String(), "SVFOP_"), "_N")),
			Scope: c.scope, Clause: c.clause, Location: int(x.GetLocation()),
		})
		return
	case *pg_query.ParamRef:
		w.a.Params = append(w.a.Params, Param{
			Number: int(x.GetNumber()), Scope: c.scope, Clause: c.clause, Location: int(x.GetLocation()),
		})
		return
	// The nodes below are recorded, then walked like any other.
	case *pg_query.TypeCast:
		// A chain of casts folds like one of calls (Analysis.ConstDepth),
		// wherever it stands.
		saved := w.constScope
		w.constScope = c.scope
		w.constantOf(m)
		w.constScope = saved
	case *pg_query.TypeName:
		schema, name := funcName(x.GetNames())
		w.a.Types = append(w.a.Types, TypeRef{Catalog: catalogPart(x.GetNames()), Schema: schema, Name: name, Location: int(x.GetLocation())})
	case *pg_query.A_Expr:
		kind := opKinds[x.GetKind()]
		if kind != OpBetween {
			// BETWEEN is named by key word; its comparisons are implicit.
			w.operator(x.GetName(), c, int(x.GetLocation()))
		}
		if kind != "" {
			w.opExpr(x, kind, c)
			return
		}
	case *pg_query.SubLink:
		w.subLink(x, c)
		return
	case *pg_query.CaseExpr:
		if x.GetArg() != nil {
			w.simpleCase(x, c)
			return
		}
	case *pg_query.GroupingFunc:
		if w.havingAgg != nil {
			*w.havingAgg = true
		}
	case *pg_query.SortBy:
		w.operator(x.GetUseOp(), c, int(x.GetLocation()))
	case *pg_query.XmlExpr:
		if x.GetOp() == pg_query.XmlExprOp_IS_XMLPARSE {
			// XMLPARSE(…) is SQL syntax for what xml(text) does: parse
			// text in libxml2. Recorded as a call, so the guard's deny
			// list judges both.
			w.recordFunc(FuncCall{
				Name: "xmlparse", Scope: c.scope, Clause: c.clause, Location: int(x.GetLocation()), SQLSyntax: true,
			}, c)
		}
	case *pg_query.CollateClause:
		names := stringList(x.GetCollname())
		ref := CollationRef{Location: int(x.GetLocation())}
		switch n := len(names); {
		case n >= 3:
			ref.Catalog = strings.Join(names[:n-2], ".")
			fallthrough
		case n == 2:
			ref.Schema = names[n-2]
			fallthrough
		case n == 1:
			ref.Name = names[n-1]
		}
		w.a.Collations = append(w.a.Collations, ref)
	}
	children(m, func(ch protoreflect.Message) { w.walk(ch, c) })
}

// children calls f for each message directly below m, in field order: the
// messages of singular and list fields (pg_query's tree has no maps of
// nodes).
func children(m protoreflect.Message, f func(protoreflect.Message)) {
	populated(m, func(fd protoreflect.FieldDescriptor, v protoreflect.Value) {
		switch {
		case fd.IsMap():
		case fd.IsList():
			if fd.Message() != nil {
				l := v.List()
				for i := 0; i < l.Len(); i++ {
					f(l.Get(i).Message())
				}
			}
		case fd.Message() != nil:
			f(v.Message())
		}
	})
}

// populated calls f for each populated field of m in declaration order.
// It replaces protoreflect's Message.Range, whose order is unspecified:
// protobuf-go swaps two adjacent fields of every message type in about half
// of all builds, chosen by a hash of the executable (internal/detrand). A
// walk in Range order made Analysis.Tables differ from binary to binary,
// e.g. a CREATE TABLE's referenced tables listed before the table itself.
func populated(m protoreflect.Message, f func(protoreflect.FieldDescriptor, protoreflect.Value)) {
	fds := m.Descriptor().Fields()
	for i := 0; i < fds.Len(); i++ {
		fd := fds.Get(i)
		if od := fd.ContainingOneof(); od != nil && !od.IsSynthetic() {
			// A oneof's fields are declared together and at most one is
			// set: WhichOneof finds it without testing each of Node's
			// hundreds of fields (protobuf-go's Range assumes the same).
			i += od.Fields().Len() - 1
			if fd = m.WhichOneof(od); fd == nil {
				continue
			}
		} else if !m.Has(fd) {
			continue
		}
		f(fd, m.Get(fd))
	}
}

func (w *walker) funcCall(f *pg_query.FuncCall, c ctx) {
	schema, name := funcName(f.GetFuncname())
	fc := FuncCall{
		Catalog: catalogPart(f.GetFuncname()),
		Schema:  schema, Name: name, Scope: c.scope, Clause: c.clause, Location: int(f.GetLocation()),
		InFrom: c.fromFunc, Star: f.GetAggStar(), Distinct: f.GetAggDistinct(), Window: f.GetOver() != nil,
		SQLSyntax: f.GetFuncformat() == pg_query.CoercionForm_COERCE_SQL_SYNTAX,
	}
	fc.Aggregate = !fc.Window && (f.GetAggStar() || f.GetAggDistinct() || len(f.GetAggOrder()) > 0 ||
		f.GetAggFilter() != nil || f.GetAggWithinGroup() || BuiltinAggregate(schema, name))
	idx := w.recordFunc(fc, c)
	inner := c
	inner.fromFunc = false
	if fc.Aggregate {
		inner.inAgg = true
		if c.agg == 0 {
			inner.agg = idx + 1
		}
	}
	args := make([]Arg, 0, len(f.GetArgs()))
	for _, a := range f.GetArgs() {
		arg := Arg{FirstCall: len(w.a.Functions)}
		if na := a.GetNamedArgExpr(); na != nil {
			arg.Name, a = na.GetName(), na.GetArg()
		}
		cols := len(w.a.Columns)
		arg.Value = w.operand(a, inner)
		arg.EndCall = len(w.a.Functions)
		k := w.constantIn(a, c.scope)
		arg.Fixed, arg.Numbers = k.fixed, k.numbers
		arg.FixedColumn = k.fixed && len(w.a.Columns) > cols
		args = append(args, arg)
	}
	if len(args) > 0 {
		w.a.Functions[idx].Args = args
	}
	for _, o := range f.GetAggOrder() {
		w.walkNode(o, inner)
	}
	w.walkNode(f.GetAggFilter(), inner)
	if over := f.GetOver(); over != nil {
		w.walk(over.ProtoReflect(), inner)
	}
}

func (w *walker) jsonAgg(name string, con *pg_query.JsonAggConstructor, m proto.Message, c ctx) {
	fc := FuncCall{
		Name: name, Scope: c.scope, Clause: c.clause, Location: int(con.GetLocation()),
		Window: con.GetOver() != nil, SQLSyntax: true,
	}
	fc.Aggregate = !fc.Window
	idx := w.recordFunc(fc, c)
	inner := c
	inner.fromFunc = false
	inner.inAgg = inner.inAgg || fc.Aggregate
	if fc.Aggregate && c.agg == 0 {
		inner.agg = idx + 1
	}
	populated(m.ProtoReflect(), func(fd protoreflect.FieldDescriptor, v protoreflect.Value) {
		if fd.Message() != nil && !fd.IsList() && !fd.IsMap() {
			w.walk(v.Message(), inner)
		}
	})
}

// recordFunc adds fc to the analysis and returns its index.
func (w *walker) recordFunc(fc FuncCall, c ctx) int {
	idx := len(w.a.Functions)
	w.a.Functions = append(w.a.Functions, fc)
	if fc.Aggregate && w.havingAgg != nil {
		*w.havingAgg = true
	}
	if c.target != nil {
		if fc.Aggregate && !c.inAgg {
			c.target.Aggregates = append(c.target.Aggregates, idx)
		}
		if fc.Window {
			c.target.Window = true
		}
	}
	return idx
}

func (w *walker) columnRef(cr *pg_query.ColumnRef, c ctx) {
	ref := ColumnRef{Scope: c.scope, Clause: c.clause, InAggregate: c.inAgg, Location: int(cr.GetLocation())}
	var parts []string
	for _, f := range cr.GetFields() {
		switch {
		case f.GetString_() != nil:
			parts = append(parts, f.GetString_().GetSval())
		case f.GetAStar() != nil:
			ref.Star = true
		}
	}
	if ref.Star {
		ref.Qualifier = parts
	} else if len(parts) > 0 {
		ref.Qualifier = parts[:len(parts)-1]
		ref.Name = parts[len(parts)-1]
	}
	if len(ref.Qualifier) == 0 {
		ref.Qualifier = nil
	}
	idx := len(w.a.Columns)
	w.a.Columns = append(w.a.Columns, ref)
	if c.agg > 0 {
		f := &w.a.Functions[c.agg-1]
		f.Columns = append(f.Columns, idx)
	}
	if c.target != nil && !c.inAgg {
		c.target.Columns = append(c.target.Columns, idx)
	}
	if c.group != nil {
		c.group.Columns = append(c.group.Columns, idx)
	}
	for _, cols := range w.conjs {
		*cols = append(*cols, idx)
	}
}

// indirection walks (x).f, (x)[i] and the like, recording the field names.
func (w *walker) indirection(ind *pg_query.A_Indirection, c ctx) {
	loc := w.minLocation(ind.GetArg().ProtoReflect())
	var of string
	if cr := ind.GetArg().GetColumnRef(); cr != nil {
		names := stringList(cr.GetFields())
		if len(names) == len(cr.GetFields()) { // no star
			of = strings.Join(names, ".")
		}
	}
	for i, n := range ind.GetIndirection() {
		s := n.GetString_()
		if s == nil {
			of = "" // a subscript or star: no longer a plain path
			continue
		}
		w.a.Fields = append(w.a.Fields, FieldRef{Name: s.GetSval(), Of: of, Scope: c.scope, Clause: c.clause, Location: loc})
		if of != "" {
			if i == 0 {
				of = "(" + of + ")"
			}
			of += "." + s.GetSval()
		}
	}
	w.walkNode(ind.GetArg(), c)
	for _, n := range ind.GetIndirection() {
		w.walkNode(n, c) // subscripts hold expressions
	}
}

// operator records an operator name list (["="], ["s", "op"]); an empty
// list records nothing.
func (w *walker) operator(names []*pg_query.Node, c ctx, loc int) {
	schema, name := funcName(names)
	if name == "" {
		return
	}
	w.a.Operators = append(w.a.Operators, OperatorRef{Schema: schema, Name: name, Scope: c.scope, Location: loc})
}

// minLocation returns the smallest location below m (where the
// expression starts in the text); -1 if there is none. Results are kept,
// so that nested field selections ((((x).a).b).c) cost linear time.
func (w *walker) minLocation(m protoreflect.Message) int {
	key := m.Interface()
	if loc, ok := w.locs[key]; ok {
		return loc
	}
	best := -1
	// Read directly: Range skips a location of 0, the proto3 zero value.
	if fd := m.Descriptor().Fields().ByName("location"); fd != nil && fd.Kind() == protoreflect.Int32Kind {
		best = max(int(m.Get(fd).Int()), -1)
	}
	children(m, func(ch protoreflect.Message) {
		if loc := w.minLocation(ch); loc >= 0 && (best < 0 || loc < best) {
			best = loc
		}
	})
	if w.locs == nil {
		w.locs = map[proto.Message]int{}
	}
	w.locs[key] = best
	return best
}

// funcName splits a qualified name (function, type, operator).
func funcName(names []*pg_query.Node) (schema, name string) {
	parts := stringList(names)
	switch len(parts) {
	case 0:
		return "", ""
	case 1:
		return "", parts[0]
	}
	return parts[len(parts)-2], parts[len(parts)-1]
}

// catalogPart is the database part of a three-part name (db.schema.name),
// "" for a shorter one. PostgreSQL refuses any but the current database,
// and says which that is.
func catalogPart(names []*pg_query.Node) string {
	if parts := stringList(names); len(parts) >= 3 {
		return parts[len(parts)-3]
	}
	return ""
}

// stringList returns the String values of a node list.
func stringList(nodes []*pg_query.Node) []string {
	var out []string
	for _, n := range nodes {
		if s := n.GetString_(); s != nil {
			out = append(out, s.GetSval())
		}
	}
	return out
}

// figureColname names an unaliased select-list expression the way Postgres'
// FigureColname does for the common forms.
func figureColname(n *pg_query.Node) string {
	switch x := n.GetNode().(type) {
	case *pg_query.Node_ColumnRef:
		f := stringList(x.ColumnRef.GetFields())
		if len(f) > 0 {
			return f[len(f)-1]
		}
	case *pg_query.Node_FuncCall:
		_, name := funcName(x.FuncCall.GetFuncname())
		return name
	case *pg_query.Node_TypeCast:
		if name := figureColname(x.TypeCast.GetArg()); name != "?column?" {
			return name
		}
		if names := stringList(x.TypeCast.GetTypeName().GetNames()); len(names) > 0 {
			return names[len(names)-1]
		}
	case *pg_query.Node_AIndirection:
		if f := stringList(x.AIndirection.GetIndirection()); len(f) > 0 {
			return f[len(f)-1]
		}
		return figureColname(x.AIndirection.GetArg())
	case *pg_query.Node_CaseExpr:
		return "case"
	case *pg_query.Node_CoalesceExpr:
		return "coalesce"
	case *pg_query.Node_MinMaxExpr:
		if x.MinMaxExpr.GetOp() == pg_query.MinMaxOp_IS_LEAST {
			return "least"
		}
		return "greatest"
	case *pg_query.Node_AArrayExpr:
		return "array"
	case *pg_query.Node_RowExpr:
		return "row"
	case *pg_query.Node_JsonArrayAgg:
		return "json_arrayagg"
	case *pg_query.Node_JsonObjectAgg:
		return "json_objectagg"
	case *pg_query.Node_SubLink:
		switch x.SubLink.GetSubLinkType() {
		case pg_query.SubLinkType_EXISTS_SUBLINK:
			return "exists"
		case pg_query.SubLinkType_ARRAY_SUBLINK:
			return "array"
		case pg_query.SubLinkType_EXPR_SUBLINK:
			if sel := x.SubLink.GetSubselect().GetSelectStmt(); sel != nil && len(sel.GetTargetList()) > 0 {
				rt := sel.GetTargetList()[0].GetResTarget()
				if rt.GetName() != "" {
					return rt.GetName()
				}
				return figureColname(rt.GetVal())
			}
		}
	}
	return "?column?"
}

// startOf returns where the expression n starts in the text; -1 if unknown.
func (w *walker) startOf(n *pg_query.Node) int {
	m := nodeMessage(n)
	if m == nil {
		return -1
	}
	return w.minLocation(m)
}

// nodeLocation returns the location field of the node's message, -1 if none.
func nodeLocation(n *pg_query.Node) int {
	m := nodeMessage(n)
	if m == nil {
		return -1
	}
	fd := m.Descriptor().Fields().ByName("location")
	if fd == nil || fd.Kind() != protoreflect.Int32Kind {
		return -1
	}
	return int(m.Get(fd).Int())
}

// exprKey identifies an expression's structure, locations ignored.
func exprKey(n *pg_query.Node) string {
	if n == nil {
		return ""
	}
	c := proto.Clone(n)
	clearLocations(c.ProtoReflect())
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(c)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// clearLocations zeroes every location field below m, so that trees parsed
// from differently formatted text compare equal.
func clearLocations(m protoreflect.Message) {
	children(m, clearLocations)
	fields := m.Descriptor().Fields()
	for _, name := range []protoreflect.Name{"location", "stmt_location", "stmt_len"} {
		if fd := fields.ByName(name); fd != nil && fd.Kind() == protoreflect.Int32Kind && !fd.IsList() {
			m.Clear(fd)
		}
	}
}
