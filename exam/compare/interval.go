package compare

import (
	"math/big"
	"strings"
)

// intervalCell reads an interval's text as PostgreSQL prints it (the
// default IntervalStyle, postgres: "1 year 2 mons 3 days 04:05:06.5",
// "-1 days +02:00:00"; postgres_verbose: "@ 1 day 2 hours ago") into
// PostgreSQL's own equality: an interval is its months times 30 days,
// plus its days, times 24 hours, plus its time (interval_cmp_value), so
// '1 mon' = '30 days' and '1 day' = '24:00:00', as age() and a
// subtraction of timestamps write the same span. Text it cannot read (the
// iso_8601 or sql_standard styles) compares as text.
func intervalCell(s string) cell {
	us, ok := parseInterval(s)
	if !ok {
		return textCell(s)
	}
	return cell{kind: kindInterval, key: us.String(), show: s}
}

// usPer are the microseconds of each unit PostgreSQL prints, a month
// counting 30 days and a year 12 months, as interval_cmp_value counts them.
var usPer = map[string]int64{
	"year": 12 * 30 * 86_400_000_000, "mon": 30 * 86_400_000_000, "month": 30 * 86_400_000_000,
	"day": 86_400_000_000, "hour": 3_600_000_000, "min": 60_000_000, "minute": 60_000_000,
	"sec": 1_000_000, "second": 1_000_000,
}

// parseInterval returns the microseconds interval s compares as.
func parseInterval(s string) (*big.Int, bool) {
	fields := strings.Fields(strings.TrimPrefix(strings.TrimSpace(s), "@"))
	if len(fields) == 0 {
		return nil, false
	}
	total := new(big.Int)
	neg := false
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		switch {
		case f == "ago" && i == len(fields)-1:
			neg = true
		case strings.Contains(f, ":"):
			us, ok := clockMicros(f)
			if !ok {
				return nil, false
			}
			total.Add(total, us)
		default:
			if i+1 >= len(fields) {
				return nil, false
			}
			per, ok := usPer[strings.TrimSuffix(fields[i+1], "s")]
			if !ok {
				return nil, false
			}
			us, ok := scaled(f, per)
			if !ok {
				return nil, false
			}
			total.Add(total, us)
			i++
		}
	}
	if neg {
		total.Neg(total)
	}
	return total, true
}

// clockMicros reads [+-]H:MM[:SS[.ffffff]] as microseconds.
func clockMicros(f string) (*big.Int, bool) {
	neg := strings.HasPrefix(f, "-")
	parts := strings.Split(strings.TrimLeft(f, "+-"), ":")
	if len(parts) < 2 || len(parts) > 3 {
		return nil, false
	}
	us := new(big.Int)
	for i, per := range []int64{3_600_000_000, 60_000_000, 1_000_000}[:len(parts)] {
		v, ok := scaled(parts[i], per)
		if !ok || v.Sign() < 0 {
			return nil, false
		}
		us.Add(us, v)
	}
	if neg {
		us.Neg(us)
	}
	return us, true
}

// scaled is the decimal text n (an integer, or with a fraction as
// postgres_verbose writes seconds) times per, to the microsecond.
func scaled(n string, per int64) (*big.Int, bool) {
	r, ok := new(big.Rat).SetString(n)
	if !ok || strings.ContainsAny(n, "eE/") {
		return nil, false
	}
	r.Mul(r, new(big.Rat).SetInt64(per))
	q := new(big.Int).Quo(r.Num(), r.Denom()) // below a microsecond: none is printed
	return q, true
}

// isInterval reports whether a format_type name is interval's, with or
// without fields and precision ("interval day to second(3)").
func isInterval(t string) bool { return t == "interval" || strings.HasPrefix(t, "interval ") }
