package errclass

// Meta classifies an error from nl2sql's own database. Its SQLSTATE says
// nothing about the question's SQL, so only connection-level problems keep
// a class (infra_failure); everything else is unknown.
func Meta(err error) error {
	if err == nil {
		return nil
	}
	ce := Classify(err)
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
