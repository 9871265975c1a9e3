// Command wordnetgen writes internal/naming/wordnet.txt.gz, the synonyms
// naming.Synonyms reads, from the WordNet 3.0 database files (Debian's
// wordnet-base package installs them in /usr/share/wordnet):
//
//	apt-get download wordnet-base && dpkg-deb -x wordnet-base_*.deb wn
//	go run ./internal/naming/internal/wordnetgen -dict wn/usr/share/wordnet -out internal/naming/wordnet.txt.gz
//
// For each single word of the English lexicon that WordNet knows as a noun,
// a verb or an adjective, it keeps the other words of the word's most
// frequent senses (WordNet lists a word's senses most frequent first) and
// the nouns and verbs derived from it in those senses (supervise →
// supervisor). Only words of the English lexicon are kept: WordNet's rare
// and archaic lemmas would only add noise to a search. Irregular forms
// (noun.exc, verb.exc: children → child) are kept too, so a question's
// inflected word finds its entry. And every noun whose first sense is a
// kind of person or organization is marked with that kind (nounKinds),
// for naming.PartyKind. See docs/DESIGN.md, "Identifier words".
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/nl2sql/nl2sql/internal/naming"
)

// senses is how many of a word's senses count, most frequent first, per
// part of speech: the first senses carry most uses (WordNet's tag counts);
// later ones are what makes WordNet expansion noisy.
var senses = map[string]int{"noun": 2, "verb": 2, "adj": 1}

// maxRank is the rarest lexicon word kept as a synonym.
const maxRank = 30000

type synset struct {
	words []string
	// hyper are the offsets of its hypernyms.
	hyper []string
	// instance says it is an instance (a named person, place or body),
	// not a kind.
	instance bool
	// deriv[i] are the (offset, pos, target word number) of word i's
	// derivationally related forms.
	deriv map[int][]ref
}

type ref struct {
	pos    string
	offset string
	word   int // 1-based, 0: the whole synset
}

func main() {
	dict := flag.String("dict", "/usr/share/wordnet", "WordNet's dict directory")
	out := flag.String("out", "internal/naming/wordnet.txt.gz", "where to write")
	flag.Parse()
	lex := naming.English()
	keep := func(w string) bool { r := lex.Rank(w); return r > 0 && r <= maxRank }

	data := map[string]map[string]*synset{}
	for pos := range senses {
		data[pos] = readData(filepath.Join(*dict, "data."+pos))
	}
	syns := map[string][]string{}
	add := func(w, s string) {
		if s != w && keep(s) && !slices.Contains(syns[w], s) {
			syns[w] = append(syns[w], s)
		}
	}
	for _, pos := range []string{"noun", "verb", "adj"} {
		f, err := os.Open(filepath.Join(*dict, "index."+pos))
		if err != nil {
			log.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, " ") {
				continue // the licence header
			}
			fs := strings.Fields(line)
			lemma := fs[0]
			if !naming.IsLetters(lemma) || len(lemma) < 3 || lex.Rank(lemma) == 0 {
				continue
			}
			pcnt, _ := strconv.Atoi(fs[3])
			offsets := fs[4+pcnt+2:]
			for i, off := range offsets {
				if i == senses[pos] {
					break
				}
				ss := data[pos][off]
				if ss == nil {
					continue
				}
				me := 0
				for j, w := range ss.words {
					add(lemma, w)
					if w == lemma {
						me = j + 1
					}
				}
				for _, r := range ss.deriv[me] {
					if r.pos != "noun" && r.pos != "verb" {
						continue
					}
					if t := data[r.pos][r.offset]; t != nil && r.word > 0 && r.word <= len(t.words) {
						add(lemma, t.words[r.word-1])
					}
				}
			}
		}
		if err := sc.Err(); err != nil {
			log.Fatal(err)
		}
		f.Close()
	}
	kinds := nounKinds(filepath.Join(*dict, "index.noun"), data["noun"])
	// Irregular forms, as "=form base".
	var exc []string
	for _, pos := range []string{"noun", "verb"} {
		b, err := os.ReadFile(filepath.Join(*dict, pos+".exc"))
		if err != nil {
			log.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			fs := strings.Fields(line)
			if len(fs) == 2 && naming.IsLetters(fs[0]) && syns[fs[1]] != nil && syns[fs[0]] == nil {
				exc = append(exc, "="+fs[0]+" "+fs[1])
			}
		}
	}
	words := make([]string, 0, len(syns))
	for w := range syns {
		words = append(words, w)
	}
	slices.Sort(words)
	slices.Sort(exc)
	exc = slices.Compact(exc)
	fo, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(fo, gzip.BestCompression)
	bw := bufio.NewWriter(zw)
	for _, w := range words {
		fmt.Fprintln(bw, w+" "+strings.Join(syns[w], " "))
	}
	for _, e := range exc {
		fmt.Fprintln(bw, e)
	}
	for _, k := range kinds {
		fmt.Fprintln(bw, k)
	}
	if err := bw.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := fo.Close(); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d words, %d irregular forms, %d nouns of a party kind", len(words), len(exc), len(kinds))
}

