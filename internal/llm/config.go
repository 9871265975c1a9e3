package llm

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultHost is where Ollama listens unless told otherwise.
const DefaultHost = "http://127.0.0.1:11434"

// Config configures a Client.
type Config struct {
	// Host is the Ollama server, written as OLLAMA_HOST is: "host",
	// "host:port", "scheme://host[:port][/path]". Without a scheme the
	// scheme is http and the port 11434; with http:// or https:// and no
	// port, the port is 80 or 443. Defaults to http://127.0.0.1:11434.
	Host string
	// Model is the chat model that writes SQL. Defaults to
	// "qwen2.5-coder:7b".
	Model string
	// EmbedModel is the embedding model. Defaults to "nomic-embed-text".
	EmbedModel string
	// Temperature is the sampling temperature. Ollama's own default is 0.8;
	// 0 makes the same prompt give the same SQL. Defaults to 0.
	Temperature float64
	// Seed is the sampling seed; nil leaves it to the server. Defaults to
	// nil.
	Seed *int
	// NumCtx is the context window, in tokens, requested for every chat.
	// Ollama's default (2048 tokens for many models) silently truncates
	// schema prompts from the front, dropping the schema; the full demo ERP
	// schema alone is ~16k tokens. Defaults to 32768 (qwen2.5-coder's window).
	NumCtx int
	// KeepAlive is how long Ollama keeps the model loaded after a call; a
	// negative value keeps it loaded. Defaults to 0, which sends nothing and
	// leaves it to the server (OLLAMA_KEEP_ALIVE, 5 minutes).
	KeepAlive time.Duration
	// RequestTimeout bounds one call, from sending the request to the last
	// streamed chunk. Defaults to 120s.
	RequestTimeout time.Duration
	// Think asks thinking models to think before answering. It is always
	// sent: false turns thinking off on models that think by default, whose
	// reasoning would otherwise cost time and tokens. Defaults to false.
	Think bool
	// HTTPClient carries the requests. Its Timeout should be zero (it would
	// cut long streamed replies); RequestTimeout bounds calls instead.
	// Defaults to a client with its own connection pool.
	HTTPClient *http.Client
	// Provider is the kind of model server: ProviderOllama, or
	// ProviderOpenAI for an OpenAI-compatible API (vLLM, llama.cpp's
	// server, LM Studio, a hosted one). Host, NumCtx, KeepAlive and Think
	// are Ollama's; OpenAI configures the other. Defaults to "ollama".
	Provider ProviderName
	// OpenAI configures the OpenAI-compatible provider. Defaults to
	// OpenAIConfig{}.WithDefaults().
	OpenAI OpenAIConfig
	// Logger receives what the client does in the background (loading a
	// model a caller gave up waiting for) and its breakers opening and
	// closing. Defaults to nil, which discards.
	Logger *slog.Logger
	// Breaker makes calls to a model the server keeps failing fail at once
	// for a while (docs/DESIGN.md, A model server that stops answering).
	// Defaults to BreakerConfig{}.WithDefaults().
	Breaker BreakerConfig
	// Clock returns the current time, for the breakers. Defaults to
	// time.Now.
	Clock func() time.Time
}

// BreakerConfig configures the breaker a client keeps for each model it
// calls: after Failures calls in a row that the server failed, calls to that
// model fail at once, without reaching the server, for Cooldown; then one is
// let through, and its reply closes the breaker or its failure opens it for
// another Cooldown. WithDefaults sets the zero fields of a new
// BreakerConfig; a Failures of 0 on one WithDefaults returned stays 0 and
// turns the breakers off.
type BreakerConfig struct {
	// Failures is how many calls to one model in a row must fail for the
	// server's sake (no reply within RequestTimeout, the server unreachable
	// or failing, a reply broken off) to open its breaker; 0: never.
	// Defaults to 5.
	Failures int
	// Cooldown is how long an open breaker fails calls before it lets one
	// through to try the model again. Defaults to 30s.
	Cooldown time.Duration

	// defaulted is set by WithDefaults: a zero Failures is then explicit
	// (off).
	defaulted bool
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c BreakerConfig) WithDefaults() BreakerConfig {
	if c.Failures == 0 && !c.defaulted {
		c.Failures = 5
	}
	if c.Cooldown == 0 {
		c.Cooldown = 30 * time.Second
	}
	c.defaulted = true
	return c
}

func (c BreakerConfig) validate() error {
	switch {
	case c.Failures < 0:
		return errors.New("llm: Breaker.Failures must not be negative (0 turns the breakers off)")
	case c.Cooldown < time.Millisecond:
		return errors.New("llm: Breaker.Cooldown must be at least 1ms")
	}
	return nil
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if strings.TrimSpace(c.Host) == "" {
		c.Host = DefaultHost
	}
	if c.Model == "" {
		c.Model = "qwen2.5-coder:7b"
	}
	if c.EmbedModel == "" {
		c.EmbedModel = "nomic-embed-text"
	}
	if c.NumCtx == 0 {
		c.NumCtx = 32768
	}
	if c.RequestTimeout == 0 {
		c.RequestTimeout = 120 * time.Second
	}
	if c.Provider == "" {
		c.Provider = ProviderOllama
	}
	c.OpenAI = c.OpenAI.WithDefaults()
	c.Breaker = c.Breaker.WithDefaults()
	if c.Clock == nil {
		c.Clock = time.Now
	}
	return c
}

