package ollamatest

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ollama/ollama/api"
	"github.com/ollama/ollama/types/model"

	"github.com/nl2sql/nl2sql/internal/fakeserver"
)

// serveHTTP routes like Ollama's gin router: unknown paths get a plain-text
// 404, known paths with the wrong method a plain-text 405.
func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return // the client went away
	}
	s.Record(Request{Method: r.Method, Path: r.URL.Path, Body: body, Time: start})
	if !s.Hold(r.Context()) {
		return // hung (SetHung) until the client went away
	}

	// Chat and generate requests are decoded (and recorded) before an
	// injected failure, so tests can see what a failed call asked for.
	switch r.URL.Path {
	case "/api/chat":
		if allow(w, r, http.MethodPost) {
			s.handleChat(w, r, body, start)
		}
		return
	case "/api/generate":
		if allow(w, r, http.MethodPost) {
			s.handleGenerate(w, r, body, start)
		}
		return
	}
	if strings.HasPrefix(r.URL.Path, "/api/") && s.injectFailure(w) {
		return
	}
	switch r.URL.Path {
	case "/":
		if allow(w, r, http.MethodGet, http.MethodHead) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			_, _ = io.WriteString(w, "Ollama is running")
		}
	case "/api/version":
		if allow(w, r, http.MethodGet, http.MethodHead) {
			writeJSON(w, http.StatusOK, map[string]string{"version": s.cfg.Version})
		}
	case "/api/tags":
		if allow(w, r, http.MethodGet, http.MethodHead) {
			s.handleTags(w)
		}
	case "/api/show":
		if allow(w, r, http.MethodPost) {
			s.handleShow(w, body)
		}
	case "/api/embed":
		if allow(w, r, http.MethodPost) {
			s.handleEmbed(w, r, body, start)
		}
	case "/api/embeddings":
		if allow(w, r, http.MethodPost) {
			s.handleEmbeddings(w, body)
		}
	default:
		writeText(w, http.StatusNotFound, "404 page not found")
	}
}

func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	if slices.Contains(methods, r.Method) {
		return true
	}
	writeText(w, http.StatusMethodNotAllowed, "405 method not allowed")
	return false
}

// injectFailure answers with a FailNext failure, if one is due.
func (s *Server) injectFailure(w http.ResponseWriter) bool {
	status, ok := s.Take()
	if !ok {
		return false
	}
	msg := http.StatusText(status) + " (injected by ollamatest)"
	if status == http.StatusServiceUnavailable {
		// Ollama's own text when its request queue is full.
		msg = "server busy, please try again.  maximum pending requests exceeded"
	}
	writeError(w, status, msg)
	return true
}

// decode binds a JSON body as gin's ShouldBindJSON does for Ollama.
func decode(w http.ResponseWriter, body []byte, v any) bool {
	if len(strings.TrimSpace(string(body))) == 0 {
		writeError(w, http.StatusBadRequest, "missing request body")
		return false
	}
	if err := json.Unmarshal(body, v); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return false
	}
	return true
}

func (s *Server) handleChat(w http.ResponseWriter, r *http.Request, body []byte, start time.Time) {
	var req api.ChatRequest
	if !decode(w, body, &req) {
		return
	}
	creq := ChatRequest{
		Endpoint:  "/api/chat",
		Model:     req.Model,
		Messages:  req.Messages,
		Stream:    req.Stream == nil || *req.Stream,
		Options:   req.Options,
		Format:    req.Format,
		Think:     req.Think,
		KeepAlive: req.KeepAlive,
		Truncate:  req.Truncate,
		Shift:     req.Shift,
	}
	s.RecordChat(creq)
	if s.injectFailure(w) || !s.checkChatModel(w, req.Model, req.Think, "chat") || !s.load(r, req.Model) {
		return
	}
	if len(req.Messages) == 0 {
		// Ollama loads the model and answers at once.
		writeJSON(w, http.StatusOK, api.ChatResponse{
			Model: req.Model, CreatedAt: time.Now().UTC(),
			Message: api.Message{Role: "assistant"}, Done: true, DoneReason: "load",
		})
		return
	}
	s.answer(w, r, creq, start)
}

