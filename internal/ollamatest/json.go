package ollamatest

import (
	"strconv"
	"time"
	"unicode/utf8"
)

// The streamed chunks are written by hand rather than with encoding/json:
// the benchmark harness sends thousands of replies through this server and
// its cost must stay small next to nl2sql's own. The output matches what
// json.Marshal makes of api.ChatResponse and api.GenerateResponse (fields
// in the same order, omitempty fields left out, HTML characters escaped).

// final is what the last chunk of a reply reports.
type final struct {
	doneReason   string
	promptTokens int
	replyTokens  int
	start        time.Time // the request arrived
	loaded       time.Time // the "model" was ready
}

// appendChunk appends one NDJSON line: an intermediate chunk carrying
// content when f is nil, else a done chunk with f's metrics.
func appendChunk(buf []byte, generate bool, model, content string, f *final) []byte {
	now := time.Now()
	buf = append(buf, `{"model":`...)
	buf = appendJSONString(buf, model)
	buf = append(buf, `,"created_at":"`...)
	buf = now.UTC().AppendFormat(buf, time.RFC3339Nano)
	buf = append(buf, '"')
	if generate {
		buf = append(buf, `,"response":`...)
		buf = appendJSONString(buf, content)
	} else {
		buf = append(buf, `,"message":{"role":"assistant","content":`...)
		buf = appendJSONString(buf, content)
		buf = append(buf, '}')
	}
	if f == nil {
		return append(buf, ",\"done\":false}\n"...)
	}
	buf = append(buf, `,"done":true,"done_reason":`...)
	buf = appendJSONString(buf, f.doneReason)

	total := now.Sub(f.start)
	load := f.loaded.Sub(f.start)
	// Split the rest between prompt evaluation and generation, as a real
	// server's numbers would add up.
	rest := max(total-load, 0)
	promptEval := rest / 4
	eval := rest - promptEval
	buf = appendInt(buf, "total_duration", int64(total))
	buf = appendInt(buf, "load_duration", int64(load))
	buf = appendInt(buf, "prompt_eval_count", int64(f.promptTokens))
	buf = appendInt(buf, "prompt_eval_duration", int64(promptEval))
	buf = appendInt(buf, "eval_count", int64(f.replyTokens))
	buf = appendInt(buf, "eval_duration", int64(eval))
	return append(buf, "}\n"...)
}

// appendInt appends ,"key":v, leaving zero out like omitempty.
func appendInt(buf []byte, key string, v int64) []byte {
	if v == 0 {
		return buf
	}
	buf = append(buf, `,"`...)
	buf = append(buf, key...)
	buf = append(buf, `":`...)
	return strconv.AppendInt(buf, v, 10)
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it (including <, > and & and the JavaScript line separators;
// invalid UTF-8 becomes U+FFFD).
func appendJSONString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch b {
			case '"', '\\':
				buf = append(buf, '\\', b)
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}
