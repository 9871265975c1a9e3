package pgsql

// Span is a byte range [Start, End) of Script.SQL.
type Span struct{ Start, End int }

// Text returns the text of sp in s's SQL.
func (s *Script) Text(sp Span) string { return s.SQL[sp.Start:sp.End] }

// Tokens returns the tokens of the script's SQL, comments included,
// scanned once and shared: callers must not modify the slice. The tree
// records where names and expressions start, never where they end; the
// tokens supply the ends, so that a rewrite can replace exactly one name.
func (s *Script) Tokens() ([]Token, error) {
	s.tokOnce.Do(func() { s.toks, s.tokErr = Scan(s.SQL) })
	return s.toks, s.tokErr
}

// TokenAt returns the index of the token starting at byte offset off, and
// false when no token starts there.
func TokenAt(toks []Token, off int) (int, bool) {
	lo, hi := 0, len(toks)
	for lo < hi {
		m := (lo + hi) / 2
		if toks[m].Start < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(toks) && toks[lo].Start == off
}

// NameSpans returns the spans of the parts of the dotted name that starts
// at byte offset loc ("e.first_name", `hr."Staff".id`), one per part, in
// text order; comments between parts are skipped. It returns nil when no
// name starts at loc or the tokens cannot be scanned.
func (s *Script) NameSpans(loc int) []Span {
	toks, err := s.Tokens()
	if err != nil || loc < 0 {
		return nil
	}
	i, ok := TokenAt(toks, loc)
	if !ok {
		return nil
	}
	var out []Span
	for {
		t := toks[i]
		if t.Kind != TokenIdent && t.Kind != TokenKeyword {
			return out
		}
		out = append(out, Span{t.Start, t.End})
		j := nextCode(toks, i)
		if j >= len(toks) || toks[j].Text != "." {
			return out
		}
		i = nextCode(toks, j)
		if i >= len(toks) {
			return out
		}
	}
}

// ColumnSpans returns the spans of ref's qualifier parts and name, in
// order (a star has no span of its own); nil when the text does not show
// them where the tree says ref starts.
func (s *Statement) ColumnSpans(ref ColumnRef) []Span {
	spans := s.script.NameSpans(ref.Location)
	want := len(ref.Qualifier) + 1
	if ref.Star {
		want = len(ref.Qualifier)
	}
	if len(spans) < want || want == 0 {
		return nil
	}
	return spans[:want]
}

// nextCode returns the index of the first token after i that is not a
// comment; len(toks) if there is none.
func nextCode(toks []Token, i int) int {
	for i++; i < len(toks) && toks[i].Kind == TokenComment; i++ {
	}
	return i
}
