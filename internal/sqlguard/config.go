package sqlguard

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Config configures a Guard.
type Config struct {
	// DefaultLimit is the LIMIT added to a query that has none (an existing
	// LIMIT is left alone; LIMIT ALL is replaced). Must be between 1 and
	// 2147483647. Defaults to 1000.
	DefaultLimit int

	// DeniedFunctions are patterns of functions the guard refuses wherever
	// they are called, in call syntax or in attribute notation (t.f and
	// (x).f, which Postgres reads as f(t) and f(x)). A pattern is a
	// lower-case name in which "*" stands for any run of characters
	// ("pg_sleep", "pg_ls_*", "has_*_privilege"), optionally qualified by
	// a schema ("cron.*", "dblink.dblink"), which then matches only calls
	// qualified with that schema. Unqualified patterns match calls in any
	// schema, so both pg_sleep(1) and pg_catalog.pg_sleep(1) are refused.
	// Call names are compared in lower case, quoted or not. nil means the
	// defaults; an empty, non-nil slice denies nothing. Defaults to
	// DefaultDeniedFunctions().
	DeniedFunctions []string

	// SkipLintWarnings leaves lint warnings out of verdicts (lint errors
	// are always reported, since they fail the verdict). Defaults to false.
	SkipLintWarnings bool
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.DefaultLimit == 0 {
		c.DefaultLimit = 1000
	}
	if c.DeniedFunctions == nil {
		c.DeniedFunctions = DefaultDeniedFunctions()
	}
	return c
}

func (c Config) validate() error {
	var errs []error
	if c.DefaultLimit < 1 || c.DefaultLimit > math.MaxInt32 {
		errs = append(errs, fmt.Errorf("DefaultLimit must be between 1 and %d, got %d", math.MaxInt32, c.DefaultLimit))
	}
	for _, p := range c.DeniedFunctions {
		if _, err := parsePattern(p); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("sqlguard: invalid config: %w", err)
	}
	return nil
}

// pattern is a parsed DeniedFunctions entry.
type pattern struct {
	raw    string
	schema string   // "" matches any schema
	parts  []string // the name split at each "*"; a single part is an exact name
}

func parsePattern(p string) (pattern, error) {
	if p == "" {
		return pattern{}, errors.New("DeniedFunctions: empty pattern")
	}
	if p != strings.ToLower(p) {
		return pattern{}, fmt.Errorf("DeniedFunctions: pattern %q must be lower case", p)
	}
	pt := pattern{raw: p}
	name := p
	if i := strings.IndexByte(p, '.'); i >= 0 {
		pt.schema, name = p[:i], p[i+1:]
		if pt.schema == "" || strings.ContainsAny(pt.schema, "*.") {
			return pattern{}, fmt.Errorf("DeniedFunctions: pattern %q: bad schema", p)
		}
	}
	if strings.Contains(name, ".") {
		return pattern{}, fmt.Errorf("DeniedFunctions: pattern %q: too many dots", p)
	}
	if strings.Trim(name, "*") == "" && (name == "" || pt.schema == "") {
		// "*" alone would deny every function; "schema.*" is fine.
		return pattern{}, fmt.Errorf("DeniedFunctions: pattern %q: a name needs more than '*'", p)
	}
	pt.parts = strings.Split(name, "*")
	return pt, nil
}

func (p pattern) match(schema, name string) bool {
	if p.schema != "" && p.schema != strings.ToLower(schema) {
		return false
	}
	return glob(p.parts, strings.ToLower(name))
}

