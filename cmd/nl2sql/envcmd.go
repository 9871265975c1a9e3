package main

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
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
	rows := make([]envRow, 0, len(envVars))
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
		var notes []string
		if ok && from != v.Name {
			notes = append(notes, "from "+from)
		}
		switch {
		case val == def:
		case def == "":
			notes = append(notes, "no default")
		default:
			notes = append(notes, "default "+def)
		}
		val = orDash(val)
		if len(notes) > 0 {
			val += " (" + strings.Join(notes, "; ") + ")"
		}
		meaning := plainText(v.Doc)
		if len(v.Aliases) > 0 {
			meaning = "Alias " + strings.Join(v.Aliases, ", ") + ". " + meaning
		}
		rows = append(rows, envRow{name: v.Name, value: val, meaning: meaning})
	}
	writeEnvTable(m.Stdout, rows, m.Columns)
	log := e.logger()
	e.warnConflicts(log)
	warnUnknown(log, m.Environ, true)
	return loadErr
}

// envColumns is the width nl2sql env fits its table to when stdout is not
// a terminal (a file, a pipe, less) or its width is unknown, and
// envMaxColumns the widest it makes a meaning's lines in a wider terminal:
// prose much longer to a line is hard to read.
const (
	envColumns    = 80
	envMaxColumns = 120
)

// envIndent is how far a variable's meaning is indented under its name.
const envIndent = "    "

// envRow is a variable as nl2sql env shows it.
type envRow struct{ name, value, meaning string }

// writeEnvTable writes a line a variable, its name and the value in
// effect (with its default when that differs) aligned in two columns, the
// first as wide as the widest name, and under it the variable's meaning,
// wrapped to columns with a hanging indent. The aliases, the default and
// the meaning had columns of their own, which the longest value (nl2sql's
// database URL, 57 characters) pushed to the 184th column: every line
// wrapped in an 80- or 120-column terminal, the meaning from its first
// column. A value that does not fit its column follows its name after two
// spaces, and one wider than that is written whole.
func writeEnvTable(w io.Writer, rows []envRow, columns int) {
	if columns <= 0 {
		columns = envColumns
	}
	nameWidth := displayWidth("VARIABLE")
	for _, r := range rows {
		nameWidth = max(nameWidth, displayWidth(r.name))
	}
	row := func(name, value string) string {
		if gap := nameWidth - displayWidth(name) + 2; nameWidth+2+displayWidth(value) <= columns {
			return name + strings.Repeat(" ", gap) + value
		}
		return name + "  " + value
	}
	fmt.Fprintln(w, row("VARIABLE", "IN EFFECT"))
	for _, r := range rows {
		fmt.Fprintln(w, row(r.name, r.value))
		for _, line := range wrapWords(r.meaning, min(columns, envMaxColumns)-len(envIndent)) {
			fmt.Fprintln(w, envIndent+line)
		}
	}
}

// wrapWords breaks text into lines at most columns wide, between words;
// a word wider than that has a line of its own.
func wrapWords(text string, columns int) []string {
	columns = max(columns, 20)
	var lines []string
	var line strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		ww := displayWidth(word)
		if n > 0 && n+1+ww > columns {
			lines = append(lines, line.String())
			line.Reset()
			n = 0
		}
		if n > 0 {
			line.WriteByte(' ')
			n++
		}
		line.WriteString(word)
		n += ww
	}
	if n > 0 {
		lines = append(lines, line.String())
	}
	return lines
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
