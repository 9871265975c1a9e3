// Package exam measures nl2sql where users judge it: execution accuracy on
// a database of their own. It loads the demo ERP (exam/erp, LoadDemo),
// reads exams (ParseQuestions, format in QUESTIONS.md), checks them without
// a model (Check), runs them through the real pipeline and grades the
// answers (Runner), and records every run in rag.exam_runs and
// rag.exam_results for people, BI tools (the rag.exam_* views) and the
// reports of exam/report (LoadReport).
//
// # A run
//
// The Runner executes every gold SQL once, read-only on the registered
// database (internal/target), before the first run; an exam whose gold
// does not run, or fails another check of exam check (Check; an expected
// table not in the catalog, say), is refused (*GoldError), never graded.
// A run then creates its rag.exam_runs row, LISTENs on rag_query_done,
// inserts every question into rag.queries in one statement with options
// {"model": Config.Model, "max_rows": ..., "tags": {"exam_run_id": N,
// "exam_question_id": "q01"}} (plus Config.Options), and waits until each
// question is succeeded or failed. The workers of `nl2sql serve`, or a
// worker.Service in the same process, do the answering. Each answer is
// graded, the results are written, and the run is finished with accuracy =
// passed / questions. A run is aborted instead, with no accuracy (NULL in
// rag.exam_runs), when it times out, is interrupted, when its results
// cannot be recorded (rag.exam_runs.error says why), or when any question
// failed with infra_failure. The pipeline retries infrastructure failures
// with backoff before a question fails, so a final one means the model or
// a database was down (or the question could not be graded): the run did
// not measure what an accuracy would claim, whether 59 of 60 questions
// failed that way or one. rag.exam_runs.error says how many; the graded
// questions stay in rag.exam_results for diagnosis. Run stops at the first
// aborted run.
//
// Only finished runs count: the accuracy views (rag.exam_accuracy_by_*,
// rag.exam_failure_taxonomy, rag.exam_question_changes,
// rag.exam_run_comparison) and LoadReport leave aborted and running runs
// out, and rag.exam_run_summary lists them with a NULL accuracy. The two
// comparison views set a run against the previous finished run of the same
// questions (ids and texts, migration 00016): an exam that changed starts a
// new line of runs.
//
// # Grading
//
// An answer passes when the question succeeded and its stored rows
// (rag.query_results) equal gold's under exam/compare: multisets of rows
// (sequences when order_matters), columns matched by values whatever their
// names and order, extra answer columns accepted unless
// Config.ExactColumns, numbers equal within tolerance or when the less
// precise one is the other rounded (an answer's rounding keeping gold's
// first significant digit), NULL equal only to NULL. Each
// question's max_rows is at least its gold's row count, so a truncated
// answer has more rows than gold and fails ("more than N rows"); if the
// caller's own max_rows is below gold's count, the answer cannot be graded
// and fails as infra_failure.
//
// # Failure taxonomy
//
// A failed question gets exactly one type, decided in this order from the
// final rag.queries row (error_class, sqlstate), its last rag.attempts row
// (the stage where validation or execution failed) and the tables of its
// schema context (retrieval.tablesIncluded) against expected_tables:
//
//   - infra_failure: the question failed with error class infra_failure
//     (LLM or database unreachable, model not pulled) or unknown (a lost
//     job); or with validation_block before any SQL was generated
//     (configuration: unknown database, empty catalog, bad options); or it
//     succeeded but could not be graded (no stored result, or an answer
//     truncated by max_rows below gold's size). Not the model's fault.
//   - llm_reasoning, refused: it failed with validation_block after the
//     model wrote SQL: the guard (or the database's permissions) refused
//     it. The reason says "refused by".
//   - execution_error: it failed with sql_error or query_timeout and the
//     last attempt failed at the execute stage (the SQL passed validation,
//     then failed when run), after the repair attempts; or with a program
//     limit (SQLSTATE 54xxx: a value over 1 GB, a statement too complex),
//     which the statement met, not the service.
//   - column_miss: it failed with sql_error or query_timeout before
//     execution, after the repair attempts, and the last error was SQLSTATE
//     42703 (undefined column).
//   - validation_exhausted: it failed with sql_error or query_timeout
//     before execution, after the repair attempts, with any other last
//     error (syntax, undefined table, lint, a reply without SQL).
//   - retrieval_miss: it succeeded with a wrong result, and an expected
//     table was not in the schema context.
//   - join_path_miss: as retrieval_miss, but the missing expected tables
//     only link retrieved ones: grouped by the foreign keys between them,
//     each group of missing tables touches, by foreign keys in the catalog
//     (either direction), at least two different retrieved expected tables
//     (order_lines missing between orders and products).
//   - llm_reasoning: it succeeded with a wrong result although every
//     expected table was in the schema context (or no context was recorded
//     to judge by); a result the byte cap cut before max_rows counts as
//     wrong here too: gold's fitted.
//
// Precision and recall compare the schema context's tables with
// expected_tables as sets of catalog tables (names resolved through the
// catalog, so "erp.orders", "orders" and "\"orders\"" agree); they are NULL
// for a question that never got a context or has no expected_tables, so
// the views' means, like the report's, are over scored questions only. Used tables are the tables the
// final SQL reads, from its parse tree (internal/pgsql); stage latencies
// are rag.stage_timings summed per stage over attempts, with queue time the
// wait between a job's enqueueing and its start.
package exam