func (s *Server) handleGenerate(w http.ResponseWriter, r *http.Request, body []byte, start time.Time) {
	var req api.GenerateRequest
	if !decode(w, body, &req) {
		return
	}
	creq := ChatRequest{
		Endpoint:  "/api/generate",
		Model:     req.Model,
		Stream:    req.Stream == nil || *req.Stream,
		Options:   req.Options,
		Think:     req.Think,
		KeepAlive: req.KeepAlive,
	}
	if req.System != "" {
		creq.Messages = append(creq.Messages, api.Message{Role: "system", Content: req.System})
	}
	if req.Prompt != "" {
		creq.Messages = append(creq.Messages, api.Message{Role: "user", Content: req.Prompt})
	}
	s.RecordChat(creq)
	if s.injectFailure(w) || !s.checkChatModel(w, req.Model, req.Think, "generate") || !s.load(r, req.Model) {
		return
	}
	if req.Prompt == "" {
		writeJSON(w, http.StatusOK, api.GenerateResponse{
			Model: req.Model, CreatedAt: time.Now().UTC(), Done: true, DoneReason: "load",
		})
		return
	}
	s.answer(w, r, creq, start)
}

// checkChatModel refuses what Ollama refuses before generating: no model,
// a model that is not pulled, an embedding model, and thinking (no fake
// model is a thinking model).
func (s *Server) checkChatModel(w http.ResponseWriter, name string, think *api.ThinkValue, verb string) bool {
	if !model.ParseName(name).IsValid() {
		writeError(w, http.StatusBadRequest, "model is required")
		return false
	}
	m, ok := s.lookup(name)
	switch {
	case !ok:
		writeError(w, http.StatusNotFound, fmt.Sprintf("model %q not found, try pulling it first", name))
		return false
	case m.embed:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%q does not support %s", name, verb))
		return false
	case think != nil && think.Bool():
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%q does not support thinking", name))
		return false
	}
	return true
}

// answer sends the scripted reply to a chat or generate request.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, req ChatRequest, start time.Time) {
	resp, ok := s.Reply(req)
	if !ok {
		writeError(w, http.StatusInternalServerError, "ollamatest: no reply scripted for this request (use Script, Answer or OnChat)")
		return
	}
	ctx := r.Context()
	if !s.Sleep(ctx, resp.Delay) {
		return
	}
	if resp.Status >= 400 {
		if resp.RetryAfter != "" {
			w.Header().Set("Retry-After", resp.RetryAfter)
		}
		writeError(w, resp.Status, cmp.Or(resp.Error, http.StatusText(resp.Status)))
		return
	}

	promptBytes := 0
	for _, m := range req.Messages {
		promptBytes += len(m.Content)
	}
	promptTokens := cmp.Or(resp.PromptTokens, fakeserver.Tokens(promptBytes))
	if numCtx, ok := req.Options["num_ctx"].(float64); ok && promptTokens > int(numCtx) {
		// As Ollama's runner: a prompt over the window is refused when
		// the request said truncate false, else cut to the window and
		// answered, the cut told only by prompt_eval_count.
		if req.Truncate != nil && !*req.Truncate {
			writeError(w, http.StatusBadRequest, "the input length exceeds the context length")
			return
		}
		promptTokens = int(numCtx)
	}
	f := final{
		doneReason:   cmp.Or(resp.DoneReason, "stop"),
		promptTokens: promptTokens,
		replyTokens:  cmp.Or(resp.ReplyTokens, fakeserver.Tokens(len(resp.Content))),
		start:        start,
		loaded:       time.Now(),
	}
	generate := req.Endpoint == "/api/generate"

	if !req.Stream {
		switch {
		case resp.Error != "":
			writeError(w, http.StatusInternalServerError, resp.Error)
		case resp.Abort:
			panic(http.ErrAbortHandler)
		default:
			buf := appendChunk(nil, generate, req.Model, resp.Content, &f)
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write(buf[:len(buf)-1]) // c.JSON writes no newline
		}
		return
	}

	w.Header().Set("Content-Type", "application/x-ndjson")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	size := cmp.Or(resp.ChunkSize, s.cfg.ChunkSize)
	buf := make([]byte, 0, 256)
	for rest := resp.Content; rest != ""; {
		n := fakeserver.PrefixRunes(rest, size)
		buf = appendChunk(buf[:0], generate, req.Model, rest[:n], nil)
		rest = rest[n:]
		if _, err := w.Write(buf); err != nil {
			return
		}
		if flusher != nil {
			flusher.Flush()
		}
		if rest != "" && !s.Sleep(ctx, resp.ChunkDelay) {
			return
		}
	}
	switch {
	case resp.Error != "":
		buf = appendJSONString(append(buf[:0], `{"error":`...), resp.Error)
		buf = append(buf, "}\n"...)
		_, _ = w.Write(buf)
	case resp.Abort:
		if flusher != nil {
			flusher.Flush()
		}
		panic(http.ErrAbortHandler)
	default:
		_, _ = w.Write(appendChunk(buf[:0], generate, req.Model, "", &f))
	}
}

