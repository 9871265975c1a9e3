package pgsql

import (
	"strconv"

	pg_query "github.com/pganalyze/pg_query_go/v5"
)

// OpKind is the form of an operator expression.
type OpKind string

const (
	OpBinary      OpKind = "op"           // x op y; a prefix operator (-x) has no Left
	OpAny         OpKind = "any"          // x op ANY (array)
	OpAll         OpKind = "all"          // x op ALL (array)
	OpDistinct    OpKind = "distinct"     // x IS DISTINCT FROM y
	OpNotDistinct OpKind = "not_distinct" // x IS NOT DISTINCT FROM y
	OpNullIf      OpKind = "nullif"       // NULLIF(x, y)
	OpIn          OpKind = "in"           // x IN (…): Op "="; x NOT IN (…): Op "<>"; List holds the values
	OpLike        OpKind = "like"         // x [NOT] LIKE y: Op "~~" or "!~~"
	OpILike       OpKind = "ilike"        // x [NOT] ILIKE y: Op "~~*" or "!~~*"
	OpSimilar     OpKind = "similar"      // x [NOT] SIMILAR TO y: Op "~" or "!~"
	OpBetween     OpKind = "between"      // x [NOT] BETWEEN [SYMMETRIC] a AND b: List holds a and b
	OpCase        OpKind = "case"         // CASE x WHEN v …: the implicit x = v of one WHEN (Op "=")
)

// OpExpr is one operator expression with its operands: a comparison, an
// arithmetic or any other operator, the IN/LIKE/BETWEEN forms the grammar
// writes with key words, and the comparisons a simple CASE implies. Lint
// reads comparisons from these (x = NULL, a text column against a number)
// without seeing parse nodes.
//
// Subquery comparisons (x IN (SELECT …), x = ANY (SELECT …)) are not
// listed; their subqueries are scopes with a SubLink kind.
type OpExpr struct {
	Kind OpKind
	// Schema is set for OPERATOR(schema.op); "" otherwise.
	Schema string
	// Op is the operator as the grammar records it: "=", "<>" (for != too,
	// which the lexer rewrites), "<", "+", "~~" for LIKE, "BETWEEN", ….
	Op string
	// Left and Right are the operands; Left.Kind is OperandNone for a
	// prefix operator, Right.Kind for IN and BETWEEN (see List).
	Left, Right Operand
	// List holds the values of IN (…) and the bounds of BETWEEN.
	List   []Operand
	Scope  int
	Clause Clause
	// Location is the byte offset of the operator (of IN, of LIKE, of the
	// WHEN for OpCase); -1 if unknown.
	Location int
}

// OperandKind is what an operand of an operator expression is.
type OperandKind string

const (
	OperandNone   OperandKind = ""       // no operand (the left side of a prefix operator)
	OperandColumn OperandKind = "column" // a column reference, not a star: see Operand.Column
	OperandNull   OperandKind = "null"   // NULL, or NULL cast to a type (NULL::int)
	OperandNumber OperandKind = "number" // an integer or numeric literal, negative ones included
	OperandString OperandKind = "string" // an untyped string literal: 'x', E'x', $$x$$
	OperandBool   OperandKind = "bool"   // TRUE or FALSE
	OperandExpr   OperandKind = "expr"   // anything else: casts, calls, arithmetic, subqueries, typed literals (DATE '…'), bit strings, …
)

// Operand is one side of an operator expression.
type Operand struct {
	Kind OperandKind
	// Column indexes Analysis.Columns for OperandColumn; -1 otherwise.
	Column int
	// Value is the literal's text: the number as written, the string's
	// contents, "true" or "false"; "" for other kinds.
	Value string
	// Location is where a column or literal starts; for an expression, the
	// location its top node records (which may be inside it); -1 if unknown.
	Location int
}

func noOperand() Operand { return Operand{Kind: OperandNone, Column: -1, Location: -1} }

var opKinds = map[pg_query.A_Expr_Kind]OpKind{
	pg_query.A_Expr_Kind_AEXPR_OP:              OpBinary,
	pg_query.A_Expr_Kind_AEXPR_OP_ANY:          OpAny,
	pg_query.A_Expr_Kind_AEXPR_OP_ALL:          OpAll,
	pg_query.A_Expr_Kind_AEXPR_DISTINCT:        OpDistinct,
	pg_query.A_Expr_Kind_AEXPR_NOT_DISTINCT:    OpNotDistinct,
	pg_query.A_Expr_Kind_AEXPR_NULLIF:          OpNullIf,
	pg_query.A_Expr_Kind_AEXPR_IN:              OpIn,
	pg_query.A_Expr_Kind_AEXPR_LIKE:            OpLike,
	pg_query.A_Expr_Kind_AEXPR_ILIKE:           OpILike,
	pg_query.A_Expr_Kind_AEXPR_SIMILAR:         OpSimilar,
	pg_query.A_Expr_Kind_AEXPR_BETWEEN:         OpBetween,
	pg_query.A_Expr_Kind_AEXPR_NOT_BETWEEN:     OpBetween,
	pg_query.A_Expr_Kind_AEXPR_BETWEEN_SYM:     OpBetween,
	pg_query.A_Expr_Kind_AEXPR_NOT_BETWEEN_SYM: OpBetween,
}

