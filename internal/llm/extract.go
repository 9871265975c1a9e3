package llm

import (
	"errors"
	"regexp"
	"strings"
	"unicode"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// CandidateDelimiter separates the candidates of a multi-candidate reply
// (docs/DESIGN.md, Multi-candidate generation).
const CandidateDelimiter = "---SQL_CANDIDATE---"

// ErrNoSQL is wrapped by the error ExtractSQL and ExtractCandidates return
// when a reply holds no SQL.
var ErrNoSQL = errors.New("the reply contained no SQL")

// noSQL is the error for a reply without SQL: an sql_error, so the repair
// loop tells the model its reply had no query and asks again.
func noSQL(detail string) error {
	msg := ErrNoSQL.Error()
	if detail != "" {
		msg += " (" + detail + ")"
	}
	return &errclass.Error{Class: errclass.SQLError, Code: "llm.no_sql", Message: msg, Err: ErrNoSQL}
}

// ExtractSQL returns the SQL statement in a model's reply. It takes, in
// order of preference:
//
//   - the first fenced code block (``` or ~~~, any or no language tag)
//     whose content starts like SQL, else the first tagged sql;
//   - SQL written bare, after any leading prose ("Here is the query:",
//     "SQL: ..."), up to its first top-level semicolon or, without one, up
//     to the explanation that follows it;
//   - an inline `SELECT ...` code span.
//
// <think>...</think> reasoning is ignored, as are chat-template tokens
// (<|im_end|>, </s>). One trailing semicolon (or several) is removed. A
// reply without SQL gives an error wrapping ErrNoSQL whose class is
// errclass.SQLError.
//
// Extraction does not judge the statement: a DELETE comes out as written,
// for the guard to refuse with a reason.
func ExtractSQL(reply string) (string, error) {
	text, detail := prepare(reply)
	if sql, ok := extract(text); ok {
		return sql, nil
	}
	return "", noSQL(detail)
}

// ExtractCandidates returns the SQL candidates of a multi-candidate reply:
// the SQL of each part between delimiters (CandidateDelimiter when
// delimiter is empty), skipping parts without SQL. When the model left the
// delimiters out, every SQL-looking fenced block is a candidate, and failing
// that the reply's one statement. Duplicates are kept, in order; the caller
// decides what they mean.
func ExtractCandidates(reply, delimiter string) ([]string, error) {
	if delimiter == "" {
		delimiter = CandidateDelimiter
	}
	text, detail := prepare(reply)
	var out []string
	if strings.Contains(text, delimiter) {
		for part := range strings.SplitSeq(text, delimiter) {
			if sql, ok := extract(part); ok {
				out = append(out, sql)
			}
		}
	} else {
		for _, b := range fencedBlocks(text) {
			if sql := cleanSQL(b.content); sql != "" && looksLikeSQL(sql, false) {
				out = append(out, sql)
			}
		}
		if len(out) == 0 {
			if sql, ok := extract(text); ok {
				out = append(out, sql)
			}
		}
	}
	if len(out) == 0 {
		return nil, noSQL(detail)
	}
	return out, nil
}

// ExtractCandidatesCut is ExtractCandidates for a reply the server cut at
// its token limit (Reply.Truncated): SQL the model finished, in a fenced
// block it closed, stands; what follows the last closed block (an unclosed
// block, bare text) may stop mid-statement, and a cut statement can be
// valid SQL that asks something else (a WHERE clause lost), so it is left
// out. A reply with no closed block gives an error wrapping ErrNoSQL.
func ExtractCandidatesCut(reply, delimiter string) ([]string, error) {
	text, _ := prepare(reply)
	complete := ""
	for _, b := range fencedBlocks(text) {
		if b.closed {
			complete = text[:b.end]
		}
	}
	if strings.TrimSpace(complete) == "" {
		return nil, noSQL("the reply was cut off at the model's token limit before it closed a code block")
	}
	return ExtractCandidates(complete, delimiter)
}

var (
	thinkBlock    = regexp.MustCompile(`(?is)<(think|thinking|reasoning)>.*?</(think|thinking|reasoning)>`)
	thinkOpen     = regexp.MustCompile(`(?i)<(think|thinking|reasoning)>`)
	thinkClose    = regexp.MustCompile(`(?i)</(think|thinking|reasoning)>`)
	specialTokens = regexp.MustCompile(`<\|[A-Za-z0-9_]{1,40}\|>|</?s>`)
)

// prepare normalizes line ends, drops template tokens and reasoning, and
// says why the text may hold no SQL.
func prepare(reply string) (text, detail string) {
	text = strings.ReplaceAll(reply, "\r\n", "\n")
	text = specialTokens.ReplaceAllString(text, "")
	text = thinkBlock.ReplaceAllString(text, "")
	if loc := thinkOpen.FindStringIndex(text); loc != nil {
		// Reasoning that never closed: the reply was cut off while thinking.
		text = text[:loc[0]]
		detail = "it ended inside a <think> block; the reply was probably cut off"
	}
	if loc := thinkClose.FindStringIndex(text); loc != nil {
		// The chat template opened the block; the reply holds its end.
		text = text[loc[1]:]
	}
	if strings.TrimSpace(text) == "" && detail == "" {
		detail = "the reply was empty"
	}
	return text, detail
}

// extract finds the SQL of one reply (or one candidate's part of it).
func extract(text string) (string, bool) {
	blocks := fencedBlocks(text)
	for _, b := range blocks {
		if looksLikeSQL(b.content, false) {
			if sql := cleanSQL(b.content); sql != "" {
				return sql, true
			}
		}
	}
	for _, b := range blocks {
		if sqlTag(b.info) {
			if sql := cleanSQL(b.content); strings.TrimSpace(skipNoise(sql)) != "" {
				return sql, true
			}
		}
	}
	if len(blocks) > 0 {
		text = withoutBlocks(text, blocks)
	}
	if sql, ok := bare(text); ok {
		return sql, true
	}
	for _, m := range inlineCode.FindAllStringSubmatch(text, -1) {
		if sql := cleanSQL(m[1]); sql != "" && looksLikeSQL(sql, true) {
			return sql, true
		}
	}
	return "", false
}

var inlineCode = regexp.MustCompile("`([^`\n]+)`")

// block is a fenced code block; start and end delimit it, fences included.
type block struct {
	info, content string
	start, end    int
	// closed: the block ended with its fence (not at the end of text).
	closed bool
}

// fencedBlocks finds ``` and ~~~ blocks. A fence may follow text on the
// same line ("query:```sql") and an unclosed block runs to the end, since
// a reply cut off at the token limit never closes its fence.
func fencedBlocks(text string) []block {
	var blocks []block
	i := 0
	for i < len(text) {
		open := nextFence(text, i)
		if open < 0 {
			break
		}
		ch := text[open]
		n := fenceLen(text, open)
		infoEnd := strings.IndexByte(text[open:], '\n')
		var info string
		var bodyStart int
		if infoEnd < 0 {
			info, bodyStart = text[open+n:], len(text)
		} else {
			info, bodyStart = text[open+n:open+infoEnd], open+infoEnd+1
		}
		b := block{start: open}
		// A one-line block: ```SELECT 1``` or ```sql SELECT 1```.
		if closeAt := strings.Index(info, strings.Repeat(string(ch), n)); closeAt >= 0 {
			b.info, b.content = splitInfo(info[:closeAt])
			b.end, b.closed = open+n+closeAt+n, true
			blocks = append(blocks, b)
			i = b.end
			continue
		}
		b.info, b.content = splitInfo(info)
		closeStart, closeEnd := closingFence(text, bodyStart, ch, n)
		b.content += text[bodyStart:closeStart]
		b.end, b.closed = closeEnd, closeStart < len(text)
		blocks = append(blocks, b)
		i = closeEnd
	}
	return blocks
}

// splitInfo separates an info string from SQL written on the fence line
// itself ("```sql SELECT 1").
func splitInfo(info string) (tag, content string) {
	info = strings.TrimSpace(info)
	if looksLikeSQL(info, false) {
		return "", info + "\n"
	}
	tag, rest, _ := strings.Cut(info, " ")
	if looksLikeSQL(rest, false) {
		return tag, rest + "\n"
	}
	return info, ""
}

// nextFence is the offset of the next run of three or more backticks or
// tildes at or after i, or -1.
func nextFence(text string, i int) int {
	for j := i; j+3 <= len(text); j++ {
		if (text[j] == '`' || text[j] == '~') && text[j+1] == text[j] && text[j+2] == text[j] {
			return j
		}
	}
	return -1
}

func fenceLen(text string, i int) int {
	n := 0
	for i+n < len(text) && text[i+n] == text[i] {
		n++
	}
	return n
}

// closingFence finds the fence that closes a block opened with n of ch:
// a run of at least n at the start of a line (indentation allowed) or, as
// models write, at the end of a line of code. Without one the block runs to
// the end of text.
func closingFence(text string, from int, ch byte, n int) (start, end int) {
	for j := from; j < len(text); {
		k := strings.IndexByte(text[j:], ch)
		if k < 0 {
			break
		}
		k += j
		m := fenceLen(text, k)
		if m >= n {
			end := k + m
			// The rest of the closing line (usually nothing) is not code.
			if nl := strings.IndexByte(text[end:], '\n'); nl >= 0 {
				end += nl
			} else {
				end = len(text)
			}
			return k, end
		}
		j = k + m
	}
	return len(text), len(text)
}

// withoutBlocks is text with the blocks replaced by line breaks.
func withoutBlocks(text string, blocks []block) string {
	var b strings.Builder
	prev := 0
	for _, bl := range blocks {
		b.WriteString(text[prev:bl.start])
		b.WriteString("\n\n")
		prev = bl.end
	}
	b.WriteString(text[prev:])
	return b.String()
}

func sqlTag(info string) bool {
	tag, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(info)), " ")
	switch tag {
	case "sql", "postgresql", "postgres", "pgsql", "psql", "plpgsql", "postgresql-sql":
		return true
	}
	return false
}

