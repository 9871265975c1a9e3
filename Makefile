# Developer entry points. The README names two of them: `make demo` (the main
# job) and `make test` (what CI runs through .ci/run).
GO ?= go
SQLC_VERSION ?= v1.31.1

.PHONY: build demo test generate vet bench

build:
	$(GO) build -o bin/nl2sql ./cmd/nl2sql

# Migrate, load the demo ERP, register and index it, answer demo questions
# (or say what is missing, e.g. no model).
demo: build
	./bin/nl2sql demo

test:
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

# Regenerate internal/dbsqlc from sql/*.sql. Not needed to build or test:
# the generated code is committed.
generate:
	$(GO) run github.com/sqlc-dev/sqlc/cmd/sqlc@$(SQLC_VERSION) generate

vet:
	$(GO) vet ./...

# The pipeline benchmark (instant fake model) and the Go benchmarks.
bench: build
	./bin/nl2sql bench pipeline
	$(GO) test -run '^$$' -bench . -benchtime 1x ./...
