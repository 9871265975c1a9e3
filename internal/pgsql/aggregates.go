package pgsql

// builtinAggregates are the aggregate functions of PostgreSQL 16's
// pg_catalog (general-purpose, statistical, ordered-set and hypothetical-set).
var builtinAggregates = map[string]bool{
	"any_value": true, "array_agg": true, "avg": true, "bit_and": true, "bit_or": true, "bit_xor": true,
	"bool_and": true, "bool_or": true, "count": true, "every": true, "json_agg": true,
	"json_agg_strict": true, "json_object_agg": true, "json_object_agg_strict": true,
	"json_object_agg_unique": true, "json_object_agg_unique_strict": true, "jsonb_agg": true,
	"jsonb_agg_strict": true, "jsonb_object_agg": true, "jsonb_object_agg_strict": true,
	"jsonb_object_agg_unique": true, "jsonb_object_agg_unique_strict": true, "max": true, "min": true,
	"range_agg": true, "range_intersect_agg": true, "string_agg": true, "sum": true, "xmlagg": true,
	"corr": true, "covar_pop": true, "covar_samp": true, "regr_avgx": true, "regr_avgy": true,
	"regr_count": true, "regr_intercept": true, "regr_r2": true, "regr_slope": true, "regr_sxx": true,
	"regr_sxy": true, "regr_syy": true, "stddev": true, "stddev_pop": true, "stddev_samp": true,
	"variance": true, "var_pop": true, "var_samp": true, "mode": true, "percentile_cont": true,
	"percentile_disc": true, "rank": true, "dense_rank": true, "percent_rank": true, "cume_dist": true,
}

// BuiltinAggregate reports whether schema.name names one of PostgreSQL's
// built-in aggregate functions. It is a name check, not a catalog lookup:
// an unqualified name is assumed to resolve to pg_catalog, user-defined
// aggregates are not recognised, and a user function that shadows a
// built-in aggregate's name is misread.
func BuiltinAggregate(schema, name string) bool {
	if schema != "" && schema != "pg_catalog" {
		return false
	}
	return builtinAggregates[name]
}
