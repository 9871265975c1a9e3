package errclass

import (
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
)

// NetReason says briefly why a connection failed, without the URL (which
// url.Error repeats) or other noise: "connection refused", "timed out",
// "no such host \"db.internal\"".
func NetReason(err error) string {
	var dnsErr *net.DNSError
	var netErr net.Error
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset by peer"
	case errors.Is(err, syscall.EHOSTUNREACH):
		return "no route to host"
	case errors.Is(err, syscall.ENETUNREACH):
		return "network is unreachable"
	case errors.As(err, &dnsErr):
		if dnsErr.IsNotFound {
			return fmt.Sprintf("no such host %q", dnsErr.Name)
		}
		return fmt.Sprintf("cannot resolve %q: %s", dnsErr.Name, dnsErr.Err)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the server closed the connection"
	case errors.As(err, &netErr) && netErr.Timeout():
		return "timed out"
	}
	// The innermost message says the most with the least noise.
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return clipped(err.Error())
		}
		err = next
	}
}

// clipped bounds a message from elsewhere (a proxy may answer with a page
// of HTML).
func clipped(s string) string {
	const limit = 300
	if len(s) <= limit {
		return s
	}
	return s[:limit] + "…"
}
