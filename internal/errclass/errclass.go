// Package errclass classifies failures into the five classes that nl2sql
// reports at its boundary (rag.queries.error_class, CLI exit messages, exam
// telemetry) and decides, from the class, whether a failure may be sent back
// to the LLM for repair.
//
// The classes and their SQLSTATE mapping are those of docs/DESIGN.md,
// Error classes and retry gating: infrastructure problems are never shown to the model,
// because no rewrite of the SQL can fix a down server.
package errclass

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Class is one of the error classes stored in rag.queries.error_class.
type Class string

const (
	// InfraFailure: connection, resource, configuration or internal server
	// errors, and an unreachable LLM. Never sent to the LLM; retried by the
	// job queue with backoff.
	InfraFailure Class = "infra_failure"
	// QueryTimeout: statement_timeout or cancellation. May be repaired (the
	// model is asked for a cheaper query).
	QueryTimeout Class = "query_timeout"
	// ValidationBlock: the guard refused the SQL, or the database refused it
	// for permissions. Never repaired.
	ValidationBlock Class = "validation_block"
	// SQLError: syntax and semantic errors the model can fix.
	SQLError Class = "sql_error"
	// Unknown: anything else. Never repaired; logged for investigation.
	Unknown Class = "unknown"
)

// Classes lists every class, in a stable order.
var Classes = []Class{InfraFailure, QueryTimeout, ValidationBlock, SQLError, Unknown}

// Valid reports whether c is one of the defined classes.
func (c Class) Valid() bool {
	for _, k := range Classes {
		if c == k {
			return true
		}
	}
	return false
}

// Repairable reports whether a failure of this class may be sent back to the
// LLM with its error context.
func (c Class) Repairable() bool {
	return c == SQLError || c == QueryTimeout
}

// FromSQLSTATE maps a five-character SQLSTATE to its class.
func FromSQLSTATE(code string) Class {
	if len(code) != 5 {
		return Unknown
	}
	switch code {
	case "42501": // insufficient_privilege
		return ValidationBlock
	case "25006": // read_only_sql_transaction: the statement tried to write
		return ValidationBlock
	case "57014": // query_canceled (statement_timeout)
		return QueryTimeout
	case "57P01", "57P02", "57P03", "57P04", "57P05":
		// admin/crash shutdown, cannot connect now, database dropped (a
		// standby's replay), idle session timeout: the connection ends.
		return InfraFailure
	}
	switch code[:2] {
	case "08", "53", "54", "58", "F0", "XX", "3D", "28":
		// connection, resources, program limits, system, config file,
		// internal; 3D invalid catalog (database gone), 28 auth failures.
		return InfraFailure
	case "42", "22", "21", "2B", "0A", "P0":
		// syntax/access rule, data exception, cardinality, dependent
		// objects, feature not supported, plpgsql raise.
		return SQLError
	}
	return Unknown
}

// Error is a classified failure. It wraps the underlying error so that
// errors.Is/As keep working through it.
type Error struct {
	Class    Class
	SQLSTATE string // empty when the failure did not come from Postgres
	Code     string // a short machine code, e.g. "policy.statement_kind"; may be empty
	Message  string // for people; no stack traces, no secrets
	// Permanent marks a failure that trying again cannot fix (a
	// configuration error, or a statement the server refuses whatever
	// happens): the job queue gives up at once instead of backing off.
	Permanent bool
	Err       error
}

// Retryable reports whether trying the same work again might succeed.
func (e *Error) Retryable() bool { return !e.Permanent }

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(string(e.Class))
	if e.SQLSTATE != "" {
		b.WriteString(" (SQLSTATE ")
		b.WriteString(e.SQLSTATE)
		b.WriteString(")")
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// New returns a classified error with a message.
func New(class Class, code, format string, args ...any) *Error {
	return &Error{Class: class, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Classify returns err as an *Error: unchanged if it already is one,
// classified by SQLSTATE if it carries a *pgconn.PgError, as an infra failure
// if it is a connection-level error, and Unknown otherwise.
func Classify(err error) *Error {
	if err == nil {
		return nil
	}
	var ce *Error
	if errors.As(err, &ce) {
		return ce
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return &Error{Class: FromSQLSTATE(pgErr.Code), SQLSTATE: pgErr.Code, Message: pgMessage(pgErr), Err: err}
	}
	if pgconn.SafeToRetry(err) || isConnectError(err) {
		return &Error{Class: InfraFailure, Message: err.Error(), Err: err}
	}
	return &Error{Class: Unknown, Message: err.Error(), Err: err}
}

// ClassOf is Classify(err).Class, and "" for a nil error.
func ClassOf(err error) Class {
	if err == nil {
		return ""
	}
	return Classify(err).Class
}

func isConnectError(err error) bool {
	var connErr *pgconn.ConnectError
	return errors.As(err, &connErr) || pgconn.Timeout(err)
}

// pgMessage renders a Postgres error the way psql would show its first lines:
// message, then detail and hint when present, because the hint is often what
// lets the model repair the query ("Perhaps you meant to reference ...").
func pgMessage(e *pgconn.PgError) string {
	msg := e.Message
	if e.Detail != "" {
		msg += "\nDETAIL: " + e.Detail
	}
	if e.Hint != "" {
		msg += "\nHINT: " + e.Hint
	}
	return msg
}
