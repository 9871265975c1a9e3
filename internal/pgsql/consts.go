package pgsql

import (
	"math"
	"slices"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v5"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Constant arguments: what a call's argument fixes before any row is read,
// which the planner folds while EXPLAIN plans (repeat('a', 100000000)
// allocates then).

// constValue is what the walker knows of an expression's constant value.
type constValue struct {
	// numbers: the value when it is a number (one) or an array of numbers
	// (each element); nil when not known.
	numbers []float64
	// fixed: the expression reads no column, parameter, subquery or
	// aggregate, so its value is the same for every row.
	fixed bool
	// depth: the nesting of calls and casts in the expression, for a
	// fixed one.
	depth int
}

// numericFuncs are the built-in functions over numbers whose value the
// walker computes from known arguments.
var numericFuncs = map[string]func(a []float64) (float64, bool){
	"abs":     func(a []float64) (float64, bool) { return math.Abs(a[0]), len(a) == 1 },
	"ceil":    func(a []float64) (float64, bool) { return math.Ceil(a[0]), len(a) == 1 },
	"ceiling": func(a []float64) (float64, bool) { return math.Ceil(a[0]), len(a) == 1 },
	"floor":   func(a []float64) (float64, bool) { return math.Floor(a[0]), len(a) == 1 },
	"round":   func(a []float64) (float64, bool) { return math.Round(a[0]), len(a) <= 2 },
	"trunc":   func(a []float64) (float64, bool) { return math.Trunc(a[0]), len(a) <= 2 },
	"exp":     func(a []float64) (float64, bool) { return math.Exp(a[0]), len(a) == 1 },
	"sqrt":    func(a []float64) (float64, bool) { return math.Sqrt(a[0]), len(a) == 1 },
	"power":   func(a []float64) (float64, bool) { return math.Pow(a[0], a[len(a)-1]), len(a) == 2 },
	"pow":     func(a []float64) (float64, bool) { return math.Pow(a[0], a[len(a)-1]), len(a) == 2 },
	"mod":     func(a []float64) (float64, bool) { return math.Mod(a[0], a[len(a)-1]), len(a) == 2 },
	"div":     func(a []float64) (float64, bool) { return math.Trunc(a[0] / a[len(a)-1]), len(a) == 2 },
}

// setReturningFuncs are the built-in set-returning functions a select
// list calls to make rows (generate_series for a calendar or a histogram's
// buckets). The planner pulls up no subquery whose select list has one
// (is_simple_subquery), so none of its columns is folded while EXPLAIN
// plans.
var setReturningFuncs = map[string]bool{
	"generate_series": true, "generate_subscripts": true, "unnest": true,
	"regexp_matches": true, "regexp_split_to_table": true, "string_to_table": true,
	"json_array_elements": true, "json_array_elements_text": true, "jsonb_array_elements": true, "jsonb_array_elements_text": true,
	"json_each": true, "json_each_text": true, "jsonb_each": true, "jsonb_each_text": true,
	"json_object_keys": true, "jsonb_object_keys": true, "jsonb_path_query": true,
}

// setReturning reports whether an expression calls a built-in
// set-returning function (setReturningFuncs) outside a subquery.
func setReturning(m protoreflect.Message) bool {
	switch x := m.Interface().(type) {
	case *pg_query.SubLink:
		return false
	case *pg_query.FuncCall:
		if schema, name := funcName(x.GetFuncname()); (schema == "" || schema == "pg_catalog") && setReturningFuncs[name] {
			return true
		}
	}
	found := false
	children(m, func(ch protoreflect.Message) {
		found = found || setReturning(ch)
	})
	return found
}

// arithmetic are the operators whose value the walker computes.
var arithmetic = map[string]func(x, y float64) float64{
	"+": func(x, y float64) float64 { return x + y },
	"-": func(x, y float64) float64 { return x - y },
	"*": func(x, y float64) float64 { return x * y },
	"/": func(x, y float64) float64 { return x / y },
	"%": math.Mod,
	"^": math.Pow,
}

// constant returns what n fixes. Results are kept, so that the arguments
// of nested calls cost linear time in all.
func (w *walker) constant(n *pg_query.Node) constValue {
	if n == nil {
		return constValue{fixed: true}
	}
	m := nodeMessage(n)
	if m == nil {
		return constValue{fixed: true}
	}
	return w.constantOf(m)
}

// constantOf is constant for a node's message.
func (w *walker) constantOf(m protoreflect.Message) constValue {
	key := m.Interface()
	if v, ok := w.consts[key]; ok {
		return v
	}
	v := w.evaluate(m)
	if v.numbers != nil && hasNaN(v.numbers) {
		v.numbers = nil
	}
	if !v.fixed {
		v.depth = 0
	} else if v.depth > w.a.ConstDepth {
		w.a.ConstDepth, w.a.ConstLocation = v.depth, w.minLocation(m)
	}
	if w.consts == nil {
		w.consts = map[proto.Message]constValue{}
	}
	w.consts[key] = v
	return v
}

func hasNaN(xs []float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) {
			return true
		}
	}
	return false
}

