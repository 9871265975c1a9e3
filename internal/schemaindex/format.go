package schemaindex

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"
	"strings"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

// Format numbers the way this code builds an index: its documents, the
// words it reads names as, what it stores. A change to any of them bumps
// it, so that an index built by another version is known for one: its
// retrievals carry a warning until `nl2sql index` rebuilds it, and the
// retrieval bench rebuilds it before measuring (docs/DESIGN.md, "Index
// format"). TestIndexFormat fails when the listing of its schema changes
// and Format does not, and the bench's TestRetrievalSets when a dev set's
// does, with or without its keys.
//
// 2: documents name the joins inferred by rules added while it was 1 (a
// column several tables share; keys abbreviated unlike their table's
// name).
// 3: a role naming a table that carries the key it ends with references
// that table (person_agent_id: natural_person's agent_id, not agent's).
// 4: a role column naming no table references the table of its party
// (OwnerId: User; naming.PartyKind).
// 5: a column named for a table with id references the table keyed by a
// key not named for it (store.sales_person_id: sales_person's
// business_entity_id).
// 6: a description field keeps the first 100 kB of its words
// (descriptionMaxBytes): a longer comment failed the build.
const Format = 6

// Listing is what a build indexes of s's tables and columns, as text: the
// format, the schema's vocabulary and each table and column document's
// fields, with the modules a build would give s from mapping (nil: the
// annotations and the schema's shape). Two versions of this code that list
// a schema alike index it alike; tests hold Format honest with it.
func Listing(s *catalog.Snapshot, mapping map[string]string) string {
	dict := schemaDictionary(s)
	modules, _ := resolveModules(s, mapping)
	return listing(dict, documents(s, dict, modules))
}

// listing is Listing of the dictionary and documents a build made.
func listing(dict *Dictionary, docs []*Doc) string {
	var b strings.Builder
	writeListing(&b, dict, docs)
	return b.String()
}

// listingWriter is what writeListing writes to: a strings.Builder, or a
// bufio.Writer in front of a hash.
type listingWriter interface {
	io.StringWriter
	io.ByteWriter
	Write([]byte) (int, error)
}

// writeListing writes listing(dict, docs) to w, allocating nothing a
// document: a build hashes it (listingDigest) beside every document.
func writeListing(w listingWriter, dict *Dictionary, docs []*Doc) {
	_, _ = w.WriteString("format " + strconv.Itoa(Format) + "\nvocabulary " + strings.Join(dict.Words(), " ") + "\n")
	var quoted []byte
	for _, d := range docs {
		for _, s := range []string{"\n", string(d.Kind), " ", d.Schema, ".", d.Table} {
			_, _ = w.WriteString(s)
		}
		if d.Column != "" {
			_ = w.WriteByte('.')
			_, _ = w.WriteString(d.Column)
		}
		_, _ = w.WriteString(" module=")
		quoted = strconv.AppendQuote(quoted[:0], d.Module) // fmt's %q
		_, _ = w.Write(quoted)
		for _, s := range []string{" generic=", strconv.FormatBool(d.Generic), "\n"} {
			_, _ = w.WriteString(s)
		}
		for i, f := range d.Lexical {
			_, _ = w.WriteString("  lexical ")
			_ = w.WriteByte(byte('A' + i))
			_, _ = w.WriteString(": ")
			_, _ = w.WriteString(f)
			_ = w.WriteByte('\n')
		}
		for _, s := range []string{"  stable: ", d.StableText, "\n  mschema: ", d.MSchema, "\n"} {
			_, _ = w.WriteString(s)
		}
	}
}

// ListingDigest is Listing's SHA-256, hex: stored with a build
// (Stats.Listing), so that a reader can tell an index this code would
// build alike from one it would not, whatever Format says (the retrieval
// bench rebuilds on a difference).
func ListingDigest(s *catalog.Snapshot, mapping map[string]string) string {
	dict := schemaDictionary(s)
	modules, _ := resolveModules(s, mapping)
	return listingDigest(dict, documents(s, dict, modules))
}

// listingDigest is ListingDigest of the dictionary and documents a build
// made, hashed as it is written: the listing of 10,000 tables is 28 MB,
// which a build held as a string and a copy beside its documents
// (docs/DESIGN.md, Indexing a large schema).
func listingDigest(dict *Dictionary, docs []*Doc) string {
	h := sha256.New()
	w := bufio.NewWriterSize(h, 64<<10)
	writeListing(w, dict, docs)
	if err := w.Flush(); err != nil {
		panic(err) // a hash.Hash never returns an error
	}
	return hex.EncodeToString(h.Sum(nil))
}
