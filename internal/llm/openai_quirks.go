package llm

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
)

// modelQuirks are the request parameters a model of an OpenAI-compatible
// server refused and what nl2sql sends instead. OpenAI's reasoning models
// (o1, o3, gpt-5) refuse temperature 0 ("Only the default (1) value is
// supported") and max_tokens ("Use 'max_completion_tokens' instead") with
// a 400 naming the parameter; every other server takes both. Learning them
// from the refusal, once per model, keeps one request shape for all
// servers instead of a list of model names that would age.
type modelQuirks struct {
	noTemperature    bool // send none: the model's default
	completionTokens bool // max_completion_tokens for max_tokens
	last             string
}

func (o *OpenAI) quirksOf(model string) modelQuirks {
	if q, ok := o.quirks.Load(model); ok {
		return q.(modelQuirks)
	}
	return modelQuirks{}
}

// apply shapes body by q.
func (q modelQuirks) apply(body *oaChatRequest) {
	if q.noTemperature {
		body.Temperature = nil
	}
	if q.completionTokens && body.MaxTokens > 0 {
		body.MaxCompletionTokens, body.MaxTokens = body.MaxTokens, 0
	}
}

// learn reads a refusal: ok when it names a parameter q has a way around
// and has not taken yet, with the quirks that take it.
func (q modelQuirks) learn(status int, raw []byte) (modelQuirks, bool) {
	if status != http.StatusBadRequest {
		return q, false
	}
	var body struct {
		Error struct {
			Message string `json:"message"`
			Param   string `json:"param"`
			Code    string `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &body) != nil {
		return q, false
	}
	e := body.Error
	if e.Param == "" {
		// Proxies in front of OpenAI pass its words on under codes of
		// their own: "Unsupported parameter: 'max_tokens' is not ...".
		for _, p := range []string{"temperature", "max_tokens"} {
			if strings.HasPrefix(e.Message, "Unsupported parameter: '"+p+"'") || strings.HasPrefix(e.Message, "Unsupported value: '"+p+"'") {
				e.Param, e.Code = p, "unsupported_parameter"
			}
		}
	}
	switch {
	case e.Code != "unsupported_parameter" && e.Code != "unsupported_value":
	case e.Param == "temperature" && !q.noTemperature:
		q.noTemperature, q.last = true, "temperature"
		return q, true
	case e.Param == "max_tokens" && !q.completionTokens:
		q.completionTokens, q.last = true, "max_tokens"
		return q, true
	}
	return q, false
}

func (o *OpenAI) logger() *slog.Logger { return o.cfg.logger() }