// constantIn is constant for an expression of scope, whose column
// references it resolves there.
func (w *walker) constantIn(n *pg_query.Node, scope int) constValue {
	saved := w.constScope
	w.constScope = scope
	defer func() { w.constScope = saved }()
	return w.constant(n)
}

// addOutConst records what the next output column of scope fixes.
func (w *walker) addOutConst(scope int, v constValue) {
	if w.outConsts == nil {
		w.outConsts = map[int][]constValue{}
	}
	w.outConsts[scope] = append(w.outConsts[scope], v)
}

// columnConst is what a column reference of w.constScope fixes: what its
// expression fixes when it names an output column of a subquery, a
// single-row VALUES list or a CTE whose expression it is (the planner
// puts the expression in the reference's place and folds it), else
// nothing. An unqualified name is looked for in the innermost scope
// whose items list it; Postgres refuses it if another item has it too.
func (w *walker) columnConst(cr *pg_query.ColumnRef) constValue {
	names := stringList(cr.GetFields())
	if len(names) == 0 || len(names) != len(cr.GetFields()) {
		return constValue{} // a star
	}
	q, name := names[:len(names)-1], names[len(names)-1]
	item, found := FromItem{}, false
	if len(q) > 0 {
		if r, ok := w.a.Resolve(w.constScope, q); ok {
			item, found = w.a.Item(r), true
		}
	} else {
		for s := w.constScope; !found && s >= 0 && s < len(w.a.Scopes); s = w.a.Scopes[s].Parent {
			for _, it := range w.a.Scopes[s].Items {
				if slices.Contains(it.Columns, name) {
					item, found = it, true
					break
				}
			}
		}
	}
	if !found || item.Body < 0 || (item.Kind != ItemSubquery && item.Kind != ItemCTE) {
		return constValue{}
	}
	i := slices.Index(item.Columns, name)
	if out := w.outConsts[item.Body]; i >= 0 && i < len(out) && len(out) == len(item.Columns) {
		return out[i]
	}
	return constValue{}
}

