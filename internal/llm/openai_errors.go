package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// The OpenAI provider's errors are the Ollama client's *Error, with the same
// Kinds and messages worded alike, so that retries, error classes and what
// people read do not depend on the server.

// classify turns a failed request (no HTTP status to go by) into an *Error.
// parent is the caller's context, ctx the call's (parent plus
// RequestTimeout).
func (o *OpenAI) classify(parent, ctx context.Context, cl call, err error) *Error {
	e := &Error{Op: cl.op, Host: o.host, Model: cl.model, Err: err}
	if ctx.Err() != nil {
		return e.contextEnded(parent, ctx, cl, openAIServer, o.cfg.RequestTimeout)
	}
	e.Kind = Unavailable
	var opErr *net.OpError
	var dnsErr *net.DNSError
	switch {
	case errors.As(err, &dnsErr) || (errors.As(err, &opErr) && opErr.Op == "dial"):
		e.Message = fmt.Sprintf("cannot reach %s at %s: %s; start it or set NL2SQL_OPENAI_BASE_URL", openAIServer, o.host, errclass.NetReason(err))
	case isNetError(err):
		e.Message = fmt.Sprintf("lost the connection to %s at %s during the %s request%s: %s", openAIServer, o.host, cl.op, cl.forModel(), errclass.NetReason(err))
	default:
		// A reply that is not the API's JSON.
		e.Message = fmt.Sprintf("%s at %s failed the %s request%s: %s", openAIServer, o.host, cl.op, cl.forModel(), o.scrub(clip(err.Error())))
	}
	return e
}

// statusError reads an error response and turns it into an *Error.
func (o *OpenAI) statusError(cl call, resp *http.Response) *Error {
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	return o.statusErrorBody(cl, resp.StatusCode, resp.Header, raw)
}

// statusErrorBody turns an error response, its body read (raw), into an
// *Error.
func (o *OpenAI) statusErrorBody(cl call, status int, header http.Header, raw []byte) *Error {
	msg, code := parseErrorBody(raw)
	msg = o.scrub(clip(msg))
	if msg == "" {
		msg = http.StatusText(status)
	}
	e := &Error{Op: cl.op, Host: o.host, Model: cl.model, Status: status, Err: fmt.Errorf("HTTP %d: %s", status, msg)}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		// The server's words are left out: OpenAI's quote part of a wrong key.
		e.Kind, e.Err = Rejected, fmt.Errorf("HTTP %d", status)
		if o.key == "" {
			e.Message = fmt.Sprintf("%s at %s requires an API key for the %s request (HTTP %d): set NL2SQL_OPENAI_API_KEY", openAIServer, o.host, cl.op, status)
		} else {
			e.Message = fmt.Sprintf("%s at %s refused the API key for the %s request (HTTP %d): check NL2SQL_OPENAI_API_KEY", openAIServer, o.host, cl.op, status)
		}
	case code == "context_length_exceeded" || code == "exceed_context_size_error" || isContextTooLong(msg):
		e.Kind = ContextTooLong
		e.Message = fmt.Sprintf("%s%s is longer than the context window of %s at %s: %s (HTTP %d); use a model with a longer window or raise the server's context length", cl.tooLong(), cl.forModel(), openAIServer, o.host, msg, status)
	case cl.model != "" && (code == "model_not_found" || ((status == http.StatusNotFound || status == http.StatusBadRequest) && isOpenAIModelNotFound(msg))):
		e.Kind = ModelMissing
		e.Message = o.missingMessage(cl, nil)
	case status == http.StatusNotFound:
		e.Kind = Rejected
		e.Message = fmt.Sprintf("%s at %s answered 404 to the %s request (%s); is NL2SQL_OPENAI_BASE_URL the API's base URL, e.g. %s?", openAIServer, o.host, cl.op, msg, DefaultOpenAIBaseURL)
	case status == http.StatusPaymentRequired || (status == http.StatusTooManyRequests && isBillingLimit(code)):
		// OpenAI sends 429 for an account out of credit too: no rate
		// limit, it stays refused until someone pays or raises the limit.
		e.Kind = Rejected
		e.Message = fmt.Sprintf("%s at %s refused the %s request%s: the account is out of quota or over its spending limit (billing): %s (HTTP %d%s); retrying cannot help: add credit or raise the limit with the provider, or use another key (NL2SQL_OPENAI_API_KEY)",
			openAIServer, o.host, cl.op, cl.forModel(), msg, status, codeNote(code))
	case status >= 500, status == http.StatusTooManyRequests, status == http.StatusRequestTimeout:
		e.Kind = Unavailable
		e.Message = fmt.Sprintf("%s at %s failed the %s request%s: %s (HTTP %d)", openAIServer, o.host, cl.op, cl.forModel(), msg, status)
	default:
		e.Kind = Rejected
		e.Message = fmt.Sprintf("%s at %s refused the %s request%s: %s (HTTP %d)", openAIServer, o.host, cl.op, cl.forModel(), msg, status)
	}
	return e.withRetryAfter(header.Get("Retry-After"))
}

