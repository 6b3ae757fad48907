# gridbench tasks; each mirrors a plain command from README.md.

# regenerate every table, figure, report page and the workbook
reproduce *ARGS:
    go run ./cmd/gridbench reproduce {{ARGS}}

# the test suite (data tests skip when ../shared/data is absent)
test:
    go test ./...

# Go benchmarks, benchstat-friendly (compare runs with: benchstat old.txt new.txt)
bench:
    go test -run '^$' -bench . -benchmem -count 6 ./bench/ | tee bench.txt

# vet, format check and the CI script
lint:
    go vet ./...
    test -z "$(gofmt -l $(git ls-files '*.go'))"

ci:
    bash .ci/run
