package catalog

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
)

// EnvPrefix marks a DSN that names an environment variable of the service
// holding the real connection string: "env:ERP_DSN".
const EnvPrefix = "env:"

// ErrDSNHasPassword is returned for a DSN that contains a password. DSNs are
// stored in rag.databases, readable by anyone who may query the service's
// tables, so a password never goes there.
var ErrDSNHasPassword = errors.New("catalog: the DSN contains a password, which would be stored in rag.databases; " +
	"remove it and supply the password where nl2sql runs through PGPASSFILE (a .pgpass file) or PGPASSWORD, " +
	`or register the DSN as "env:VAR" and put the full connection string in the environment variable VAR`)

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// ValidateDSN checks that dsn is a PostgreSQL URL (postgres:// or
// postgresql://), a keyword/value string ("host=db dbname=erp user=nl2sql")
// or an "env:VAR" reference, and that it holds no password (an error
// wrapping ErrDSNHasPassword). Errors never quote the DSN, which may hold
// the very password being refused.
func ValidateDSN(dsn string) error {
	dsn = strings.TrimSpace(dsn)
	switch {
	case dsn == "":
		return errors.New("catalog: the DSN is empty")
	case strings.HasPrefix(dsn, EnvPrefix):
		if name := strings.TrimPrefix(dsn, EnvPrefix); !envName.MatchString(name) {
			return fmt.Errorf("catalog: %q is not a valid environment variable name in an env: DSN", name)
		}
		return nil
	case strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://"):
		u, err := url.Parse(dsn)
		if err != nil {
			// url errors repeat the input: do not wrap.
			return errors.New("catalog: the DSN is not a valid postgres:// URL")
		}
		if _, has := u.User.Password(); has {
			return ErrDSNHasPassword
		}
		for k := range u.Query() {
			if strings.EqualFold(k, "password") {
				return ErrDSNHasPassword
			}
		}
		return nil
	case strings.Contains(dsn, "="):
		kv, err := parseKeywordValue(dsn)
		if err != nil {
			return err
		}
		for k := range kv {
			if strings.EqualFold(k, "password") {
				return ErrDSNHasPassword
			}
		}
		return nil
	default:
		return errors.New(`catalog: the DSN must be a postgres:// URL, a keyword/value string like "host=db dbname=erp user=nl2sql", or "env:VAR"`)
	}
}

// ResolveDSN returns the connection string to dial for a stored DSN: an
// "env:VAR" reference is replaced by the value of VAR from getenv
// (os.Getenv when nil), which may carry a password since it is never
// stored; any other DSN is validated and returned as is.
func ResolveDSN(dsn string, getenv func(string) string) (string, error) {
	if err := ValidateDSN(dsn); err != nil {
		return "", err
	}
	dsn = strings.TrimSpace(dsn)
	name, ok := strings.CutPrefix(dsn, EnvPrefix)
	if !ok {
		return dsn, nil
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	v := strings.TrimSpace(getenv(name))
	if v == "" {
		return "", fmt.Errorf("catalog: the DSN refers to environment variable %s, which is unset or empty where nl2sql runs", name)
	}
	return v, nil
}

// parseKeywordValue parses a libpq keyword/value connection string: pairs
// key = value separated by spaces, values optionally single-quoted, with
// backslash escaping a quote or backslash.
func parseKeywordValue(s string) (map[string]string, error) {
	out := map[string]string{}
	i := 0
	skip := func() {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
	}
	for {
		skip()
		if i >= len(s) {
			return out, nil
		}
		start := i
		for i < len(s) && s[i] != '=' && !isSpace(s[i]) {
			i++
		}
		key := s[start:i]
		skip()
		if i >= len(s) || s[i] != '=' || key == "" {
			return nil, errors.New(`catalog: the DSN is not a valid keyword/value string: expected key=value pairs`)
		}
		i++
		skip()
		var v strings.Builder
		if i < len(s) && s[i] == '\'' {
			i++
			for {
				if i >= len(s) {
					return nil, errors.New("catalog: the DSN has an unterminated quoted value")
				}
				if s[i] == '\\' && i+1 < len(s) {
					v.WriteByte(s[i+1])
					i += 2
					continue
				}
				if s[i] == '\'' {
					i++
					break
				}
				v.WriteByte(s[i])
				i++
			}
		} else {
			for i < len(s) && !isSpace(s[i]) {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				v.WriteByte(s[i])
				i++
			}
		}
		out[key] = v.String()
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
