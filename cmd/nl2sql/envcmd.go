package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
)

func runEnv(_ context.Context, m *Main, args []string) error {
	if len(args) > 0 {
		return usagef("env takes no arguments")
	}
	e := newEnv(m.Getenv)
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "VARIABLE\tIN EFFECT\tDEFAULT\tMEANING")
	for _, v := range envVars {
		val := e.str(v.Name)
		if v.Name == "NL2SQL_DATABASE_URL" {
			val = redactURL(e.databaseURL())
		}
		if v.Name == "NL2SQL_OPENAI_API_KEY" && val != "" && !strings.HasPrefix(val, "env:") {
			val = "***" // the key itself is never shown; a reference to a variable is not secret
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", v.Name, orDash(val), orDash(v.Default), v.Doc)
	}
	return tw.Flush()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
