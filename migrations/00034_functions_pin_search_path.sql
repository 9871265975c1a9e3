-- A client could run code as the service. The functions below ran with the
-- caller's search_path, and the callers are the service (the triggers when
-- it finishes a question, approves an example or stores a DSN; the vector
-- functions when it indexes and retrieves) and the operator
-- (rag.grant_client, rag.revoke_client). Their calls of variadic built-ins
-- (json_build_object, format) lose to a function of the same name with
-- exact argument types in any schema on that path: on a database whose
-- public schema lets every role CREATE (every database made before
-- PostgreSQL 15, which upgrades keep so, or one granted it), a client that
-- asked a question made
--
--   CREATE FUNCTION public.json_build_object(text, bigint, text, text) ...
--
-- and it ran as the service when its question finished (tried: "running as
-- postgres"). Each now runs with search_path pg_catalog, pg_temp, as the
-- SECURITY DEFINER ones do; none names an object outside pg_catalog
-- unqualified. rag.enable_vectors stays as it is: its CREATE EXTENSION
-- vector installs into the first schema on the caller's path.

-- +goose Up
ALTER FUNCTION rag.queries_notify_done() SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.feedback_notify_done() SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.feedback_approve_example() SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.examples_before_insert() SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.databases_refuse_password() SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.check_query_options(jsonb) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.grant_client(text, text[], boolean) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.grant_client_00006(text, text[], boolean) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.revoke_client(text) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.store_vectors(text) SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION rag.search_vectors(text, text, real[], integer) SET search_path = pg_catalog, pg_temp;

-- +goose Down
ALTER FUNCTION rag.search_vectors(text, text, real[], integer) RESET search_path;
ALTER FUNCTION rag.store_vectors(text) RESET search_path;
ALTER FUNCTION rag.revoke_client(text) RESET search_path;
ALTER FUNCTION rag.grant_client_00006(text, text[], boolean) RESET search_path;
ALTER FUNCTION rag.grant_client(text, text[], boolean) RESET search_path;
ALTER FUNCTION rag.check_query_options(jsonb) RESET search_path;
ALTER FUNCTION rag.databases_refuse_password() RESET search_path;
ALTER FUNCTION rag.examples_before_insert() RESET search_path;
ALTER FUNCTION rag.feedback_approve_example() RESET search_path;
ALTER FUNCTION rag.feedback_notify_done() RESET search_path;
ALTER FUNCTION rag.queries_notify_done() RESET search_path;
