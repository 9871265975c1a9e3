package sqlguard

import (
	"fmt"
	"strings"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// diagnose explains a syntax error in the lint codes (docs/DESIGN.md, Lint
// codes) where it can:
// an unterminated quote, unbalanced parentheses, a trailing comma before
// the next clause, a JOIN with no ON/USING. It uses Postgres' lexer and the
// parser's error position, so strings, quoted names and comments never
// confuse it. Errors it cannot explain yield no issues (the guard then
// reports LintSyntaxError).
func diagnose(sql string, se *pgsql.SyntaxError) []LintIssue {
	if strings.HasPrefix(se.Message, "unterminated ") && !strings.Contains(se.Message, "comment") {
		what := strings.TrimPrefix(se.Message, "unterminated ")
		if i := strings.Index(what, " at or near"); i >= 0 {
			what = what[:i]
		}
		return []LintIssue{{
			Code: LintUnclosedQuote, Severity: SeverityError, Position: se.Position,
			Message: lineMsg(sql, se.Offset, "%s is never closed", what),
		}}
	}
	all, err := pgsql.Scan(sql)
	if err != nil {
		return nil
	}
	toks := pgsql.CodeTokens(all)
	var out []LintIssue
	issue := func(code string, off int, format string, args ...any) {
		out = append(out, LintIssue{
			Code: code, Severity: SeverityError, Position: charPos(sql, off),
			Message: lineMsg(sql, off, format, args...),
		})
	}

	// Parentheses.
	var open []int
	for _, t := range toks {
		switch t.Text {
		case "(":
			open = append(open, t.Start)
		case ")":
			if len(open) == 0 {
				issue(LintUnbalancedParens, t.Start, "')' has no matching '('")
				goto parensDone
			}
			open = open[:len(open)-1]
		}
	}
	if len(open) > 0 {
		issue(LintUnbalancedParens, open[len(open)-1], "'(' is never closed (%d unclosed)", len(open))
	}
parensDone:

	if se.Offset < 0 {
		return out
	}
	// idx is the token the parser stopped at; len(toks) for end of input.
	idx := len(toks)
	for i, t := range toks {
		if t.Start >= se.Offset {
			idx = i
			break
		}
	}
	next := "end of input"
	if idx < len(toks) {
		next = toks[idx].Text
	}

	// Trailing comma before the next clause.
	if idx > 0 && toks[idx-1].Text == "," && (idx == len(toks) || pgsql.EndsList(toks[idx])) {
		switch pgsql.ListClause(toks, idx-1) {
		case "select":
			issue(LintTrailingCommaSelect, toks[idx-1].Start, "trailing comma in the SELECT list before %s", next)
		case "group":
			issue(LintTrailingCommaGroupBy, toks[idx-1].Start, "trailing comma in GROUP BY before %s", next)
		case "order":
			issue(LintTrailingCommaOrderBy, toks[idx-1].Start, "trailing comma in ORDER BY before %s", next)
		}
	}

	// JOIN without ON/USING: the parser stops at whatever follows the
	// joined item.
	if idx == len(toks) || followsJoinItem(toks[idx]) {
		if j := lastJoin(toks, idx); j >= 0 {
			var item []string
			for _, t := range toks[j+1 : idx] {
				item = append(item, t.Text)
			}
			issue(LintJoinWithoutCondition, toks[j].Start, "JOIN %s has no ON or USING condition", compact(item))
		}
	}
	return out
}

func lineMsg(sql string, off int, format string, args ...any) string {
	msg := fmt.Sprintf(format, args...)
	if line, _ := pgsql.LineCol(sql, off); line > 0 {
		msg += fmt.Sprintf(" (line %d)", line)
	}
	return msg
}

// compact joins tokens of a name like "shop . orders o" into "shop.orders o".
func compact(toks []string) string {
	s := strings.Join(toks, " ")
	s = strings.ReplaceAll(s, " . ", ".")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// followsJoinItem reports whether t can follow a complete FROM item.
func followsJoinItem(t pgsql.Token) bool {
	switch t.Text {
	case ")", ";":
		return true
	}
	switch t.Keyword {
	case "where", "group", "order", "limit", "offset", "having", "window", "union", "intersect",
		"except", "fetch", "for", "join", "inner", "left", "right", "full", "cross", "natural":
		return true
	}
	return false
}

// lastJoin returns the index of a JOIN keyword that the tokens before idx
// (at the same parenthesis depth) show to be the last clause keyword, when
// that JOIN needs a condition; -1 otherwise.
func lastJoin(toks []pgsql.Token, idx int) int {
	found := -1
	pgsql.BackAtDepth(toks, idx, func(j int) bool {
		switch toks[j].Keyword {
		case "join":
			if j == idx-1 {
				return true // nothing joined yet: a different error
			}
			for k := j - 1; k >= 0 && k >= j-2; k-- {
				if toks[k].Keyword == "cross" || toks[k].Keyword == "natural" {
					return true
				}
			}
			found = j
			return true
		case "on", "using", "from", "where", "select", "group", "order", "having", "limit":
			return true
		}
		return false
	})
	return found
}
