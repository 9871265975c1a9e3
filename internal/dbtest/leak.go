package dbtest

import (
	"testing"

	"go.uber.org/goleak"
)

// VerifyTestMain runs a package's tests, then fails the run if a goroutine
// they started is still running (goleak): a River client not stopped, a pool
// or server not closed, a LISTEN loop not ended. The shared pool behind
// TestTx lives for the whole process and is closed before the check.
//
//	func TestMain(m *testing.M) { dbtest.VerifyTestMain(m) }
func VerifyTestMain(m *testing.M, opts ...goleak.Option) {
	goleak.VerifyTestMain(closingMain{m}, opts...)
}

type closingMain struct{ m *testing.M }

func (c closingMain) Run() int {
	code := c.m.Run()
	if sharedDB != nil {
		sharedDB.Close()
	}
	return code
}
