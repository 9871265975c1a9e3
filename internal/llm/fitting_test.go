package llm

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
)

func TestEmbedFitting(t *testing.T) {
	t.Parallel()
	setup := func(t *testing.T, window int) (*ollamatest.Server, *Client) {
		t.Helper()
		return setup(t, Config{}, ollamatest.Config{Config: fakeserver.Config{EmbedDim: 8}, EmbedContextLength: window})
	}
	ctx := context.Background()

	t.Run("Runes", func(t *testing.T) {
		t.Parallel()
		_, c := setup(t, 32)             // 128 bytes: 64 ü
		long := strings.Repeat("ü", 100) // 200 bytes
		vecs, cuts, err := EmbedFitting(ctx, c, []string{long})
		require.NoError(t, err)
		require.Equal(t, []Cut{{Index: 0, Runes: 100, Kept: 62}}, cuts, "50 fit, 100 did not: 75 no, 62 yes, 68 no, 65 no")
		require.Equal(t, ollamatest.Embedding(strings.Repeat("ü", 62), 8), vecs[0], "a front of whole runes")
	})

	t.Run("TooSmallAWindow", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, 4) // 16 bytes: not even minKept runes
		_, _, err := EmbedFitting(ctx, c, []string{"ok", strings.Repeat("x", 100)})
		requireLLMError(t, err, ContextTooLong)
		require.LessOrEqual(t, len(srv.Requests()), 5, "the whole, its halves, then fronts down to minKept runes")
	})

	t.Run("OtherErrors", func(t *testing.T) {
		t.Parallel()
		srv, c := setup(t, 16)
		srv.FailNext(1, 503)
		_, _, err := EmbedFitting(ctx, c, []string{"ok"})
		requireLLMError(t, err, Unavailable)
		require.Len(t, srv.Requests(), 1, "only a text too long is tried again, shorter")

		_, _, err = EmbedFitting(ctx, failing{}, []string{"ok"})
		require.EqualError(t, err, "down")
	})
}

type failing struct{}

func (failing) Embed(context.Context, []string) ([][]float32, error) { return nil, errors.New("down") }
