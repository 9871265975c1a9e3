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
// or "" for any other list (function arguments, VALUES, IN lists).
func ListClause(toks []Token, i int) string {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch toks[j].Text {
		case ")":
			depth++
			continue
		case "(":
			if depth == 0 {
				// The comma is inside parentheses that no SELECT or
				// ORDER BY opened after: a call's arguments or a list.
				return ""
			}
			depth--
			continue
		}
		if depth > 0 {
			continue
		}
		switch toks[j].Keyword {
		case "select":
			return "select"
		case "by":
			if j > 0 && (toks[j-1].Keyword == "group" || toks[j-1].Keyword == "order") {
				return toks[j-1].Keyword
			}
			return ""
		case "from", "where", "having", "limit", "values", "set", "returning", "on", "using", "into", "window":
			return ""
		}
	}
	return ""
}
