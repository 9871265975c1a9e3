package erp

import (
	"cmp"
	"slices"
	"time"
)

func slicesSortTimes(ds []time.Time) {
	slices.SortFunc(ds, func(a, b time.Time) int { return a.Compare(b) })
}

func sortPairs(ks [][2]int) {
	slices.SortFunc(ks, func(a, b [2]int) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
}

// sortEntries orders journal entries by date, keeping generation order
// within a day.
func sortEntries(es []*journalEntry) {
	slices.SortStableFunc(es, func(a, b *journalEntry) int { return a.date.Compare(b.date) })
}