// cleanSQL trims a statement and its trailing semicolons, and drops a
// "SQL:" label in front of it.
func cleanSQL(s string) string {
	s = strings.TrimSpace(dedent(s))
	if loc := label.FindStringIndex(s); loc != nil && looksLikeSQL(s[loc[1]:], false) {
		s = strings.TrimSpace(s[loc[1]:])
	}
	// A comment after the final semicolon ("SELECT 1; -- done") goes too.
	if semis := topLevelSemicolons(s); len(semis) > 0 {
		if last := semis[len(semis)-1]; strings.TrimSpace(stripComments(s[last+1:])) == "" {
			s = strings.TrimSpace(s[:last])
		}
	}
	for strings.HasSuffix(s, ";") {
		s = strings.TrimSpace(strings.TrimSuffix(s, ";"))
	}
	return s
}

// stripComments drops leading comments and blanks, as skipNoise does, but
// keeps a label.
func stripComments(s string) string {
	for {
		t := strings.TrimLeftFunc(s, unicode.IsSpace)
		switch {
		case strings.HasPrefix(t, "--"):
			s = t[skipTo(t, 0, "\n"):]
		case strings.HasPrefix(t, "/*"):
			s = t[min(skipTo(t, 2, "*/")+2, len(t)):]
		default:
			return t
		}
	}
}