// partyKinds are the kinds of party a role in a record is played by: a
// person or an organization (the party pattern of data modelling), each
// the first sense of its word.
var partyKinds = []string{"person", "organization"}

// nounKinds returns "~noun kind" for each noun whose most frequent sense
// is, through WordNet's hypernyms, a kind of party (owner, user and
// approver are persons, company an organization, contact, an interaction
// first, neither), with "only" when every sense of it is of that kind.
// naming.PartyKind reads them.
func nounKinds(index string, nouns map[string]*synset) []string {
	offsets := map[string][]string{} // lemma -> its senses, most frequent first
	f, err := os.Open(index)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, " ") {
			continue
		}
		fs := strings.Fields(line)
		pcnt, _ := strconv.Atoi(fs[3])
		if offs := fs[4+pcnt+2:]; len(offs) > 0 {
			offsets[fs[0]] = offs
		}
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	// other holds the lemmas that are adjectives or verbs too.
	other := map[string]bool{}
	for _, pos := range []string{"adj", "verb"} {
		b, err := os.ReadFile(filepath.Join(filepath.Dir(index), "index."+pos))
		if err != nil {
			log.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if w, _, ok := strings.Cut(line, " "); ok && !strings.HasPrefix(line, " ") {
				other[w] = true
			}
		}
	}
	anchor := map[string]string{}
	for _, k := range partyKinds {
		anchor[offsets[k][0]] = k
	}
	memo := map[string]string{}
	var kindOf func(off string, depth int) string
	kindOf = func(off string, depth int) string {
		if k, ok := anchor[off]; ok {
			return k
		}
		if k, ok := memo[off]; ok || depth > 30 {
			return k
		}
		memo[off] = ""
		k := ""
		if ss := nouns[off]; ss != nil {
			for _, h := range ss.hyper {
				if k = kindOf(h, depth+1); k != "" {
					break
				}
			}
		}
		memo[off] = k
		return k
	}
	var out []string
	for lemma, offs := range offsets {
		// Every noun WordNet knows, not only the lexicon's: a role is
		// often a word subtitles seldom say (approver, issuer).
		off := offs[0]
		if !naming.IsLetters(lemma) || len(lemma) < 3 || nouns[off] == nil || nouns[off].instance {
			continue
		}
		k := kindOf(off, 0)
		if k == "" {
			continue
		}
		// "only" when every sense is of the kind and the word is
		// nothing but a noun: owner, approver; not server or breaker,
		// which also name devices, nor alternate or convert, said of
		// things as adjective or verb.
		only := " only"
		if other[lemma] {
			only = ""
		}
		for _, o := range offs[1:] {
			if kindOf(o, 0) != k {
				only = ""
				break
			}
		}
		out = append(out, "~"+lemma+" "+k+only)
	}
	slices.Sort(out)
	return out
}

// readData reads a data.POS file: synsets by offset, their words
// (lower-cased, single words only; a multi-word lemma's place is kept
// empty so pointers' word numbers still count right) and their
// derivational pointers.
func readData(path string) map[string]*synset {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	out := map[string]*synset{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	posName := map[string]string{"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, " ") {
			continue
		}
		head, _, _ := strings.Cut(line, "|")
		fs := strings.Fields(head)
		wcnt, err := strconv.ParseInt(fs[3], 16, 0)
		if err != nil {
			log.Fatalf("%s: %v", path, err)
		}
		ss := &synset{deriv: map[int][]ref{}}
		i := 4
		for range wcnt {
			w := strings.ToLower(fs[i])
			// Adjectives carry a syntactic marker: "big(a)".
			if p := strings.IndexByte(w, '('); p > 0 {
				w = w[:p]
			}
			if !naming.IsLetters(w) {
				w = ""
			}
			ss.words = append(ss.words, w)
			i += 2
		}
		pcnt, _ := strconv.Atoi(fs[i])
		i++
		for range pcnt {
			sym, off, pos, st := fs[i], fs[i+1], fs[i+2], fs[i+3]
			i += 4
			if (sym == "@" || sym == "@i") && pos == fs[2] {
				ss.hyper = append(ss.hyper, off)
				ss.instance = ss.instance || sym == "@i"
			}
			if sym != "+" {
				continue
			}
			src, _ := strconv.ParseInt(st[:2], 16, 0)
			dst, _ := strconv.ParseInt(st[2:], 16, 0)
			ss.deriv[int(src)] = append(ss.deriv[int(src)], ref{pos: posName[pos], offset: off, word: int(dst)})
		}
		out[fs[0]] = ss
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	return out
}
