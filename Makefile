# ablate: build, test, benchmark and fuzz.
GO      ?= go
BIN     ?= bin/ablate
FUZZTIME ?= 10s

.PHONY: build test bench fuzz perft-deep clean

build:
	$(GO) build -buildvcs=true -o $(BIN) ./cmd/ablate

# The whole check CI runs: formatting, vet, unit tests, and the bench node
# counts against results/bench.csv (ablate check).
test:
	@unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) run ./cmd/ablate check

# Go benchmarks; compare two runs with benchstat.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Each fuzz target for a short, bounded time.
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParseFEN$$' -fuzztime $(FUZZTIME) ./engine/chess
	$(GO) test -run '^$$' -fuzz '^FuzzParseSAN$$' -fuzztime $(FUZZTIME) ./engine/chess
	$(GO) test -run '^$$' -fuzz '^FuzzParseLine$$' -fuzztime $(FUZZTIME) ./positions

# The deep perft counts (start position depth 6, Kiwipete depth 5).
perft-deep:
	$(GO) test -tags deep -run 'TestPerftDeep' -v ./engine/chess

clean:
	rm -rf bin