// topLevelSemicolons are the offsets of the semicolons of s outside
// quotes, comments and dollar-quoted strings.
func topLevelSemicolons(s string) []int {
	var out []int
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ';':
			out = append(out, i)
		default:
			i = skipLexeme(s, i)
		}
	}
	return out
}

// skipLexeme returns, for a quote, comment or dollar quote starting at i,
// the index of its last byte; for anything else, i.
func skipLexeme(s string, i int) int {
	switch c := s[i]; {
	case c == '\'' || c == '"':
		return skipQuoted(s, i, c)
	case c == '-' && strings.HasPrefix(s[i:], "--"):
		return skipTo(s, i, "\n") - 1 // stop before the line break
	case c == '/' && strings.HasPrefix(s[i:], "/*"):
		return skipTo(s, i+2, "*/") + 1
	case c == '$' && (i == 0 || !isIdent(s[i-1])):
		if tag := dollarTag(s[i:]); tag != "" {
			return skipTo(s, i+len(tag), tag) + len(tag) - 1
		}
	}
	return i
}

// dedent removes the indentation common to every non-blank line, which a
// code block nested in a list carries.
func dedent(s string) string {
	lines := strings.Split(s, "\n")
	prefix := ""
	first := true
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			prefix, first = indent, false
			continue
		}
		for !strings.HasPrefix(indent, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	if prefix == "" {
		return s
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, prefix)
	}
	return strings.Join(lines, "\n")
}

