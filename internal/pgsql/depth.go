package pgsql

import (
	pg_query "github.com/pganalyze/pg_query_go/v5"
)

// MaxDepth bounds how deeply SQL may nest before the parser sees it. The
// parser's C code (its protobuf output, Normalize) recurses once per level
// of a left-nested chain (1+1+1..., a||b||c..., x::int::int..., a run of
// JOINs or UNIONs), and the grammar builds such chains without a limit of
// its own: about 24,000 levels overflow an 8 MB thread stack and kill the
// whole process (a review's find: a 48 KB correction from a client's
// feedback crashed the service on every retry), and far fewer do on a
// smaller stack (2 MB, glibc's default for threads when the stack limit is
// unlimited). Right-nested constructs (NOT NOT ..., nested CASE,
// parentheses) meet the grammar's own stack limit (10,000) and fail
// cleanly. Parse's output refuses trees past ~5,000 levels anyway. No SQL
// a person or a model writes nests a thousand deep.
const MaxDepth = 1000

// checkDepth refuses sql whose nesting, as its tokens tell it, passes
// MaxDepth. A chain of depth d needs at least 2d bytes, so shorter input
// is never scanned; the scanner is flat (it does not recurse). The count
// over-estimates rather than under: per parenthesis level, binary
// operators since the last comma or clause word, JOINs and set operations
// each add a level, and the levels of enclosing parentheses add up.
func checkDepth(sql string) *SyntaxError {
	if len(sql) < 2*MaxDepth {
		return nil
	}
	res, err := pg_query.Scan(sql)
	if err != nil {
		return nil // a lexical error: the parser reports it
	}
	type level struct{ chain, joins, setops int }
	stack := []level{{}}
	outer := 0 // the depth of the enclosing levels
	for _, t := range res.GetTokens() {
		top := &stack[len(stack)-1]
		switch tok := t.GetToken(); {
		case tok == pg_query.Token_ASCII_40: // (
			outer += top.chain + top.joins + top.setops + 1
			stack = append(stack, level{})
			continue
		case tok == pg_query.Token_ASCII_41: // )
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
				p := stack[len(stack)-1]
				outer -= p.chain + p.joins + p.setops + 1
			}
			continue
		case tok == pg_query.Token_JOIN:
			top.joins++
		case tok == pg_query.Token_UNION || tok == pg_query.Token_INTERSECT || tok == pg_query.Token_EXCEPT:
			top.setops++
		case chainOperator(t):
			top.chain++
		case chainBreak[tok]:
			top.chain = 0
		}
		if d := outer + top.chain + top.joins + top.setops; d > MaxDepth {
			off := int(t.GetStart())
			// syntax_error, as the grammar's own "memory exhausted": the
			// text is refused, not the server (a limit's class would be
			// retried as an outage).
			return posError(sql, off, "SQL nested too deeply: more than 1000 levels (operators chained without parentheses, JOINs, UNIONs)", SQLSTATESyntaxError)
		}
	}
	return nil
}

// chainBreak are the tokens after which an expression starts afresh: a
// comma or semicolon, AND and OR (which build flat lists), and the words
// that begin a clause or a CASE branch. Other key words (a type after ::,
// NOT, NULL) leave the chain as it is: counting too much is the safe side.
var chainBreak = map[pg_query.Token]bool{
	pg_query.Token_ASCII_44: true, pg_query.Token_ASCII_59: true,
	pg_query.Token_AND: true, pg_query.Token_OR: true,
	pg_query.Token_SELECT: true, pg_query.Token_FROM: true, pg_query.Token_WHERE: true, pg_query.Token_GROUP_P: true,
	pg_query.Token_HAVING: true, pg_query.Token_ORDER: true, pg_query.Token_LIMIT: true, pg_query.Token_OFFSET: true,
	pg_query.Token_ON: true, pg_query.Token_USING: true, pg_query.Token_WHEN: true, pg_query.Token_THEN: true,
	pg_query.Token_ELSE: true, pg_query.Token_END_P: true, pg_query.Token_CASE: true, pg_query.Token_AS: true,
	pg_query.Token_WINDOW: true, pg_query.Token_WITH: true, pg_query.Token_VALUES: true, pg_query.Token_RETURNING: true,
	pg_query.Token_BY: true,
}

// chainOperator reports whether t joins two operands into one node that
// the next operator nests: arithmetic, comparison and user operators,
// casts, and the key words that build such nodes (IS, LIKE, BETWEEN, IN,
// COLLATE, AT TIME ZONE, OVERLAPS, ||'s friends are operators already).
func chainOperator(t *pg_query.ScanToken) bool {
	switch tok := t.GetToken(); tok {
	case pg_query.Token_Op, pg_query.Token_TYPECAST, pg_query.Token_LESS_EQUALS, pg_query.Token_GREATER_EQUALS,
		pg_query.Token_NOT_EQUALS, pg_query.Token_ASCII_43, pg_query.Token_ASCII_45, pg_query.Token_ASCII_42,
		pg_query.Token_ASCII_47, pg_query.Token_ASCII_37, pg_query.Token_ASCII_94, pg_query.Token_ASCII_60,
		pg_query.Token_ASCII_62, pg_query.Token_ASCII_61,
		pg_query.Token_IS, pg_query.Token_LIKE, pg_query.Token_ILIKE, pg_query.Token_SIMILAR, pg_query.Token_BETWEEN,
		pg_query.Token_IN_P, pg_query.Token_COLLATE, pg_query.Token_AT, pg_query.Token_OVERLAPS:
		return true
	}
	return false
}