func (s *Server) handleTags(w http.ResponseWriter) {
	models := make([]api.ListModelResponse, 0, len(s.order))
	for _, k := range s.order {
		m := s.models[k]
		models = append(models, api.ListModelResponse{
			Name:       m.name,
			Model:      m.name,
			ModifiedAt: m.modified,
			Size:       fakeSize(m),
			Digest:     digest(m.name),
			Details:    details(m),
		})
	}
	// Most recently modified first, as Ollama lists them.
	slices.SortStableFunc(models, func(a, b api.ListModelResponse) int { return b.ModifiedAt.Compare(a.ModifiedAt) })
	writeJSON(w, http.StatusOK, api.ListResponse{Models: models})
}

func (s *Server) handleShow(w http.ResponseWriter, body []byte) {
	var req api.ShowRequest
	if !decode(w, body, &req) {
		return
	}
	name := cmp.Or(req.Model, req.Name) //nolint:staticcheck // older clients send the deprecated name
	if name == "" {
		writeError(w, http.StatusBadRequest, "model is required")
		return
	}
	m, ok := s.lookup(name)
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", name))
		return
	}
	d := details(m)
	info := map[string]any{"general.architecture": d.Family}
	caps := []model.Capability{model.CapabilityCompletion}
	if m.embed {
		info[d.Family+".context_length"] = s.cfg.EmbedContextLength
		info[d.Family+".embedding_length"] = s.cfg.EmbedDim
		caps = []model.Capability{model.CapabilityEmbedding}
	} else {
		info[d.Family+".context_length"] = 32768
	}
	writeJSON(w, http.StatusOK, api.ShowResponse{
		Modelfile:    "# Modelfile generated by ollamatest\nFROM " + m.name + "\n",
		Template:     "{{ .Prompt }}",
		Details:      d,
		ModelInfo:    info,
		Capabilities: caps,
		ModifiedAt:   m.modified,
	})
}

