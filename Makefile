# Developer entry points. The README names two of them: `make demo` (the main
# job) and `make test` (what CI runs through .ci/run).
GO ?= go
SQLC_VERSION ?= v1.31.1
GOLANGCI_LINT_VERSION ?= v2.15.0
# The linter is installed per checkout, at the pinned version, by `make lint`.
GOLANGCI_LINT := $(CURDIR)/bin/golangci-lint-$(GOLANGCI_LINT_VERSION)
# The build tag that links `nl2sql bench pipeline` and its in-process fake
# model; the shipped binary (`make build`) leaves both out.
BENCH_TAGS := nl2sqlbench

.PHONY: build demo test generate vet bench bench-pipeline lint fmt

build:
	$(GO) build -o bin/nl2sql ./cmd/nl2sql

# Migrate, load the demo ERP, register and index it, answer demo questions
# (or say what is missing, e.g. no model).
demo: build
	./bin/nl2sql demo

# internal/bench's pipeline benchmark is built only with $(BENCH_TAGS), so that
# package is tested with it (its other tests run too) and the rest without:
# the shipped binary's code is what the other packages' tests build.
test:
	$(GO) vet ./...
	$(GO) vet -tags $(BENCH_TAGS) ./cmd/nl2sql ./internal/bench
	$(GO) test -race -count=1 $$($(GO) list ./... | grep -v '/internal/bench$$')
	$(GO) test -race -count=1 -tags $(BENCH_TAGS) ./internal/bench

# Regenerate internal/dbsqlc from sql/*.sql. Not needed to build or test:
# the generated code is committed.
generate:
	$(GO) run github.com/sqlc-dev/sqlc/cmd/sqlc@$(SQLC_VERSION) generate

vet:
	$(GO) vet ./...

# The pipeline benchmark (instant fake model) and the Go benchmarks.
bench: bench-pipeline
	$(GO) test -tags $(BENCH_TAGS) -run '^$$' -bench . -benchtime 1x ./...

# `nl2sql bench pipeline` from a checkout: bin/nl2sql-bench is nl2sql with the
# fake model linked in. ARGS passes flags, e.g. make bench-pipeline ARGS=--json.
bench-pipeline:
	$(GO) build -tags $(BENCH_TAGS) -o bin/nl2sql-bench ./cmd/nl2sql
	./bin/nl2sql-bench bench pipeline $(ARGS)

$(GOLANGCI_LINT):
	GOBIN=$(CURDIR)/bin $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)
	mv $(CURDIR)/bin/golangci-lint $@

# golangci-lint with .golangci.yml: the linters and the formatters' check
# (gofumpt, gci import groups).
lint: $(GOLANGCI_LINT)
	$(GOLANGCI_LINT) run ./...

# Rewrite the tree with the formatters lint checks.
fmt: $(GOLANGCI_LINT)
	$(GOLANGCI_LINT) fmt ./...