// glob matches s against parts, the pieces of a pattern between its "*"s.
func glob(parts []string, s string) bool {
	if len(parts) == 1 {
		return s == parts[0]
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return strings.HasSuffix(s, last)
}

// deniedFunction is a default pattern and why it is denied; the reason is
// shown in violation messages.
type deniedFunction struct {
	pattern, reason string
}

// defaultDenied is the default deny list. The guard runs before a read-only
// transaction with a statement timeout (defence in depth); this list is what
// makes a SELECT dangerous despite both: reading or writing server files,
// running SQL smuggled in a string (which would bypass the table check),
// reaching the network, side effects that a rollback does not undo
// (sequences, advisory locks, notifications, server signals, WAL and
// replication control), leaking server configuration or other sessions'
// queries, and revealing objects outside the catalog (definitions, sizes,
// comments, privileges, or mere existence, looked up by name or OID) or
// the server's state. User-defined functions cannot be judged from their
// names; the database role's EXECUTE privileges remain the last line.
//
// Kept on purpose: pg_typeof (the type of a value the query has; its
// regtype result, compared with or unioned with a literal, still names
// types by OID or finds them by name, e.g. pg_typeof(1) UNION SELECT
// '2842' gives pg_authid: a leak of type names only, which the guard
// cannot see without the argument types),
// pg_column_size (the stored size of such a value), pg_size_pretty and
// pg_size_bytes (unit conversion of numbers). Denied as a family although
// some members are harmless: pg_get_* (pg_get_keywords lists SQL key
// words, which no question about the data needs either). The first
// matching pattern gives the reason, so specific patterns come before
// their family.
var defaultDenied = []deniedFunction{
	// Server file system.
	// pg_read_file, pg_read_binary_file, and pg_read_file_old (kept for
	// adminpack 1.0, superuser only, and missed by a list of exact names).
	{"pg_read_*", "it reads files on the database server"},
	{"pg_stat_file", "it inspects files on the database server"},
	{"pg_ls_*", "it lists directories on the database server"},
	{"pg_file_*", "it writes files on the database server (adminpack)"},
	{"pg_logdir_ls", "it lists the server's log directory (adminpack)"},
	{"pg_current_logfile", "it reveals server file paths"},
	{"lo_*", "large-object functions read and write server files (lo_import, lo_export) and write data"},
	{"loread", "it reads large objects outside the table catalog"},
	{"lowrite", "it writes large objects"},
	// SQL in a string, or whole tables by name: bypasses the table check.
	{"query_to_xml*", "it runs SQL passed as text"},
	{"cursor_to_xml*", "it reads from a cursor, outside the query"},
	{"table_to_xml*", "it reads a whole table named in a string, bypassing the table check"},
	{"schema_to_xml*", "it reads every table of a schema, bypassing the table check"},
	{"database_to_xml*", "it reads every table of the database, bypassing the table check"},
	{"ts_stat", "it runs SQL passed as text"},
	{"ts_rewrite", "its two-argument form runs SQL passed as text"},
	{"get_raw_page", "it reads raw table pages, bypassing the table check (pageinspect)"},
	{"heap_page_item*", "it decodes raw table pages, bypassing the table check (pageinspect)"},
	{"tuple_data_split", "it decodes raw table pages, bypassing the table check (pageinspect)"},
	{"pg_get_wal_*", "it reads the write-ahead log, which holds every table's changes (pg_walinspect)"},
	{"crosstab*", "it runs SQL passed as text (tablefunc)"},
	{"connectby", "it reads a table named in a string, bypassing the table check (tablefunc)"},
	{"bt_page_*", "it reads raw index pages of a table named in a string, bypassing the table check (pageinspect)"},
	{"bt_metap", "it reads raw index pages of a table named in a string, bypassing the table check (pageinspect)"},
	{"bt_multi_page_stats", "it reads raw index pages of a table named in a string, bypassing the table check (pageinspect)"},
	{"brin_page_items", "it decodes raw index pages, bypassing the table check (pageinspect)"},
	{"gist_page_items*", "it decodes raw index pages, bypassing the table check (pageinspect)"},
	{"hash_bitmap_info", "it reads raw index pages by name or OID, including those outside the catalog (pageinspect)"},
	// Other databases and the network.
	{"dblink*", "it connects to other databases and runs SQL there"},
	{"http", "it makes network requests (pgsql-http)"},
	{"http_*", "it makes network requests (pgsql-http, pg_net)"},
	{"cron.*", "it schedules jobs (pg_cron)"},
	{"aws_s3.*", "it reads and writes S3 (aws_s3)"},
	{"aws_lambda.*", "it invokes AWS Lambda (aws_lambda)"},
	// Time.
	{"pg_sleep*", "it stalls the connection"},
	// libxml2 evaluates XPath without checking for interrupts: a nested
	// count(//a[count(//a[...])]) over a few hundred elements runs for
	// hours, past statement_timeout, and neither pg_cancel_backend nor
	// pg_terminate_backend stops it until libxml2 returns (over a literal,
	// the planner folds it during EXPLAIN already). xpath* covers xpath,
	// xpath_exists and the xml2 extension's xpath_string, xpath_table, ….
	// XMLTABLE, SQL syntax rather than a call, is refused by the policy.
	{"xpath*", xpathReason},
	{"xmlexists", xpathReason},
	{"xml_is_well_formed*", "it parses XML in libxml2, which neither the statement timeout nor a cancel interrupts"},
	// Reading text as XML parses it the same way, in time that grows with
	// the square of an element's attributes (60,000 of them, built with
	// string_agg, took 10 s and ignored a 1 s statement timeout and a
	// cancel). xmlparse is XMLPARSE(…), recorded as a call by
	// internal/pgsql; casts to xml are refused by the policy (xmlType).
	{"xmlparse", xmlParseReason},
	{"xml", xmlParseReason},
	{"texttoxml", xmlParseReason},
	{"xml_in", xmlParseReason},
	{"xslt_process", "it runs XSLT in libxslt, which neither the statement timeout nor a cancel interrupts (xml2)"},
	{"xml_valid", "it parses XML in libxml2, which neither the statement timeout nor a cancel interrupts (xml2)"},
	// Settings. current_setting is read-only, but no question about the data
	// needs it, and it reveals server paths and custom settings that
	// applications use to carry secrets and tenant ids.
	{"set_config", "it changes session settings"},
	{"current_setting", "it reveals server settings, which no question about the data needs"},
	{"pg_show_all_settings", "it reveals server settings"},
	{"pg_show_all_file_settings", "it reveals the server's configuration files"},
	{"pg_hba_file_rules", "it reveals the server's authentication rules"},
	{"pg_ident_file_mappings", "it reveals the server's authentication mappings"},
	{"pg_config", "it reveals the server's build and installation paths"},
	// Server control, WAL and replication.
	{"pg_terminate_backend", "it kills other sessions"},
	{"pg_cancel_backend", "it cancels other sessions' queries"},
	{"pg_reload_conf", "it reloads the server configuration"},
	{"pg_rotate_logfile*", "it rotates the server log"},
	{"pg_promote", "it promotes a standby server"},
	{"pg_switch_wal", "it forces a WAL switch"},
	{"pg_wal_replay_*", "it pauses or resumes WAL replay"},
	{"pg_backup_*", "it starts or stops a backup"},
	{"pg_start_backup", "it starts a backup"},
	{"pg_stop_backup", "it stops a backup"},
	{"pg_create_*", "it creates replication slots or restore points"},
	{"pg_drop_*", "it drops replication slots"},
	{"pg_copy_*", "it copies replication slots"},
	{"pg_replication_slot_advance", "it advances a replication slot"},
	{"pg_replication_origin_*", "it changes replication origins"},
	{"pg_show_replication_origin_status", "it reveals the server's replication state"},
	{"pg_logical_*", "it consumes or emits logical replication data"},
	{"pg_export_snapshot", "it exports a snapshot to other sessions"},
	{"pg_log_backend_memory_contexts", "it writes to the server log on behalf of other sessions"},
	{"pg_stat_reset*", "it resets server statistics"},
	{"pg_stat_statements_reset", "it resets server statistics"},
	{"pg_import_system_collations", "it writes to the system catalog"},
	{"pg_nextoid", "it consumes object identifiers, which a rollback does not undo"},
	{"pg_stop_making_pinned_objects", "it changes the system catalog (pg_upgrade only)"},
	{"binary_upgrade_*", "it writes to the system catalog (pg_upgrade only)"},
	{"pg_truncate_visibility_map", "it modifies relation storage"},
	{"brin_summarize_*", "it modifies an index"},
	{"brin_desummarize_range", "it modifies an index"},
	{"gin_clean_pending_list", "it modifies an index"},
	// Extensions that inspect or modify relation storage by name or OID,
	// whatever schema the relation is in. Installed in a registered
	// schema, their functions are called unqualified like built-ins.
	{"heap_force_*", "it rewrites table pages, which neither READ ONLY nor a rollback prevents (pg_surgery)"},
	{"bt_index_*", "it checks and locks indexes named by name or OID, including those outside the catalog (amcheck)"},
	{"verify_heapam", "it reads tables by name or OID, including those outside the catalog (amcheck)"},
	{"pgstat*", "it reveals the storage of tables outside the catalog (pgstattuple)"},
	{"pg_relpages", "it reveals the sizes of tables outside the catalog (pgstattuple)"},
	{"pgrowlocks", "it reveals other sessions' row locks, on tables outside the catalog (pgrowlocks)"},
	{"pg_visibility*", "it reveals the storage of tables outside the catalog (pg_visibility)"},
	{"pg_check_frozen", "it reads tables by name or OID, including those outside the catalog (pg_visibility)"},
	{"pg_check_visible", "it reads tables by name or OID, including those outside the catalog (pg_visibility)"},
	{"pg_freespace", "it reveals the storage of tables outside the catalog (pg_freespacemap)"},
	{"pg_prewarm", "it loads tables, including those outside the catalog, into the server's cache (pg_prewarm)"},
	{"autoprewarm_*", "it starts a background worker or writes a file on the database server (pg_prewarm)"},
	{"pg_buffercache_*", "it reveals the server's shared buffers, including tables outside the catalog (pg_buffercache)"},
	// Locks and notifications outlive the query.
	{"pg_advisory_*", "it takes advisory locks that outlive the query"},
	{"pg_try_advisory_*", "it takes advisory locks that outlive the query"},
	{"pg_notify", "it sends notifications to other sessions"},
	{"setseed", "it seeds random() for the rest of the session, which a rollback does not undo"},
	{"set_limit", "it changes a session setting (pg_trgm)"},
	// Writes that a rollback does not undo, or that need a writable
	// transaction.
	{"nextval", "it advances a sequence, which a rollback does not undo"},
	{"setval", "it sets a sequence"},
	{"txid_current", "it assigns a transaction ID, a write"},
	{"pg_current_xact_id", "it assigns a transaction ID, a write"},
	// Other sessions' queries.
	{"pg_stat_get_activity", "it shows other sessions' queries"},
	{"pg_stat_get_backend_activity", "it shows other sessions' queries"},
	{"pg_stat_statements*", "it shows other sessions' queries (pg_stat_statements)"},
	// Objects outside the catalog. Each of these looks objects up by name
	// or OID, so it tells what exists beyond the registered schemas even
	// when it only answers true or false.
	{"pg_get_*", "it reveals the definitions of database objects, including those outside the catalog"},
	{"pg_describe_object", "it names database objects by OID, including those outside the catalog"},
	{"pg_identify_object*", "it names database objects by OID, including those outside the catalog"},
	{"obj_description", "it reads comments on database objects, including those outside the catalog"},
	{"col_description", "it reads comments on database objects, including those outside the catalog"},
	{"shobj_description", "it reads comments on databases, roles and tablespaces"},
	{"to_reg*", "it looks objects up by name, revealing which exist outside the catalog"},
	{"satisfies_hash_partition", "it names any table by OID in its error, including those outside the catalog"},
	// The object identifier types' casts (regclass(text)) and their
	// input and output functions: regclassin('pg_authid') finds a table by
	// name, regclassout(1260) names one by OID, like the casts that
	// oidTypes refuses. regoper* covers regoperator*, regproc*
	// regprocedure*.
	{"regclass*", "it looks objects up by name or OID, outside the catalog"},
	{"regcollation*", "it looks objects up by name or OID, outside the catalog"},
	{"regconfig*", "it looks objects up by name or OID, outside the catalog"},
	{"regdictionary*", "it looks objects up by name or OID, outside the catalog"},
	{"regnamespace*", "it looks objects up by name or OID, outside the catalog"},
	{"regoper*", "it looks objects up by name or OID, outside the catalog"},
	{"regproc*", "it looks objects up by name or OID, outside the catalog"},
	{"regrole*", "it looks objects up by name or OID, outside the catalog"},
	{"regtype*", "it looks objects up by name or OID, outside the catalog"},
	// A regclass parameter looks its argument up by name before the
	// function runs, so even a function that then fails tells whether a
	// table exists.
	{"pg_relation_is_publishable", "it inspects tables by name or OID, including those outside the catalog"},
	{"pg_extension_*", "it inspects tables by name (pg_extension_config_dump) or the extensions installed on the server"},
	{"currtid*", "it looks tables up by name, including those outside the catalog"},
	{"*_validator", "it validates functions or object options by OID, including those outside the catalog"},
	{"amvalidate", "it inspects operator classes by OID"},
	{"format_type", "it names types by OID, including the row types of tables outside the catalog"},
	{"oidvectortypes", "it names types by OID, including the row types of tables outside the catalog"},
	// Type input functions that take the type as an OID: array_in('{16384}',
	// 2205, -1) names tables by OID through regclass's output, record_in
	// reads a table's row type, enum_in an enum's labels. The others of
	// the kind only take a type modifier from it; no question needs any.
	{"array_in", "it reads a value as a type given by OID, naming objects outside the catalog"},
	{"record_in", "it reads a value as a type given by OID, including the row types of tables outside the catalog"},
	{"enum_in", "it reads a value as a type given by OID, revealing types outside the catalog"},
	{"domain_in", "it reads a value as a type given by OID, revealing types outside the catalog"},
	{"*range_in", "it reads a value as a type given by OID, revealing types outside the catalog"},
	{"bit_in", "it is a type's input function, which no question needs"},
	{"varbit_in", "it is a type's input function, which no question needs"},
	{"bpcharin", "it is a type's input function, which no question needs"},
	{"varcharin", "it is a type's input function, which no question needs"},
	{"numeric_in", "it is a type's input function, which no question needs"},
	{"interval_in", "it is a type's input function, which no question needs"},
	{"time_in", "it is a type's input function, which no question needs"},
	{"timetz_in", "it is a type's input function, which no question needs"},
	{"timestamp_in", "it is a type's input function, which no question needs"},
	{"timestamptz_in", "it is a type's input function, which no question needs"},
	{"pg_input_*", "it reads a value as a type named in a string, revealing types outside the catalog"},
	// aclitem's text names roles: makeaclitem(n, 10, 'SELECT', false)
	// names role n, '...'::aclitem tells whether a role exists.
	{"acl*", "it reads or makes access privileges, whose text names the server's roles"},
	{"makeaclitem", "it makes access privileges, whose text names the server's roles"},
	{"hash_aclitem*", "it reads access privileges, whose text names the server's roles"},
	{"has_*_privilege", "it reveals objects outside the catalog and who may use them"},
	{"pg_has_role", "it reveals roles and their memberships"},
	{"row_security_active", "it inspects tables by name or OID, including those outside the catalog"},
	{"pg_*_is_visible", "it inspects objects by OID, including those outside the catalog"},
	{"pg_relation_size", "it reveals the sizes of tables outside the catalog"},
	{"pg_table_size", "it reveals the sizes of tables outside the catalog"},
	{"pg_indexes_size", "it reveals the sizes of tables outside the catalog"},
	{"pg_total_relation_size", "it reveals the sizes of tables outside the catalog"},
	{"pg_database_size", "it reveals databases and their sizes"},
	{"pg_relation_filenode", "it reveals the storage of tables outside the catalog"},
	{"pg_relation_filepath", "it reveals the storage of tables outside the catalog"},
	{"pg_filenode_relation", "it reveals the storage of tables outside the catalog"},
	{"pg_partition_*", "it reveals the partitions of tables outside the catalog"},
	{"pg_relation_is_updatable", "it inspects tables by OID, including those outside the catalog"},
	{"pg_column_is_updatable", "it inspects tables by OID, including those outside the catalog"},
	{"pg_index_has_property", "it inspects indexes by OID, including those outside the catalog"},
	{"pg_index_column_has_property", "it inspects indexes by OID, including those outside the catalog"},
	{"pg_indexam_has_property", "it inspects index access methods by OID"},
	{"pg_sequence_*", "it reads sequences, including those outside the catalog"},
	{"currval", "it reads sequences, including those outside the catalog"},
	{"lastval", "it reads the session's sequence state"},
	{"pg_options_to_table", "it decodes object options, which only the system catalogs hold"},
	{"pg_tablespace_*", "it reveals tablespaces, their databases and their locations on the server"},
	{"pg_available_extension*", "it reveals the software installed on the server"},
	// Server state.
	{"version", "it reveals the server's version and build platform, which no question about the data needs"},
	// The session: who connects, to which database, through which process.
	// The key words CURRENT_USER, CURRENT_ROLE, USER, SESSION_USER,
	// CURRENT_CATALOG and CURRENT_SCHEMA stand for these functions and are
	// refused with them (see sqlValueFunctions).
	{"current_user", "it reveals the database role the query runs as, which no question about the data needs"},
	{"session_user", "it reveals the login that connects to the database, which no question about the data needs"},
	{"getpgusername", "it reveals the database role the query runs as (an old name of current_user), which no question about the data needs"},
	{"system_user", "it reveals the login that connects to the database and how it authenticated, which no question about the data needs"},
	{"current_database", "it reveals the database's name on the server, which no question about the data needs"},
	{"current_schema*", "it reveals the session's search path, which no question about the data needs"},
	{"pg_backend_pid", "it reveals the server process serving the connection, which no question about the data needs"},
	{"pg_settings_get_flags", "it reveals server settings"},
	{"pg_control_*", "it reveals the server's control file (system identifier, checkpoints, WAL state)"},
	{"pg_stat_*", "it reveals server activity statistics, including objects outside the catalog"},
	{"pg_postmaster_start_time", "it reveals server state, which no question about the data needs"},
	{"pg_conf_load_time", "it reveals server state, which no question about the data needs"},
	{"inet_server_*", "it reveals the server's network address"},
	{"inet_client_*", "it reveals the client's network address"},
	{"pg_lock_status", "it reveals other sessions' locks"},
	{"pg_blocking_pids", "it reveals other sessions' locks"},
	{"pg_safe_snapshot_blocking_pids", "it reveals other sessions' locks"},
	{"pg_isolation_test_session_is_blocked", "it reveals other sessions' locks"},
	{"pg_cursor", "it reveals the session's cursors"},
	{"pg_prepared_statement", "it reveals the session's prepared statements"},
	{"pg_prepared_xact", "it reveals prepared transactions"},
	{"pg_current_wal_*", "it reveals the server's write activity"},
	{"pg_current_snapshot", "it reveals the server's write activity"},
	{"txid_current_snapshot", "it reveals the server's write activity"},
	{"pg_last_wal_*", "it reveals the server's replication state"},
	{"pg_last_xact_replay_timestamp", "it reveals the server's replication state"},
	{"pg_last_committed_xact", "it reveals the server's write activity"},
	{"pg_xact_commit_timestamp*", "it reveals when other transactions committed"},
	{"pg_xact_status", "it reveals whether other transactions committed"},
	{"txid_status", "it reveals whether other transactions committed"},
	{"pg_is_in_recovery", "it reveals the server's replication state"},
	{"pg_is_wal_replay_paused", "it reveals the server's replication state"},
	{"pg_old_snapshot_*", "it reveals the server's transaction state (old_snapshot)"},
	{"postgres_fdw_*", "it reveals or closes the session's connections to foreign servers (postgres_fdw)"},
	{"ssl_*", "it reveals the connection's TLS parameters and client certificate (sslinfo)"},
	{"uuid_generate_v1", "it reveals the database server's network (MAC) address (uuid-ossp)"},
	{"pg_*collation_actual_version", "it reveals the server's collation library versions and databases by OID"},
}

// xpathReason is why XPath evaluation is refused: functions and XMLTABLE.
const xpathReason = "it evaluates XPath in libxml2, which neither the statement timeout nor a cancel interrupts"

// xmlParseReason is why reading text as XML is refused: functions,
// XMLPARSE and casts to xml.
const xmlParseReason = "it parses text as XML in libxml2, which neither the statement timeout nor a cancel interrupts"

// DefaultDeniedFunctions returns the default DeniedFunctions patterns (a new
// slice each call, so callers may append to it).
func DefaultDeniedFunctions() []string {
	out := make([]string, len(defaultDenied))
	for i, d := range defaultDenied {
		out[i] = d.pattern
	}
	return out
}

func defaultReason(p string) string {
	for _, d := range defaultDenied {
		if d.pattern == p {
			return d.reason
		}
	}
	return ""
}
