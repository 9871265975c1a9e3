package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxTextCopy is the largest structured result repeated in full as the
// text of a tool result; a larger one that can summarize itself has its
// summary there instead, so its rows are not sent (and held) twice.
const maxTextCopy = 64 << 10

// summarizer is a result that can say in a few lines what it holds.
type summarizer interface{ summary() string }

// addTool adds a tool whose schemas are inferred from In and Out, like
// mcp.AddTool, but writes the structured result itself: the SDK's typed
// handler re-encodes results through float64, and rows must keep the
// digits PostgreSQL gave them (numeric 120.50 stays 120.50, a bigint past
// 2^53 stays exact). Arguments are validated against In's schema.
func addTool[In, Out any](s *mcp.Server, t *mcp.Tool, h func(context.Context, In) (*mcp.CallToolResult, Out, error)) {
	inSchema, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: tool %s: input schema: %v", t.Name, err))
	}
	in, err := inSchema.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: tool %s: input schema: %v", t.Name, err))
	}
	t.InputSchema = inSchema
	if rt := reflect.TypeFor[Out](); rt != reflect.TypeFor[any]() {
		if rt.Kind() == reflect.Pointer {
			rt = rt.Elem()
		}
		out, err := jsonschema.ForType(rt, nil)
		if err != nil {
			panic(fmt.Sprintf("mcpserver: tool %s: output schema: %v", t.Name, err))
		}
		t.OutputSchema = out
	}
	s.AddTool(t, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ctx, cancel := callContext(ctx)
		defer cancel()
		raw := req.Params.Arguments
		if len(raw) == 0 || string(raw) == "null" {
			raw = json.RawMessage("{}")
		}
		var generic any
		if err := json.Unmarshal(raw, &generic); err != nil {
			return toolError("validation_block", "the arguments are not JSON: "+err.Error()), nil
		}
		if err := in.Validate(generic); err != nil {
			return toolError("validation_block", "invalid arguments: "+err.Error()), nil
		}
		var args In
		if err := json.Unmarshal(raw, &args); err != nil {
			return toolError("validation_block", "invalid arguments: "+err.Error()), nil
		}
		res, out, err := h(ctx, args)
		if err != nil {
			return nil, err
		}
		if res == nil {
			res = &mcp.CallToolResult{}
		}
		if v := reflect.ValueOf(out); v.IsValid() && !(v.Kind() == reflect.Pointer && v.IsNil()) {
			b, err := json.Marshal(out)
			if err != nil {
				return nil, fmt.Errorf("mcpserver: encoding the %s result: %w", t.Name, err)
			}
			res.StructuredContent = json.RawMessage(b)
			if res.Content == nil {
				text := string(b)
				if sum, ok := any(out).(summarizer); ok && len(b) > maxTextCopy {
					// Not a second copy of the rows: a summary.
					text = sum.summary()
				}
				res.Content = []mcp.Content{&mcp.TextContent{Text: text}}
			}
		}
		if res.Content == nil {
			res.Content = []mcp.Content{}
		}
		return res, nil
	})
}
