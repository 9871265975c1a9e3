package schemaindex

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
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
const Format = 5

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
	fmt.Fprintf(&b, "format %d\nvocabulary %s\n", Format, strings.Join(dict.Words(), " "))
	for _, d := range docs {
		fmt.Fprintf(&b, "\n%s %s.%s", d.Kind, d.Schema, d.Table)
		if d.Column != "" {
			fmt.Fprintf(&b, ".%s", d.Column)
		}
		fmt.Fprintf(&b, " module=%q generic=%t\n", d.Module, d.Generic)
		for i, f := range d.Lexical {
			fmt.Fprintf(&b, "  lexical %c: %s\n", 'A'+i, f)
		}
		fmt.Fprintf(&b, "  stable: %s\n  mschema: %s\n", d.StableText, d.MSchema)
	}
	return b.String()
}

// ListingDigest is Listing's SHA-256, hex: stored with a build
// (Stats.Listing), so that a reader can tell an index this code would
// build alike from one it would not, whatever Format says (the retrieval
// bench rebuilds on a difference).
func ListingDigest(s *catalog.Snapshot, mapping map[string]string) string {
	return digest(Listing(s, mapping))
}

func digest(listing string) string {
	sum := sha256.Sum256([]byte(listing))
	return hex.EncodeToString(sum[:])
}
