package pgsql

import (
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// reversedRange is a message whose Range visits the populated fields last
// to first. protobuf-go leaves Range's order unspecified and swaps two
// adjacent fields in some builds (chosen by a hash of the executable), so a
// test binary cannot be relied on to show a walk that depends on it.
type reversedRange struct{ protoreflect.Message }

func (m reversedRange) Range(f func(protoreflect.FieldDescriptor, protoreflect.Value) bool) {
	var fds []protoreflect.FieldDescriptor
	var vs []protoreflect.Value
	m.Message.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		fds = append(fds, fd)
		vs = append(vs, v)
		return true
	})
	for i := len(fds) - 1; i >= 0; i-- {
		if !f(fds[i], vs[i]) {
			return
		}
	}
}

func qualifiedNames(ts []TableRef) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.QualifiedName()
	}
	return out
}

// The walk follows the fields' declaration order whatever order Range uses:
// callers take a CREATE TABLE's first table for the table it creates.
func TestWalkIgnoresRangeOrder(t *testing.T) {
	t.Parallel()
	s, err := Parse(`CREATE TABLE clinic.visits (id int PRIMARY KEY, patient_id int REFERENCES clinic.patients (id)) INHERITS (clinic.events)`)
	require.NoError(t, err)
	create := nodeMessage(s.Statements[0].raw.GetStmt())
	require.NotNil(t, create)

	w := &walker{a: &Analysis{}}
	sc := w.newScope(-1, ScopeOther, OriginTop)
	w.walk(reversedRange{create}, ctx{scope: sc.ID, clause: ClauseOther, origin: OriginNested})
	require.Equal(t, []string{"clinic.visits", "clinic.patients", "clinic.events"}, qualifiedNames(w.a.Tables))
}

func TestAnalysisCreateTableFirst(t *testing.T) {
	t.Parallel()
	_, a := analysis(t, `CREATE TABLE visits (id int, patient_id int REFERENCES patients (id),
		CONSTRAINT fk_room FOREIGN KEY (id) REFERENCES rooms (id)) INHERITS (events)`)
	require.Equal(t, []string{"visits", "patients", "rooms", "events"}, qualifiedNames(a.Tables))
}
