package schemaindex

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// lexicalIndex is a database's BM25 index held in memory: its terms'
// statistics and postings and what a hit says of each document, loaded
// once per index build. Scoring a question in Go from it (score) gives the
// rows SearchLexical (sql/schemaindex.sql, the definition) returns, without
// a round trip and without the query's joins and sorts in PostgreSQL, which
// were the largest cost of a question only the pipeline pays
// (docs/DESIGN.md, Lexical search in memory).
type lexicalIndex struct {
	terms    map[kindTerm]termStat
	postings map[kindTerm][]posting
	// docs are the documents by dense index (posting.doc), in id order.
	docs []*dbsqlc.ListIndexDocHitsRow
	// scratch holds a question's per-document sums, reused from question
	// to question rather than allocated per touched document.
	scratch sync.Pool
	// fuzzy finds the index's terms most like a word it does not hold.
	fuzzy *trigramTerms
}

type kindTerm struct{ kind, term string }

type termStat struct {
	df  int32
	idf float32
}

type posting struct {
	doc     int32 // dense index into lexicalIndex.docs
	tf      float32
	lenNorm float32
	inName  bool
}

// sums are one question's BM25 sums, by dense document index, and the
// documents touched.
type sums struct {
	acc     []docSum
	touched []int32
}

type docSum struct {
	score   float64
	matched int64
	inName  bool
	seen    bool
}

// errRebuilt reports that an index was rebuilt while lexical loaded it:
// what it read may mix two builds, and the search falls back to the query.
var errRebuilt = errors.New("schemaindex: index rebuilt while loading it")

// lexical returns the in-memory index of li's build, loading it on first
// use. One loadedIndex stands for a build however many searches found it at
// once (Searcher.check), and its lock makes them wait for one load; a
// failed load is not kept, and the next search tries again.
func (s *Searcher) lexical(ctx context.Context, database string, li *loadedIndex) (*lexicalIndex, error) {
	li.lexMu.Lock()
	defer li.lexMu.Unlock()
	if li.lex == nil {
		lx, err := s.loadLexical(ctx, database, li)
		if err != nil {
			return nil, err
		}
		li.lex = lx
	}
	return li.lex, nil
}

// loadLexical reads li's build into memory. The three reads are not one
// statement: when the build's stamp is not li's after them, the copy may
// mix two builds and is not kept (errRebuilt). The postings come a term a
// row (ListIndexPostingLists): at 10,000 tables a row a posting made
// 744,241 rows of two strings each to decode, and the server sorted them
// (docs/DESIGN.md, Indexing a large schema).
func (s *Searcher) loadLexical(ctx context.Context, database string, li *loadedIndex) (*lexicalIndex, error) {
	s.lexLoads.Add(1)
	terms, err := s.q.ListIndexTermStats(ctx, s.db, database)
	if err != nil {
		return nil, fmt.Errorf("schemaindex: load the terms of %q: %w", database, err)
	}
	lists, err := s.q.ListIndexPostingLists(ctx, s.db, database)
	if err != nil {
		return nil, fmt.Errorf("schemaindex: load the postings of %q: %w", database, err)
	}
	docs, err := s.q.ListIndexDocHits(ctx, s.db, database)
	if err != nil {
		return nil, fmt.Errorf("schemaindex: load the documents of %q: %w", database, err)
	}
	lx := &lexicalIndex{
		terms:    make(map[kindTerm]termStat, len(terms)),
		postings: make(map[kindTerm][]posting, len(lists)),
		docs:     docs,
	}
	n := len(docs)
	lx.scratch.New = func() any { return &sums{acc: make([]docSum, n)} }
	distinct := make([]string, 0, len(terms))
	for _, t := range terms {
		lx.terms[kindTerm{t.Kind, t.Term}] = termStat{df: t.Df, idf: t.Idf}
		distinct = append(distinct, t.Term)
	}
	lx.fuzzy = newTrigramTerms(distinct)
	for _, l := range lists {
		if len(l.Tfs) != len(l.DocIds) || len(l.LenNorms) != len(l.DocIds) || len(l.InNames) != len(l.DocIds) {
			return nil, fmt.Errorf("schemaindex: load the postings of %q: term %q has arrays of unequal lengths", database, l.Term)
		}
		ps := make([]posting, len(l.DocIds))
		for j, id := range l.DocIds {
			i, ok := denseIndex(docs, id)
			if !ok {
				return nil, errRebuilt // a posting of a document the docs read did not see
			}
			ps[j] = posting{doc: i, tf: l.Tfs[j], lenNorm: l.LenNorms[j], inName: l.InNames[j]}
		}
		lx.postings[kindTerm{l.Kind, l.Term}] = ps
	}
	stamp, err := s.q.GetSchemaIndexStamp(ctx, s.db, database)
	if err != nil {
		return nil, notIndexed(database, err)
	}
	if !stamp.BuiltAt.Equal(li.info.BuiltAt) {
		return nil, errRebuilt
	}
	return lx, nil
}

