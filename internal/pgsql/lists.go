package pgsql

// CodeTokens returns toks without comments, in a new slice (toks may be a
// Script's shared tokens).
func CodeTokens(toks []Token) []Token {
	out := make([]Token, 0, len(toks))
	for _, t := range toks {
		if t.Kind != TokenComment {
			out = append(out, t)
		}
	}
	return out
}

// EndsList reports whether a token ends a SELECT, GROUP BY or ORDER BY
// list. These key words are reserved: they cannot be a name in a list.
func EndsList(t Token) bool {
	switch t.Text {
	case ")", ";":
		return true
	}
	switch t.Keyword {
	case "from", "where", "group", "order", "having", "limit", "offset", "window", "union",
		"intersect", "except", "fetch", "for", "into":
		return true
	}
	return false
}

// ListClause names the list a comma at toks[i] (comments dropped) belongs
// to, walking back at its parenthesis depth: "select", "group", "order",
// or "" for any other list (function arguments, VALUES, IN lists) and for
// a comma inside parentheses that no SELECT or ORDER BY opened after.
func ListClause(toks []Token, i int) string {
	clause := ""
	BackAtDepth(toks, i, func(j int) bool {
		switch toks[j].Keyword {
		case "select":
			clause = "select"
		case "by":
			if j > 0 && (toks[j-1].Keyword == "group" || toks[j-1].Keyword == "order") {
				clause = toks[j-1].Keyword
			}
		case "from", "where", "having", "limit", "values", "set", "returning", "on", "using", "into", "window":
		default:
			return false
		}
		return true
	})
	return clause
}

// BackAtDepth calls visit for each token before i at the parenthesis
// depth of i, from nearest to farthest, until visit returns true. It
// reports false when an unmatched "(" comes first: i sits inside a call or
// a parenthesised list.
func BackAtDepth(toks []Token, i int, visit func(j int) bool) bool {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch toks[j].Text {
		case ")":
			depth++
			continue
		case "(":
			if depth == 0 {
				return false
			}
			depth--
			continue
		}
		if depth == 0 && visit(j) {
			return true
		}
	}
	return true
}

// NextAtDepth returns the index of the first token from toks[from] on, at
// the parenthesis depth of from, that stop accepts; else of the ")" that
// closes the parenthesis from sits in; else len(toks).
func NextAtDepth(toks []Token, from int, stop func(Token) bool) int {
	depth := 0
	for i := from; i < len(toks); i++ {
		switch toks[i].Text {
		case "(":
			depth++
			continue
		case ")":
			if depth == 0 {
				return i
			}
			depth--
			continue
		}
		if depth == 0 && stop(toks[i]) {
			return i
		}
	}
	return len(toks)
}
