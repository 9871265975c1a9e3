package prompt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Verified examples go after the schema and before the question, each
// question with its SQL; without examples the prompt is unchanged.
func TestExamplesInPrompt(t *testing.T) {
	t.Parallel()
	r := Request{
		Database: "shop", Question: "Count the customers in London", Schema: "customers(name, city)",
		Examples: []Example{{Question: "How many customers live in London?", SQL: "SELECT count(*) FROM customers WHERE city = 'London'"}},
	}
	user := Initial(r)[1].Content
	schema, head, question := strings.Index(user, "### Schema"), strings.Index(user, "### Verified examples"), strings.Index(user, "### Question")
	require.True(t, schema < head && head < question, user)
	require.Contains(t, user, "Question: How many customers live in London?\n```sql\nSELECT count(*) FROM customers WHERE city = 'London'\n```")

	r.Examples = nil
	require.NotContains(t, Initial(r)[1].Content, "Verified examples")
}
