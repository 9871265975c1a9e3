package main

import (
	"context"
	"fmt"
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
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "VARIABLE\tALIASES\tIN EFFECT\tDEFAULT\tMEANING")
	for _, v := range envVars {
		def := v.defaultOf()
		val, from, ok := e.value(v)
		switch {
		case !ok:
			val = def
		case v.Name == "NL2SQL_DATABASE_URL":
			val = redactURL(val)
		case v.Name == "NL2SQL_OPENAI_API_KEY" && !strings.HasPrefix(val, "env:"):
			val = "***" // the key itself is never shown; a reference to a variable is not secret
		}
		if ok && from != v.Name {
			val += " (" + from + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", v.Name, orDash(strings.Join(v.Aliases, ",")), orDash(val), orDash(def), plainText(v.Doc))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	e.warnConflicts(e.logger())
	return nil
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
