package fakeserver

import "net/http"

// Server is what a fake server is made of besides its API: the listener,
// the scripted replies, the injected faults and the record of the requests
// (Req) and decoded chat requests (Chat) it received. A fake server embeds
// it and serves its API with Start.
type Server[Req any, Chat Prompter, Resp any] struct {
	*Listener
	Replies[Chat, Resp]
	Faults

	// discard keeps nothing received (Start's record).
	discard  bool
	requests Log[Req]
	chats    Log[Chat]
}

// Start serves handler on addr ("127.0.0.1:0" for a free port, kept across
// SetDown); name prefixes errors. With record false nothing received is
// kept, so that a long benchmark does not hold every prompt in memory.
func (s *Server[Req, Chat, Resp]) Start(name, addr string, record bool, handler http.Handler) error {
	s.discard = !record
	// A request can arrive the moment the port listens (a client still
	// calling a closed server whose port this one got): it waits until s
	// is filled in, which its handler reads.
	started := make(chan struct{})
	ln, err := Listen(name, addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-started
		handler.ServeHTTP(w, r)
	}))
	if err != nil {
		return err
	}
	s.Listener = ln
	close(started)
	return nil
}

// Record keeps r, a request the server received.
func (s *Server[Req, Chat, Resp]) Record(r Req) {
	if !s.discard {
		s.requests.Add(r)
	}
}

// RecordChat keeps c, a chat request the server decoded.
func (s *Server[Req, Chat, Resp]) RecordChat(c Chat) {
	if !s.discard {
		s.chats.Add(c)
	}
}

// Requests returns every request received so far, in arrival order.
func (s *Server[Req, Chat, Resp]) Requests() []Req {
	return s.requests.All()
}

// ChatRequests returns the chat requests received so far, in arrival
// order, including those that failed.
func (s *Server[Req, Chat, Resp]) ChatRequests() []Chat {
	return s.chats.All()
}