var label = regexp.MustCompile(`(?i)^(final\s+)?(sql|query|sql\s+query|postgresql|answer)\s*:\s*`)

// skipNoise skips leading blanks, SQL comments and a "SQL:" label.
func skipNoise(s string) string {
	for {
		t := strings.TrimLeftFunc(s, unicode.IsSpace)
		switch {
		case strings.HasPrefix(t, "--"):
			if nl := strings.IndexByte(t, '\n'); nl >= 0 {
				s = t[nl+1:]
				continue
			}
			return ""
		case strings.HasPrefix(t, "/*"):
			if end := strings.Index(t, "*/"); end >= 0 {
				s = t[end+2:]
				continue
			}
			return ""
		}
		if loc := label.FindStringIndex(t); loc != nil {
			return t[loc[1]:]
		}
		return t
	}
}

// looksLikeSQL reports whether s, past comments, starts a SQL statement.
// strict is for text outside code blocks, where prose is likely: there a
// keyword in title case ("Select the rows...") does not count.
func looksLikeSQL(s string, strict bool) bool {
	return startsStatement(skipNoise(s), strict)
}

var statementStarts = []*regexp.Regexp{
	regexp.MustCompile(`(?is)^select(\s|\*|\(|$)`),
	regexp.MustCompile(`(?is)^with\s+(recursive\s+)?("[^"]+"|\w+)\s*(\([^)]*\))?\s*as\s*(not\s+)?(materialized\s+)?\(`),
	regexp.MustCompile(`(?is)^values\s*\(`),
	regexp.MustCompile(`(?is)^\(\s*(select|with)\s`),
	regexp.MustCompile(`(?is)^insert\s+into\s`),
	regexp.MustCompile(`(?is)^update\s+[\w."]+(\s+(as\s+)?\w+)?\s+set\s`),
	regexp.MustCompile(`(?is)^delete\s+from\s`),
	regexp.MustCompile(`(?is)^merge\s+into\s`),
	regexp.MustCompile(`(?is)^(create|drop|alter)\s+(or\s+replace\s+)?((temp|temporary|unlogged|materialized|unique|global|local)\s+)?(table|view|index|schema|database|function|procedure|role|user|extension|sequence|type|trigger)\s`),
	regexp.MustCompile(`(?is)^truncate\s+(table\s+)?[\w."]+`),
	regexp.MustCompile(`(?is)^explain\s+(\(|analyze|verbose|select|with)`),
	regexp.MustCompile(`(?is)^(grant|revoke)\s+(select|insert|update|delete|all|usage|execute)\b`),
	regexp.MustCompile(`(?is)^copy\s+[\w."]+\s*(\([^)]*\))?\s+(to|from)\s`),
}

func startsStatement(s string, strict bool) bool {
	if strict {
		word := s[:len(s)-len(strings.TrimLeftFunc(s, unicode.IsLetter))]
		if word != strings.ToUpper(word) && word != strings.ToLower(word) {
			return false
		}
	}
	for _, re := range statementStarts {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// bare finds a statement written outside code blocks: at the start of a
// line, or after a colon ("Here is the query: SELECT ...").
func bare(text string) (string, bool) {
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := text[off:end]
		for _, p := range startPositions(line) {
			rest := text[off+p:]
			if looksLikeSQL(rest, true) {
				if sql := cleanSQL(statement(rest)); sql != "" {
					return sql, true
				}
			}
		}
		off = end + 1
	}
	return "", false
}

// startPositions are where a statement may start in a line: its first
// non-blank (after list or quote markers), and after each colon.
func startPositions(line string) []int {
	trimmed := strings.TrimLeft(line, " \t>*-")
	pos := []int{len(line) - len(trimmed)}
	for i := 0; i < len(line); i++ {
		if line[i] == ':' {
			j := i + 1
			for j < len(line) && (line[j] == ' ' || line[j] == '\t' || line[j] == '*' || line[j] == '`') {
				j++
			}
			if j < len(line) {
				pos = append(pos, j)
			}
		}
	}
	return pos
}

// statement returns s up to the end of its first statement: a semicolon
// outside quotes and comments, or a line that is not SQL (a fence, a
// template tag, a delimiter, or prose).
func statement(s string) string {
	blank := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ';':
			return s[:i]
		case c == '\n':
			end := strings.IndexByte(s[i+1:], '\n')
			line := s[i+1:]
			if end >= 0 {
				line = s[i+1 : i+1+end]
			}
			t := strings.TrimSpace(line)
			if t == "" {
				blank = true
				continue
			}
			if stopLine(t) || (blank && prose(t)) {
				return s[:i]
			}
			blank = false
		default:
			i = skipLexeme(s, i)
		}
	}
	return s
}