func (w *walker) evaluate(m protoreflect.Message) constValue {
	switch x := m.Interface().(type) {
	case *pg_query.ColumnRef:
		return w.columnConst(x)
	case *pg_query.ParamRef, *pg_query.SubLink, *pg_query.GroupingFunc:
		return constValue{}
	case *pg_query.A_Const:
		switch {
		case x.GetIsnull():
			return constValue{numbers: []float64{0}, fixed: true} // NULL: the call yields NULL
		case x.GetIval() != nil:
			return constValue{numbers: []float64{float64(x.GetIval().GetIval())}, fixed: true}
		case x.GetFval() != nil:
			return constValue{numbers: parseNumbers(x.GetFval().GetFval()), fixed: true}
		case x.GetSval() != nil:
			return constValue{numbers: parseNumbers(x.GetSval().GetSval()), fixed: true}
		}
		return constValue{fixed: true}
	case *pg_query.TypeCast:
		v := w.constant(x.GetArg())
		v.depth++
		return v
	case *pg_query.A_Expr:
		l, r := w.constant(x.GetLexpr()), w.constant(x.GetRexpr())
		v := constValue{fixed: l.fixed && r.fixed, depth: max(l.depth, r.depth)}
		schema, op := funcName(x.GetName())
		f, ok := arithmetic[op]
		if x.GetKind() != pg_query.A_Expr_Kind_AEXPR_OP || !ok || (schema != "" && schema != "pg_catalog") || len(r.numbers) != 1 {
			return v
		}
		switch {
		case x.GetLexpr() == nil && op == "-":
			v.numbers = []float64{-r.numbers[0]}
		case x.GetLexpr() == nil && op == "+":
			v.numbers = r.numbers
		case len(l.numbers) == 1:
			v.numbers = []float64{f(l.numbers[0], r.numbers[0])}
		}
		return v
	case *pg_query.A_ArrayExpr:
		v := constValue{fixed: true, numbers: []float64{}}
		for _, e := range x.GetElements() {
			ev := w.constant(e)
			v.fixed = v.fixed && ev.fixed
			v.depth = max(v.depth, ev.depth)
			if ev.numbers == nil || v.numbers == nil {
				v.numbers = nil
				continue
			}
			v.numbers = append(v.numbers, ev.numbers...)
		}
		return v
	case *pg_query.MinMaxExpr:
		v := constValue{fixed: true}
		var best float64
		known := true
		for i, a := range x.GetArgs() {
			av := w.constant(a)
			v.fixed = v.fixed && av.fixed
			v.depth = max(v.depth, av.depth)
			if len(av.numbers) != 1 {
				known = false
				continue
			}
			if n := av.numbers[0]; i == 0 || (x.GetOp() == pg_query.MinMaxOp_IS_GREATEST) == (n > best) {
				best = n
			}
		}
		if known && len(x.GetArgs()) > 0 {
			v.numbers = []float64{best}
		}
		return v
	case *pg_query.FuncCall:
		if x.GetAggStar() || x.GetAggDistinct() || len(x.GetAggOrder()) > 0 || x.GetAggFilter() != nil ||
			x.GetAggWithinGroup() || x.GetOver() != nil {
			return constValue{}
		}
		schema, name := funcName(x.GetFuncname())
		if BuiltinAggregate(schema, name) {
			return constValue{}
		}
		v := constValue{fixed: true}
		args := make([]float64, 0, len(x.GetArgs()))
		for _, a := range x.GetArgs() {
			av := w.constant(a)
			v.fixed = v.fixed && av.fixed
			v.depth = max(v.depth, av.depth+1)
			if len(av.numbers) == 1 {
				args = append(args, av.numbers[0])
			}
		}
		if f, ok := numericFuncs[name]; ok && (schema == "" || schema == "pg_catalog") &&
			len(args) == len(x.GetArgs()) && len(args) > 0 {
			if n, ok := f(args); ok {
				v.numbers = []float64{n}
			}
		}
		return v
	}
	v := constValue{fixed: true}
	children(m, func(ch protoreflect.Message) {
		if !v.fixed {
			return
		}
		var cv constValue
		if n, ok := ch.Interface().(*pg_query.Node); ok {
			cv = w.constant(n)
		} else {
			cv = w.evaluate(ch)
		}
		v.fixed, v.depth = cv.fixed, max(v.depth, cv.depth)
	})
	return v
}

// parseNumbers reads a literal's text as Postgres reads it as a number
// ("100000", " 1e6 ") or an array of numbers ("{1000, 1000}"); nil when it
// is neither.
func parseNumbers(s string) []float64 {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
		out := []float64{}
		for _, e := range strings.Split(strings.NewReplacer("{", ",", "}", ",").Replace(s), ",") {
			if e = strings.TrimSpace(e); e == "" {
				continue
			}
			n, err := strconv.ParseFloat(e, 64)
			if err != nil {
				return nil
			}
			out = append(out, n)
		}
		return out
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil
	}
	return []float64{n}
}
