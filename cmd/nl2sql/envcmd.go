package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"text/tabwriter"
)

func runEnv(_ context.Context, m *Main, args []string) error {
	if len(args) > 0 {
		return usagef("env takes no arguments")
	}
	e := newEnv(m.Getenv)
	e.logs = m.Logs
	// The table shows what is set; whether every other command would
	// accept it is loadSettings' to say, as they hear it. What it loads is
	// also what an unset variable is in effect: a default that follows
	// another setting (NL2SQL_RESCUE_AFTER follows the generate timeout)
	// shows as it follows.
	st, loadErr := loadSettings(&Main{Getenv: m.Getenv, Logs: io.Discard})
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "VARIABLE\tALIASES\tIN EFFECT\tDEFAULT\tMEANING")
	for _, v := range envVars {
		def := v.defaultOf()
		val, from, ok := e.value(v)
		switch {
		case !ok && st != nil && v.field != nil:
			val = v.format(st)
		case !ok:
			val = def
		default:
			val = shown(v, val)
		}
		if ok && from != v.Name {
			val += " (" + from + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", v.Name, orDash(strings.Join(v.Aliases, ",")), orDash(val), orDash(def), plainText(v.Doc))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	log := e.logger()
	e.warnConflicts(log)
	warnUnknown(log, m.Environ, true)
	return loadErr
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// mdLink is a Markdown link; plainText keeps its text.
var mdLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// plainText is Markdown doc as a terminal shows it: without backquotes and
// link targets.
func plainText(doc string) string {
	return strings.ReplaceAll(mdLink.ReplaceAllString(doc, "$1"), "`", "")
}

// shown is how a variable's value may be printed (nl2sql env, an error
// naming it): never a secret. The database URL's password and the API key
// are left out, and so is a password in any value written as a URL with
// credentials (a proxy's, http://user:secret@host, which the model hosts
// accept); a reference to a variable (env:VAR) is not secret.
func shown(v envVar, raw string) string {
	switch {
	case v.Name == "NL2SQL_DATABASE_URL":
		return redactURL(raw)
	case v.Name == "NL2SQL_OPENAI_API_KEY" && !strings.HasPrefix(raw, "env:"):
		return "***"
	}
	return redactPassword(raw)
}

// redactPassword replaces the password of a URL's user information
// (scheme://user:password@host) with ***.
func redactPassword(s string) string {
	at := strings.LastIndex(s, "@")
	if at < 0 {
		return s
	}
	start := 0
	if i := strings.Index(s, "://"); i >= 0 && i < at {
		start = i + len("://")
	}
	user, _, ok := strings.Cut(s[start:at], ":")
	if !ok {
		return s
	}
	return s[:start] + user + ":***" + s[at:]
}
