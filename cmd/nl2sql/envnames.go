package main

import (
	"path"
	"reflect"
	"regexp"
	"strings"
	"sync"
)

// A package's validate speaks of its Config's fields ("worker: RetryBackoff
// must be positive and at most RetryBackoffMax"): it cannot know which
// variable set them. At the boundary, variableNames adds the variables, so
// a user reads what to change. The map is derived from envVars by
// reflection, never written by hand.

var (
	reErrPackage = regexp.MustCompile(`\b([a-z]+): `)
	reField      = regexp.MustCompile(`\b[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)*\b`)

	fieldVarsOnce sync.Once
	fieldVarsMap  map[string][]string
)

// fieldVars maps how a package names a setting, "pkg:Field" or
// "pkg:Parent.Field" (every suffix of the field's path below settings,
// keyed by the package of the struct it starts in), to the variables that
// set it.
func fieldVars() map[string][]string {
	fieldVarsOnce.Do(func() {
		s := defaultSettings()
		paths := map[uintptr][]reflect.StructField{}
		var walk func(v reflect.Value, trail []reflect.StructField)
		walk = func(v reflect.Value, trail []reflect.StructField) {
			for i := range v.NumField() {
				f := v.Type().Field(i)
				if !f.IsExported() {
					continue
				}
				fv := v.Field(i)
				t := append(append([]reflect.StructField(nil), trail...), f)
				paths[fv.Addr().Pointer()] = t
				if fv.Kind() == reflect.Struct {
					walk(fv, t)
				}
			}
		}
		walk(reflect.ValueOf(s).Elem(), nil)
		fieldVarsMap = map[string][]string{}
		for _, ev := range envVars {
			if ev.field == nil {
				continue // read elsewhere (GOGC)
			}
			trail, ok := paths[reflect.ValueOf(ev.field(s)).Pointer()]
			if !ok {
				continue
			}
			// The struct holding trail[i] is settings for i == 0, else
			// trail[i-1]'s type.
			for i := 1; i < len(trail); i++ {
				names := make([]string, 0, len(trail)-i)
				for _, f := range trail[i:] {
					names = append(names, f.Name)
				}
				key := path.Base(trail[i-1].Type.PkgPath()) + ":" + strings.Join(names, ".")
				fieldVarsMap[key] = append(fieldVarsMap[key], ev.Name)
			}
		}
	})
	return fieldVarsMap
}

// variableNames returns msg with the variables that set the Config fields
// it names appended: "... (set by NL2SQL_RETRY_BACKOFF, NL2SQL_RETRY_BACKOFF_MAX)".
// A name two variables could mean is left out; msg naming none comes back
// as it is.
func variableNames(msg string) string {
	fv := fieldVars()
	var vars []string
	seen := map[string]bool{}
	marks := reErrPackage.FindAllStringSubmatchIndex(msg, -1)
	for j, m := range marks {
		pkg, end := msg[m[2]:m[3]], len(msg)
		if j+1 < len(marks) {
			end = marks[j+1][0]
		}
		for _, field := range reField.FindAllString(msg[m[1]:end], -1) {
			vs := fv[pkg+":"+field]
			if len(vs) != 1 || seen[vs[0]] {
				continue
			}
			seen[vs[0]] = true
			vars = append(vars, vs[0])
		}
	}
	if len(vars) == 0 {
		return msg
	}
	return msg + " (set by " + strings.Join(vars, ", ") + ")"
}