// opExpr records an A_Expr and walks its operands (in place of the
// generic walk, so that each operand's column index is known).
func (w *walker) opExpr(x *pg_query.A_Expr, kind OpKind, c ctx) {
	schema, name := funcName(x.GetName())
	e := OpExpr{Kind: kind, Schema: schema, Op: name, Scope: c.scope, Clause: c.clause, Location: int(x.GetLocation())}
	e.Left = w.operand(x.GetLexpr(), c)
	if l := x.GetRexpr().GetList(); l != nil && (kind == OpIn || kind == OpBetween) {
		e.Right = noOperand()
		for _, it := range l.GetItems() {
			e.List = append(e.List, w.operand(it, c))
		}
	} else {
		e.Right = w.operand(x.GetRexpr(), c)
	}
	w.a.OpExprs = append(w.a.OpExprs, e)
}

// simpleCase records CASE x WHEN v THEN … as the comparisons x = v, and
// walks the expression.
func (w *walker) simpleCase(x *pg_query.CaseExpr, c ctx) {
	arg := w.operand(x.GetArg(), c)
	for _, n := range x.GetArgs() {
		cw := n.GetCaseWhen()
		if cw == nil {
			w.walkNode(n, c)
			continue
		}
		v := w.operand(cw.GetExpr(), c)
		w.a.OpExprs = append(w.a.OpExprs, OpExpr{
			Kind: OpCase, Op: "=", Left: arg, Right: v, Scope: c.scope, Clause: c.clause, Location: int(cw.GetLocation()),
		})
		w.walkNode(cw.GetResult(), c)
	}
	w.walkNode(x.GetDefresult(), c)
}

// operand describes n and walks it.
func (w *walker) operand(n *pg_query.Node, c ctx) Operand {
	if n == nil || n.GetNode() == nil {
		return noOperand()
	}
	op := Operand{Kind: OperandExpr, Column: -1, Location: nodeLocation(n)}
	switch x := n.GetNode().(type) {
	case *pg_query.Node_ColumnRef:
		if f := x.ColumnRef.GetFields(); len(f) == 0 || f[len(f)-1].GetAStar() == nil {
			op.Kind = OperandColumn
			op.Column = len(w.a.Columns) // columnRef appends exactly one
		}
	case *pg_query.Node_AConst:
		op.Kind, op.Value = constant(x.AConst)
	case *pg_query.Node_TypeCast:
		if k := x.TypeCast.GetArg().GetAConst(); k != nil && k.GetIsnull() {
			op.Kind = OperandNull
		}
	}
	w.walkNode(n, c)
	return op
}

// constant classifies an A_Const.
func constant(k *pg_query.A_Const) (OperandKind, string) {
	switch {
	case k.GetIsnull():
		return OperandNull, ""
	case k.GetIval() != nil:
		return OperandNumber, strconv.FormatInt(int64(k.GetIval().GetIval()), 10)
	case k.GetFval() != nil:
		return OperandNumber, k.GetFval().GetFval()
	case k.GetSval() != nil:
		return OperandString, k.GetSval().GetSval()
	case k.GetBoolval() != nil:
		return OperandBool, strconv.FormatBool(k.GetBoolval().GetBoolval())
	}
	return OperandExpr, "" // bit strings
}

// SubLinkKind says how an expression uses its subquery.
type SubLinkKind string

const (
	SubLinkExists     SubLinkKind = "exists"     // EXISTS (…)
	SubLinkScalar     SubLinkKind = "scalar"     // (SELECT …) as a value
	SubLinkAny        SubLinkKind = "any"        // x IN (…), x op ANY (…)
	SubLinkAll        SubLinkKind = "all"        // x op ALL (…)
	SubLinkArray      SubLinkKind = "array"      // ARRAY(…)
	SubLinkRowCompare SubLinkKind = "rowcompare" // (a, b) op (SELECT …)
	SubLinkOther      SubLinkKind = "other"
)

func subLinkKind(t pg_query.SubLinkType) SubLinkKind {
	switch t {
	case pg_query.SubLinkType_EXISTS_SUBLINK:
		return SubLinkExists
	case pg_query.SubLinkType_EXPR_SUBLINK:
		return SubLinkScalar
	case pg_query.SubLinkType_ANY_SUBLINK:
		return SubLinkAny
	case pg_query.SubLinkType_ALL_SUBLINK:
		return SubLinkAll
	case pg_query.SubLinkType_ARRAY_SUBLINK:
		return SubLinkArray
	case pg_query.SubLinkType_ROWCOMPARE_SUBLINK:
		return SubLinkRowCompare
	}
	return SubLinkOther
}

// subLink walks an expression subquery and marks its scope with the kind.
func (w *walker) subLink(x *pg_query.SubLink, c ctx) {
	w.operator(x.GetOperName(), c, int(x.GetLocation()))
	w.walkNode(x.GetTestexpr(), c)
	first := len(w.a.Scopes)
	w.walkNode(x.GetSubselect(), c)
	if len(w.a.Scopes) > first {
		w.a.Scopes[first].SubLink = subLinkKind(x.GetSubLinkType())
	}
}