// isBillingLimit recognises the error codes of an account that has no
// credit or quota left, or reached a spending limit: OpenAI's
// insufficient_quota and billing_hard_limit_reached, and the like of other
// providers. A rate limit (rate_limit_exceeded) is not one: it passes in
// seconds. Only codes count: the words "quota exceeded" also describe
// per-minute limits (Gemini's).
func isBillingLimit(code string) bool {
	switch code {
	case "insufficient_quota", "billing_hard_limit_reached", "billing_not_active",
		"credit_balance_exhausted", "insufficient_balance", "insufficient_credits":
		return true
	}
	for _, s := range []string{"billing", "credit", "spend_limit", "spending_limit", "usage_limit", "budget"} {
		if strings.Contains(code, s) {
			return true
		}
	}
	return false
}

// codeNote is ", code" for a message, or "" for no code.
func codeNote(code string) string {
	if code == "" {
		return ""
	}
	return ", " + code
}

// replyError is an error the server put in a reply it sent with 200 (an
// error event in a stream): the server failed while generating.
func (o *OpenAI) replyError(cl call, msg string) *Error {
	msg = o.scrub(clip(msg))
	e := &Error{Kind: Unavailable, Op: cl.op, Host: o.host, Model: cl.model, Err: errors.New(msg)}
	if isContextTooLong(msg) {
		e.Kind = ContextTooLong
		e.Message = fmt.Sprintf("%s%s is longer than the context window of %s at %s: %s; use a model with a longer window or raise the server's context length", cl.tooLong(), cl.forModel(), openAIServer, o.host, msg)
		return e
	}
	e.Message = fmt.Sprintf("%s at %s failed the %s request%s: %s", openAIServer, o.host, cl.op, cl.forModel(), msg)
	return e
}

func (o *OpenAI) missingMessage(cl call, offered []string) string {
	msg := fmt.Sprintf("model %q is not available on %s at %s: serve it there or set %s", cl.model, openAIServer, o.host, cl.envVar)
	if len(offered) > 0 {
		if len(offered) > 5 {
			offered = append(offered[:5:5], "…")
		}
		msg += " (it offers " + strings.Join(offered, ", ") + ")"
	}
	return msg
}

// scrub removes the API key from a server-supplied message, should a
// server echo it.
func (o *OpenAI) scrub(s string) string {
	if len(o.key) >= 4 {
		s = strings.ReplaceAll(s, o.key, "***")
	}
	return s
}

// isOpenAIModelNotFound recognises the servers' words for an unknown
// model: OpenAI's "The model `x` does not exist or you do not have access
// to it.", vLLM's "The model `x` does not exist.", others' "model not
// found".
func isOpenAIModelNotFound(msg string) bool {
	return containsFold(msg, "model") && (containsFold(msg, "not found") || containsFold(msg, "does not exist"))
}

// parseErrorBody reads the error bodies OpenAI-compatible servers send:
// {"error": {"message", "type", "code"}} (OpenAI, llama.cpp, newer vLLM),
// {"error": "text"}, {"object": "error", "message", "code"} (older vLLM),
// {"detail": ...} (FastAPI), or plain text. code is the error's code (or
// type), lower case.
func parseErrorBody(raw []byte) (msg, code string) {
	var body map[string]json.RawMessage
	if json.Unmarshal(raw, &body) != nil {
		return strings.TrimSpace(string(raw)), ""
	}
	if e, ok := body["error"]; ok && string(e) != "null" {
		var s string
		if json.Unmarshal(e, &s) == nil {
			return s, ""
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(e, &obj) == nil {
			return jsonText(obj["message"]), errorCode(obj)
		}
	}
	if m, ok := body["message"]; ok {
		return jsonText(m), errorCode(body)
	}
	if d, ok := body["detail"]; ok {
		return jsonText(d), ""
	}
	return strings.TrimSpace(string(raw)), ""
}

// errorMessage is the message of an "error" member of a reply.
func errorMessage(raw json.RawMessage) string {
	msg, _ := parseErrorBody([]byte(`{"error":` + string(raw) + `}`))
	return msg
}

func errorCode(obj map[string]json.RawMessage) string {
	for _, k := range []string{"code", "type"} {
		if c := strings.ToLower(jsonText(obj[k])); c != "" && c != "null" {
			if _, err := strconv.Atoi(c); err != nil { // a number is an HTTP status, not a code
				return c
			}
		}
	}
	return ""
}

// jsonText is a JSON string's value, or any other JSON value as written.
func jsonText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return strings.TrimSpace(string(raw))
}
