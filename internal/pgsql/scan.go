package pgsql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v5"
)

// TokenKind is the lexical class of a Token.
type TokenKind string

const (
	TokenKeyword  TokenKind = "keyword"  // any SQL key word, reserved or not (the lexer cannot tell use as a name)
	TokenIdent    TokenKind = "ident"    // identifiers, quoted or not
	TokenString   TokenKind = "string"   // '…', E'…', $$…$$, B'…', X'…', U&'…'
	TokenNumber   TokenKind = "number"   // integer and numeric literals
	TokenParam    TokenKind = "param"    // $1
	TokenOperator TokenKind = "operator" // + - * / < = ::, user operators, …
	TokenPunct    TokenKind = "punct"    // ( ) , ; [ ] . :
	TokenComment  TokenKind = "comment"  // -- … and /* … */
)

// Token is one lexical token of SQL text, as Postgres' lexer splits it.
type Token struct {
	Kind TokenKind
	// Text is the token's source text.
	Text string
	// Keyword is the lower-case key word when Kind is TokenKeyword.
	Keyword string
	// Start and End are byte offsets of the token in the input.
	Start, End int
}

// Scan splits sql into tokens with Postgres' lexer. It works on text the
// grammar rejects (that is what it is for: diagnosing parse errors) but fails
// with a *SyntaxError on lexical errors such as an unterminated string.
func Scan(sql string) ([]Token, error) {
	// Not callParser: the scanner is flat, so MaxDepth does not concern it.
	if se := checkInput(sql); se != nil {
		return nil, se
	}
	res, err := pg_query.Scan(sql)
	if err != nil {
		return nil, newSyntaxError(sql, err)
	}
	toks := make([]Token, 0, len(res.GetTokens()))
	for _, t := range res.GetTokens() {
		start, end := int(t.GetStart()), int(t.GetEnd())
		if start < 0 || end > len(sql) || start > end {
			continue
		}
		tok := Token{Text: sql[start:end], Start: start, End: end}
		switch {
		case t.GetKeywordKind() != pg_query.KeywordKind_NO_KEYWORD:
			tok.Kind = TokenKeyword
			tok.Keyword = strings.ToLower(tok.Text)
		default:
			tok.Kind = tokenKind(t.GetToken())
		}
		toks = append(toks, tok)
	}
	return toks, nil
}

func tokenKind(t pg_query.Token) TokenKind {
	switch t {
	case pg_query.Token_IDENT, pg_query.Token_UIDENT:
		return TokenIdent
	case pg_query.Token_SCONST, pg_query.Token_USCONST, pg_query.Token_BCONST, pg_query.Token_XCONST:
		return TokenString
	case pg_query.Token_ICONST, pg_query.Token_FCONST:
		return TokenNumber
	case pg_query.Token_PARAM:
		return TokenParam
	case pg_query.Token_SQL_COMMENT, pg_query.Token_C_COMMENT:
		return TokenComment
	case pg_query.Token_ASCII_40, pg_query.Token_ASCII_41, pg_query.Token_ASCII_44, pg_query.Token_ASCII_59,
		pg_query.Token_ASCII_91, pg_query.Token_ASCII_93, pg_query.Token_ASCII_46, pg_query.Token_ASCII_58:
		return TokenPunct
	}
	return TokenOperator
}
