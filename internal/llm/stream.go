package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"sync"

	"github.com/ollama/ollama/api"
	"github.com/ollama/ollama/envconfig"
	"github.com/ollama/ollama/version"
)

// chatStream is api.Client.Chat with a pooled line buffer. The api client
// allocates its scanner's 8 MiB maximum up front on every call: with an
// instant model that was most of serve's memory (peak RSS 458 MB over a
// burst of 2,000 questions; docs/DESIGN.md, Memory).
// Here the buffer starts at streamBufSize, grows to the same 8 MiB only for
// a line that needs it, and is reused. The request and its reading are
// api.Client's: the same method, path, headers and body, the same handling
// of error lines and statuses, so a server cannot tell the two apart.
// Servers that need Ollama's signed requests (ollama.com, OLLAMA_AUTH) go
// through the api client itself.
func (c *Client) chatStream(ctx context.Context, req *api.ChatRequest, fn api.ChatResponseFunc) error {
	if envconfig.UseAuth() || c.base.Hostname() == "ollama.com" {
		return c.api.Chat(ctx, req, fn)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base.JoinPath("/api/chat").String(), bytes.NewReader(body))
	if err != nil {
		return err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "application/x-ndjson")
	hreq.Header.Set("User-Agent", userAgent)
	resp, err := c.http.Do(hreq)
	if err != nil {
		return err
	}
	defer resp.Body.Close()

	bufp := streamBufs.Get().(*[]byte)
	defer streamBufs.Put(bufp)
	scanner := bufio.NewScanner(resp.Body)
	scanner.Buffer((*bufp)[:0], maxStreamLine)
	for scanner.Scan() {
		line := scanner.Bytes()
		if err := streamLineError(resp, line); err != nil {
			return err
		}
		var cr api.ChatResponse
		if err := json.Unmarshal(line, &cr); err != nil {
			return err
		}
		if err := fn(cr); err != nil {
			return err
		}
	}
	// Like the api client, a read error is not returned here: the
	// transport's trace records it and Chat reports the stream as broken.
	return nil
}

// streamLineError is what api.Client's stream makes of one line: an error
// for an error status or an "error" field, nil for a reply line.
func streamLineError(resp *http.Response, line []byte) error {
	var er struct {
		Error     string `json:"error,omitempty"`
		SigninURL string `json:"signin_url,omitempty"`
	}
	if err := json.Unmarshal(line, &er); err != nil {
		if resp.StatusCode >= http.StatusBadRequest {
			return api.StatusError{StatusCode: resp.StatusCode, Status: resp.Status, ErrorMessage: string(line)}
		}
		return errors.New(string(line))
	}
	switch {
	case resp.StatusCode == http.StatusUnauthorized:
		return api.AuthorizationError{StatusCode: resp.StatusCode, Status: resp.Status, SigninURL: er.SigninURL}
	case resp.StatusCode >= http.StatusBadRequest:
		return api.StatusError{StatusCode: resp.StatusCode, Status: resp.Status, ErrorMessage: er.Error}
	case er.Error != "":
		return errors.New(er.Error)
	}
	return nil
}

const (
	// streamBufSize is the pooled buffer's starting size: a streamed chunk
	// is a few tokens, the final line a few hundred bytes.
	streamBufSize = 64 << 10
	// maxStreamLine is the api client's limit on one line (8 MB).
	maxStreamLine = 8 * 1000 * 1000
)

var streamBufs = sync.Pool{New: func() any { b := make([]byte, streamBufSize); return &b }}

// userAgent is the api client's.
var userAgent = fmt.Sprintf("ollama/%s (%s %s) Go/%s", version.Version, runtime.GOARCH, runtime.GOOS, runtime.Version())