// denseIndex is the index of the document id in docs, which are in id
// order. A build's ids are mostly one run (its documents are copied in
// one statement, its values in another), so the id's offset from the
// first is tried before a binary search.
func denseIndex(docs []*dbsqlc.ListIndexDocHitsRow, id int64) (int32, bool) {
	if len(docs) == 0 {
		return 0, false
	}
	if off := id - docs[0].ID; off >= 0 && off < int64(len(docs)) && docs[off].ID == id {
		return int32(off), true
	}
	i, ok := slices.BinarySearchFunc(docs, id, func(d *dbsqlc.ListIndexDocHitsRow, id int64) int { return cmp.Compare(d.ID, id) })
	return int32(i), ok
}

// score is SearchLexical over the in-memory index: BM25 of each document
// holding a question term, per kind, the best TableK tables, ColumnK
// columns and ValueK values (ties by document id), a value document only
// when it matches its value, ordered by kind, score and id. The arithmetic
// is the query's: float4 statistics widened to float8.
func (lx *lexicalIndex) score(p *dbsqlc.SearchLexicalParams) []*dbsqlc.SearchLexicalRow {
	sc := lx.scratch.Get().(*sums)
	defer func() {
		for _, i := range sc.touched {
			sc.acc[i] = docSum{}
		}
		sc.touched = sc.touched[:0]
		lx.scratch.Put(sc)
	}()
	for i, term := range p.Terms {
		for _, kind := range kinds {
			k := kindTerm{kind, term}
			st, ok := lx.terms[k]
			if !ok || !(float64(st.idf) >= p.MinIdf || st.df < p.CommonDf) {
				continue
			}
			w := p.Weights[i] * float64(st.idf)
			for _, ps := range lx.postings[k] {
				tf := float64(ps.tf)
				a := &sc.acc[ps.doc]
				if !a.seen {
					a.seen = true
					sc.touched = append(sc.touched, ps.doc)
				}
				a.score += w * tf * (p.K1 + 1) / (tf + p.K1*(1-p.B+p.B*float64(ps.lenNorm)))
				a.matched |= 1 << i
				a.inName = a.inName || ps.inName
			}
		}
	}
	limit := map[string]int32{"table": p.TableK, "column": p.ColumnK, "value": p.ValueK}
	byKind := map[string][]int32{}
	for _, i := range sc.touched {
		kind := lx.docs[i].Kind
		if kind == "value" && !sc.acc[i].inName {
			continue
		}
		byKind[kind] = append(byKind[kind], i)
	}
	var out []*dbsqlc.SearchLexicalRow
	for _, kind := range kinds {
		hits := byKind[kind]
		// Dense indexes follow document ids: ties by index are ties by id.
		slices.SortFunc(hits, func(a, b int32) int {
			if c := cmp.Compare(sc.acc[b].score, sc.acc[a].score); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		for _, i := range hits[:min(len(hits), max(0, int(limit[kind])))] {
			d, a := lx.docs[i], sc.acc[i]
			out = append(out, &dbsqlc.SearchLexicalRow{
				ID: d.ID, Kind: d.Kind, SchemaName: d.SchemaName, TableName: d.TableName, ColumnName: d.ColumnName,
				Value: d.Value, Module: d.Module, Generic: d.Generic, Score: a.score, Matched: a.matched,
			})
		}
	}
	return out
}

// kinds are the document kinds in the order SearchLexical returns them
// (by kind's text).
var kinds = []string{"column", "table", "value"}
