package repair

import (
	"errors"
	"fmt"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// syntax removes trailing commas from the SELECT, GROUP BY and ORDER BY
// lists of SQL that does not parse: a comma the lexer shows right before
// the key word that ends the list (FROM, WHERE, LIMIT, …), a closing
// parenthesis or the end of the input. Such a comma is always a syntax
// error, and dropping it is the only reading. Passes repeat while the
// parser stops at a comma they removed.
func (r *Repairer) syntax(sql string, se *pgsql.SyntaxError) Result {
	res := Result{SQL: sql}
	cur := sql
	var fixes []Fix
	for round := 0; round < r.cfg.MaxSyntaxRounds; round++ {
		toks, err := pgsql.Scan(cur)
		if err != nil {
			res.Reason = "syntax error the lexer cannot split: " + err.Error()
			return res
		}
		var edits []edit
		var found []Fix
		code := codeTokens(toks)
		for i, t := range code {
			if t.Text != "," {
				continue
			}
			if i+1 < len(code) && !endsList(code[i+1]) {
				continue
			}
			if clauseOf(code, i) == "" {
				continue
			}
			edits = append(edits, edit{t.Start, t.End, ""})
			found = append(found, Fix{Kind: KindTrailingComma, From: ",", To: "", Position: charPos(cur, t.Start), Score: 1})
		}
		if len(edits) == 0 {
			break
		}
		out, err := applyEdits(cur, edits)
		if err != nil {
			break
		}
		cur, fixes = out, append(fixes, found...)
		_, perr := pgsql.Parse(cur)
		if perr == nil {
			res.Applied, res.SQL, res.Fixes = true, cur, fixes
			res.Reason = fmt.Sprintf("removed %d trailing comma(s)", len(fixes))
			return res
		}
		if !errors.As(perr, &se) {
			break
		}
	}
	res.Reason = "syntax error that is not a trailing comma: " + se.Message
	return res
}

// codeTokens drops comments.
func codeTokens(toks []pgsql.Token) []pgsql.Token {
	out := make([]pgsql.Token, 0, len(toks))
	for _, t := range toks {
		if t.Kind != pgsql.TokenComment {
			out = append(out, t)
		}
	}
	return out
}

// endsList reports whether a token ends a SELECT, GROUP BY or ORDER BY
// list. These key words are reserved: they cannot be a name in a list.
func endsList(t pgsql.Token) bool {
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

// clauseOf finds the list a comma at toks[i] belongs to, walking back at
// its parenthesis depth: "select", "group", "order", or "" for any other
// list (function arguments, VALUES, IN lists), which is left alone.
func clauseOf(toks []pgsql.Token, i int) string {
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
