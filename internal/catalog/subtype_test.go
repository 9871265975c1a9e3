package catalog_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
)

func TestSubtypeJoins(t *testing.T) {
	t.Parallel()
	fk := func(from, col, to, ref string) catalog.ForeignKey {
		return catalog.ForeignKey{Name: from + "_" + col + "_fkey", Schema: "p", Table: from, Columns: []string{col}, RefSchema: "p", RefTable: to, RefColumns: []string{ref}}
	}
	setup := func(t *testing.T, extraSubtypes int) *catalog.Snapshot {
		t.Helper()
		s := snapshot([]string{"p"},
			table("p", "business_entity", "*business_entity_id"),
			table("p", "organization", "*business_entity_id", "legal_name:text"),
			table("p", "vendor", "*business_entity_id", "credit_rating:smallint"),
			table("p", "entity_address", "*business_entity_id", "*address_id"),
			table("p", "address", "*address_id", "city:text"),
			table("p", "organization_archive", "*business_entity_id", "legal_name:text"),
		)
		s.ForeignKeys = []catalog.ForeignKey{
			fk("organization", "business_entity_id", "business_entity", "business_entity_id"),
			fk("vendor", "business_entity_id", "organization", "business_entity_id"),
			fk("entity_address", "business_entity_id", "business_entity", "business_entity_id"),
			fk("entity_address", "address_id", "address", "address_id"),
		}
		for i := range extraSubtypes {
			name := fmt.Sprintf("kind%d", i)
			s.Tables = append(s.Tables, table("p", name, "*business_entity_id"))
			s.ForeignKeys = append(s.ForeignKeys, fk(name, "business_entity_id", "business_entity", "business_entity_id"))
		}
		return s
	}

	t.Run("ReferencingTableJoinsTheSubtypes", func(t *testing.T) {
		t.Parallel()
		s := setup(t, 0)
		// entity_address references business_entity, organization is one:
		// an organization's addresses join it on the key both hold. Not
		// vendor, a subtype of a subtype (it joins organization), not the
		// archive copy, and nothing for the subtype keys themselves.
		var through []catalog.ForeignKey
		for _, e := range s.InferredForeignKeys() {
			if e.Through != "" {
				through = append(through, e)
			}
		}
		require.Equal(t, []string{"entity_address(business_entity_id)>organization(business_entity_id)"}, edges(through))
		require.Equal(t, "business_entity", through[0].Through)
		require.True(t, through[0].Inferred)
		require.Contains(t, edges(s.JoinsTo(s.Table("p", "organization"))), "entity_address(business_entity_id)>organization(business_entity_id)")
		require.Len(t, s.ForeignKeys, 4, "never a declared key")
	})

	t.Run("ACatalogueOfKindsIsNoSupertype", func(t *testing.T) {
		t.Parallel()
		// With more than HubDegree subtypes, every table referencing the
		// supertype would become a hub.
		s := setup(t, catalog.HubDegree)
		for _, e := range s.InferredForeignKeys() {
			require.Empty(t, e.Through, edges([]catalog.ForeignKey{e}))
		}
	})

	t.Run("Catalogue", func(t *testing.T) {
		t.Parallel()
		// organization and the HubDegree kinds make nine subtypes of
		// business_entity: a catalogue, each a kind of it. vendor is a kind
		// of organization, which has one subtype only; the archive copy
		// and the tables referencing the supertype are no kinds.
		s := setup(t, catalog.HubDegree)
		entity := s.Table("p", "business_entity")
		for _, name := range []string{"organization", "kind0", fmt.Sprintf("kind%d", catalog.HubDegree-1)} {
			require.Equal(t, entity, s.Catalogue(s.Table("p", name)), name)
		}
		for _, name := range []string{"vendor", "business_entity", "entity_address", "organization_archive", "address"} {
			require.Nil(t, s.Catalogue(s.Table("p", name)), name)
		}
		// HubDegree subtypes in all are a supertype's, no catalogue.
		s = setup(t, catalog.HubDegree-1)
		require.Nil(t, s.Catalogue(s.Table("p", "organization")))
		require.Nil(t, s.Catalogue(s.Table("p", "kind0")))
	})
}
