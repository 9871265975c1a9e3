-- +goose Up

-- A verdict counted per row let one client mark its question wrong a
-- thousand times in one INSERT and top the list (a review's find). A
-- role's verdicts on one question now count once, per kind.
CREATE OR REPLACE VIEW rag.feedback_wrong_questions WITH (security_invoker = true) AS
SELECT q.database_name,
       rag.normalize_question(q.question) AS question_key,
       min(q.question) AS question,
       count(DISTINCT q.id) AS asked,
       count(DISTINCT (f.query_id, f.given_by)) FILTER (WHERE f.verdict = 'wrong') AS marked_wrong,
       count(DISTINCT (f.query_id, f.given_by)) FILTER (WHERE f.verdict = 'correct') AS marked_correct,
       count(DISTINCT (f.query_id, f.given_by)) FILTER (WHERE f.verdict = 'wrong' AND f.corrected_sql IS NOT NULL) AS corrections,
       max(f.created_at) FILTER (WHERE f.verdict = 'wrong') AS last_marked_wrong
FROM rag.queries q
JOIN rag.feedback f ON f.query_id = q.id
GROUP BY 1, 2
HAVING count(*) FILTER (WHERE f.verdict = 'wrong') > 0;
COMMENT ON VIEW rag.feedback_wrong_questions IS 'Questions (compared in normalized form) marked wrong at least once, with how often (a role''s verdicts on one question count once); ORDER BY marked_wrong DESC for the worst.';

-- +goose Down
CREATE OR REPLACE VIEW rag.feedback_wrong_questions WITH (security_invoker = true) AS
SELECT q.database_name,
       rag.normalize_question(q.question) AS question_key,
       min(q.question) AS question,
       count(DISTINCT q.id) AS asked,
       count(*) FILTER (WHERE f.verdict = 'wrong') AS marked_wrong,
       count(*) FILTER (WHERE f.verdict = 'correct') AS marked_correct,
       count(*) FILTER (WHERE f.verdict = 'wrong' AND f.corrected_sql IS NOT NULL) AS corrections,
       max(f.created_at) FILTER (WHERE f.verdict = 'wrong') AS last_marked_wrong
FROM rag.queries q
JOIN rag.feedback f ON f.query_id = q.id
GROUP BY 1, 2
HAVING count(*) FILTER (WHERE f.verdict = 'wrong') > 0;
COMMENT ON VIEW rag.feedback_wrong_questions IS 'Questions (compared in normalized form) marked wrong at least once, with how often; ORDER BY marked_wrong DESC for the worst.';
