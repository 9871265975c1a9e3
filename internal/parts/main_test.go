package parts_test

import (
	"testing"

	"github.com/nl2sql/nl2sql/internal/dbtest"
)

func TestMain(m *testing.M) { dbtest.VerifyTestMain(m) }
