# Developer entry points. The README names two of them: `make demo` (the main
# job) and `make test` (what CI runs).
GO ?= go
SQLC_VERSION ?= v1.31.1

.PHONY: build test generate vet demo bench

build:
	$(GO) build -o bin/nl2sql ./cmd/nl2sql

test:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

# Regenerate internal/dbsqlc from sql/*.sql (not needed to build or test: the
# generated code is committed).
generate:
	$(GO) run github.com/sqlc-dev/sqlc/cmd/sqlc@$(SQLC_VERSION) generate

vet:
	$(GO) vet ./...
