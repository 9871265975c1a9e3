package target

import "net/url"

// WithDatabase returns the connection string dsn naming database instead:
// the path of a postgres:// URL, or a dbname key appended to a key/value
// DSN (a later key wins in libpq's syntax). The commands, the benchmarks
// and the test databases derive their scratch databases' strings with it.
func WithDatabase(dsn, database string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.Scheme == "" {
		return dsn + " dbname=" + database
	}
	u.Path = "/" + database
	return u.String()
}