// skipQuoted returns the index of the quote closing the one at i (a doubled
// quote is part of the string), or the end of s.
func skipQuoted(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == q {
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j
		}
	}
	return len(s)
}

// skipTo returns the index of the next sep at or after i, or the end of s.
func skipTo(s string, i int, sep string) int {
	if i > len(s) {
		return len(s)
	}
	if k := strings.Index(s[i:], sep); k >= 0 {
		return i + k
	}
	return len(s)
}

var dollarTagRe = regexp.MustCompile(`^\$([A-Za-z_][A-Za-z0-9_]*)?\$`)

func dollarTag(s string) string { return dollarTagRe.FindString(s) }

func isIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// stopLine reports lines that end SQL whatever precedes them.
var stopLineRe = regexp.MustCompile(`^(` + "```" + `|~~~|\[/|</|<\||-{3,}\s*$|` + regexp.QuoteMeta(CandidateDelimiter) +
	`|\*\*|#{1,6}\s|(Explanation|Explanations|Note|Notes|Output|Result|Results|Assumptions?)\b|` +
	`(This|The) (query|SQL|statement|above|result|results|will|returns|selects|joins|uses|retrieves|calculates|counts|lists|finds|gives)\b|` +
	`Here('s| is| are)\b|In (this|the above)\b|It |I |Let me\b|If you\b|You can\b|Make sure\b|Please\b)`)

func stopLine(t string) bool { return stopLineRe.MatchString(t) }

// prose reports whether a line after a blank line reads as a sentence
// rather than the continuation of a statement: it starts with a word that
// is not a SQL keyword written as SQL is written (all upper or all lower
// case) and runs on, or ends with a colon.
func prose(t string) bool {
	word := t[:len(t)-len(strings.TrimLeftFunc(t, unicode.IsLetter))]
	if word == "" {
		return false // punctuation, a digit, a quote: SQL
	}
	first, _, _ := strings.Cut(t, " ")
	if strings.ContainsAny(first, `.,_()=`) {
		return false // a qualified name, a list item, a call
	}
	if (word == strings.ToUpper(word) || word == strings.ToLower(word)) && sqlKeywords[strings.ToUpper(word)] {
		return false
	}
	return len(strings.Fields(t)) >= 3 || strings.HasSuffix(t, ":")
}

var sqlKeywords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`SELECT FROM WHERE JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL ON USING
		AND OR NOT GROUP ORDER BY HAVING LIMIT OFFSET FETCH UNION INTERSECT EXCEPT ALL DISTINCT AS CASE WHEN
		THEN ELSE END WITH WINDOW PARTITION OVER ROWS RANGE LATERAL VALUES INSERT UPDATE DELETE SET RETURNING
		INTO IN EXISTS BETWEEN LIKE ILIKE IS NULL TRUE FALSE ASC DESC NULLS FIRST LAST FILTER WITHIN COALESCE
		NULLIF CAST COUNT SUM AVG MIN MAX EXTRACT DATE_TRUNC ROUND INTERVAL DATE TIMESTAMP CURRENT_DATE NOW
		ANY SOME ARRAY ROW_NUMBER RANK DENSE_RANK LAG LEAD STRING_AGG ARRAY_AGG GREATEST LEAST UPPER LOWER
		TRIM CONCAT LENGTH SUBSTRING TO_CHAR AGE RECURSIVE MATERIALIZED`) {
		m[w] = true
	}
	return m
}()