// httpClient is a copy of c.HTTPClient (or a new client) whose transport,
// when it had none, is a pool of its own, so one client's idle connections
// do not outlive a server restart in another's. That pool keeps as many idle
// connections to the one server as it keeps in all: net/http's default of
// two per host closed all but two after every burst of concurrent calls
// (the stage workers, linking and candidates call at once), so the next
// burst dialled again, and over TLS shook hands again
// (TestConcurrentCallsReuseConnections).
func (c Config) httpClient() *http.Client {
	hc := &http.Client{}
	if c.HTTPClient != nil {
		cp := *c.HTTPClient
		hc = &cp
	}
	if hc.Transport == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = t.MaxIdleConns
		hc.Transport = t
	}
	return hc
}

// logger is Logger, or one that discards.
func (c Config) logger() *slog.Logger {
	if c.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Logger
}

func (c Config) validate() error {
	if _, err := ParseHost(c.Host); err != nil {
		return err
	}
	switch c.Provider {
	case ProviderOllama:
	case ProviderOpenAI:
		if err := c.OpenAI.validate(); err != nil {
			return err
		}
	default:
		return fmt.Errorf("llm: Provider %q must be ollama or openai", c.Provider)
	}
	switch {
	case strings.TrimSpace(c.Model) == "":
		return errors.New("llm: Model must not be blank")
	case strings.TrimSpace(c.EmbedModel) == "":
		return errors.New("llm: EmbedModel must not be blank")
	case c.Temperature < 0:
		return errors.New("llm: Temperature must not be negative")
	case c.NumCtx < 256:
		return errors.New("llm: NumCtx must be at least 256")
	case c.RequestTimeout < time.Millisecond:
		return errors.New("llm: RequestTimeout must be at least 1ms")
	}
	return c.Breaker.validate()
}

// ParseHost reads an Ollama host the way Ollama reads OLLAMA_HOST
// (envconfig.Host in github.com/ollama/ollama), except that a bad port is an
// error instead of a silent fallback to the default. An empty host is
// DefaultHost.
func ParseHost(s string) (*url.URL, error) {
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), `"'`))
	if s == "" {
		s = DefaultHost
	}
	defaultPort := "11434"
	scheme, hostport, ok := strings.Cut(s, "://")
	switch {
	case !ok:
		scheme, hostport = "http", s
		if s == "ollama.com" {
			scheme, hostport = "https", "ollama.com:443"
		}
	case scheme == "http":
		defaultPort = "80"
	case scheme == "https":
		defaultPort = "443"
	default:
		return nil, fmt.Errorf("llm: Ollama host %q: scheme must be http or https", redact(s))
	}
	hostport, path, _ := strings.Cut(hostport, "/")
	// Credentials are allowed (a proxy may need them) but never shown.
	var user *url.Userinfo
	if at := strings.LastIndex(hostport, "@"); at >= 0 {
		u, err := url.Parse(scheme + "://" + hostport)
		if err != nil {
			return nil, fmt.Errorf("llm: Ollama host %q is not a valid address", redact(s))
		}
		user, hostport = u.User, hostport[at+1:]
	}
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = "127.0.0.1", defaultPort
		if ip := net.ParseIP(strings.Trim(hostport, "[]")); ip != nil {
			host = ip.String()
		} else if hostport != "" {
			host = hostport
		}
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return nil, fmt.Errorf("llm: Ollama host %q: invalid port %q", redact(s), port)
	}
	u := &url.URL{Scheme: scheme, User: user, Host: net.JoinHostPort(host, port)}
	if path != "" {
		u.Path = "/" + path
	}
	return u, nil
}

// redact drops credentials from a host string for messages.
func redact(s string) string {
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		scheme, rest = "", s
	}
	hostport, path, hasPath := strings.Cut(rest, "/")
	if at := strings.LastIndex(hostport, "@"); at >= 0 {
		hostport = hostport[at+1:]
	}
	out := hostport
	if ok {
		out = scheme + "://" + out
	}
	if hasPath {
		out += "/" + path
	}
	return out
}

// DisplayHost is an Ollama host (NL2SQL_OLLAMA_HOST) as it may be shown or
// stored: normalised as ParseHost does, without the user:password a proxy
// may need, or a query.
func DisplayHost(host string) string {
	u, err := ParseHost(host)
	if err != nil {
		return "(not a valid host)"
	}
	return display(u)
}

// display is u as shown in messages: without credentials or query.
func display(u *url.URL) string {
	v := *u
	v.User, v.RawQuery, v.Fragment = nil, "", ""
	return v.String()
}
