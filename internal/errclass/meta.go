package errclass

import "strings"

// Meta classifies an error from nl2sql's own database. Its SQLSTATE says
// nothing about the question's SQL, so only connection-level problems keep
// a class (infra_failure); everything else is unknown. A data exception
// (class 22: a value the column refuses) or a program limit (54: a value too
// large) is the stage's output refused, the same on every try: Permanent,
// so the question fails at once instead of running its stage again (the
// target's query with it) until the attempts are spent.
func Meta(err error) error {
	if err == nil {
		return nil
	}
	ce := Classify(err)
	if strings.HasPrefix(ce.SQLSTATE, "22") || strings.HasPrefix(ce.SQLSTATE, "54") {
		return &Error{
			Class: Unknown, SQLSTATE: ce.SQLSTATE, Code: "meta.refused", Permanent: true,
			Message: "nl2sql's database refused what the stage stores: " + ce.Message, Err: err,
		}
	}
	if ce.Class == InfraFailure {
		return &Error{
			Class: InfraFailure, SQLSTATE: ce.SQLSTATE, Code: "meta.connection",
			Message: "nl2sql's database: " + ce.Message, Err: err,
		}
	}
	return &Error{
		Class: Unknown, SQLSTATE: ce.SQLSTATE, Code: "meta.statement",
		Message: "nl2sql's database: " + ce.Message, Err: err,
	}
}