func (s *Server) handleEmbed(w http.ResponseWriter, r *http.Request, body []byte, start time.Time) {
	var req api.EmbedRequest
	if !decode(w, body, &req) {
		return
	}
	var input []string
	switch in := req.Input.(type) {
	case string:
		if in != "" {
			input = append(input, in)
		}
	case []any:
		for _, v := range in {
			str, ok := v.(string)
			if !ok {
				writeError(w, http.StatusBadRequest, "invalid input type")
				return
			}
			input = append(input, str)
		}
	default:
		if req.Input != nil {
			writeError(w, http.StatusBadRequest, "invalid input type")
			return
		}
	}
	if _, ok := s.lookup(req.Model); !ok || !model.ParseName(req.Model).IsValid() {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", req.Model))
		return
	}
	if !s.load(r, req.Model) {
		return
	}
	loaded := time.Now()
	// As Ollama's EmbedHandler: an input longer than the window is cut
	// to it, or refused when the request says truncate false (the
	// runner's errorInputTooLong, a 400 passed on with its words).
	window := s.cfg.EmbedContextLength
	if numCtx, ok := req.Options["num_ctx"].(float64); ok && numCtx > 0 {
		window = min(window, int(numCtx))
	}
	for i, text := range input {
		if fakeserver.Tokens(len(text)) <= window {
			continue
		}
		if req.Truncate != nil && !*req.Truncate {
			writeError(w, http.StatusBadRequest, "the input length exceeds the context length")
			return
		}
		input[i] = cutBytes(text, 4*window)
	}
	resp := api.EmbedResponse{Model: req.Model, Embeddings: make([][]float32, 0, len(input))}
	dim := s.cfg.EmbedDim
	if req.Dimensions > 0 && req.Dimensions < dim {
		// Ollama truncates and renormalizes; a hashed vector's prefix may be
		// all zeros, so hash into the smaller space instead.
		dim = req.Dimensions
	}
	for _, text := range input {
		resp.Embeddings = append(resp.Embeddings, Embedding(text, dim))
		resp.PromptEvalCount += max(1, len(words(text)))
	}
	if len(input) > 0 {
		resp.TotalDuration = time.Since(start)
		resp.LoadDuration = loaded.Sub(start)
	}
	writeJSON(w, http.StatusOK, resp)
}

// cutBytes is the longest prefix of s of at most n bytes that ends at a
// rune boundary: what a cut to n bytes' worth of tokens keeps.
func cutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// handleEmbeddings serves the legacy single-prompt endpoint.
func (s *Server) handleEmbeddings(w http.ResponseWriter, body []byte) {
	var req api.EmbeddingRequest
	if !decode(w, body, &req) {
		return
	}
	if req.Model == "" {
		writeError(w, http.StatusBadRequest, "model is required")
		return
	}
	if _, ok := s.lookup(req.Model); !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model %q not found, try pulling it first", req.Model))
		return
	}
	resp := api.EmbeddingResponse{Embedding: []float64{}}
	if req.Prompt != "" {
		for _, x := range Embedding(req.Prompt, s.cfg.EmbedDim) {
			resp.Embedding = append(resp.Embedding, float64(x))
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

var paramSize = regexp.MustCompile(`^\d+(\.\d+)?[bBmM]$`)

// details invents plausible model details from the name.
func details(m modelInfo) api.ModelDetails {
	n := model.ParseName(m.name)
	family := "llama"
	switch {
	case strings.HasPrefix(n.Model, "qwen"):
		family = "qwen2"
	case strings.Contains(n.Model, "nomic"):
		family = "nomic-bert"
	case strings.Contains(n.Model, "embed"):
		family = "bert"
	}
	d := api.ModelDetails{Format: "gguf", Family: family, Families: []string{family}, QuantizationLevel: "Q4_K_M"}
	if m.embed {
		d.QuantizationLevel = "F16"
	}
	if paramSize.MatchString(n.Tag) {
		d.ParameterSize = strings.ToUpper(n.Tag)
	}
	return d
}

func fakeSize(m modelInfo) int64 {
	if m.embed {
		return 274302450
	}
	return 4683087332
}

func digest(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:])
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// writeError writes an error the way Ollama does: {"error": "..."}.
func writeError(w http.ResponseWriter, status int, msg string) {
	buf := appendJSONString([]byte(`{"error":`), msg)
	buf = append(buf, '}')
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf)
}

func writeText(w http.ResponseWriter, status int, text string) {
	w.Header().Set("Content-Type", "text/plain")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, text)
}
