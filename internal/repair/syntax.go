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
		code := pgsql.CodeTokens(toks)
		for i, t := range code {
			if t.Text != "," {
				continue
			}
			if i+1 < len(code) && !pgsql.EndsList(code[i+1]) {
				continue
			}
			if pgsql.ListClause(code, i) == "" {
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
