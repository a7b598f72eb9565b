# ablate: build, test, benchmark and fuzz.
GO      ?= go
BIN     ?= bin/ablate
# EXE: where make puts the binary, as OpenBench-style tools ask (make EXE=PATH).
EXE     ?= $(BIN)
FUZZTIME ?= 10s

.PHONY: pgo docs build test test-long bench fuzz perft-deep clean slurm-test parallel-test browser-test plots

build:
	$(GO) build -buildvcs=true -o $(EXE) ./cmd/ablate

# pgo writes the profile go build optimizes ablate with (cmd/ablate/default.pgo,
# read by every go build and go run of ./cmd/ablate): the CPU profile of the
# search benchmark on the bench suite, where the engine spends its time in
# every command. Make it again when the search changes much; the profile
# changes no result, only the code's speed.
pgo:
	d=$$(mktemp -d) && $(GO) test ./engine/search -run '^$$' -bench 'Search/config=full$$' -benchtime 20x \
	  -cpuprofile $$d/cpu.pgo -o $$d/search.test && cp $$d/cpu.pgo cmd/ablate/default.pgo; rm -rf $$d

# The check every change passes (under 3 minutes here): formatting, tidy
# modules, vet, the short tests (also without the search's statistics: every
# package vetted, the packages that count or record them tested), the
# reference docs, and the bench node
# counts of today's full against results/baseline/bench.csv (ablate check
# --preset full; test-long checks the presets older results name).
test:
	@unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) mod tidy -diff
	cd deploy/kubernetes && $(GO) mod tidy -diff
	$(GO) vet ./...
	$(GO) test -short ./...
	$(GO) vet -tags nostats ./...
	$(GO) test -short -tags nostats ./engine/... ./experiments/...
	$(GO) run ./cmd/ablate docs --check docs
	$(GO) run ./cmd/ablate check --preset full

# The end-to-end tests make test skips (-short): matches, Glaurung and
# Toga II ablated, the chaos test, compare of two commits, long ladders.
# CI runs them after make test. Then the Kubernetes manifests' module (its
# first build compiles k8s.io/api, 45 s here) and the bench node counts of
# the presets stored results name (full-eval, full-pesto, stages 20 to 27), which make test
# leaves out to stay under 3 minutes.
test-long:
	$(GO) test ./...
	cd deploy/kubernetes && $(GO) vet ./... && $(GO) test ./...
	$(GO) run ./cmd/ablate check --preset full-eval --preset full-pesto --preset stage-20 --preset stage-21 --preset stage-22 --preset stage-23 --preset stage-24 --preset stage-25 --preset stage-26 --preset stage-27

# The command-line reference, docs/cli.md and the man page docs/ablate.1,
# from the app itself (make test checks that they are current).
docs:
	$(GO) run ./cmd/ablate docs --index results docs

# Go benchmarks; compare two runs with benchstat.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Each fuzz target for a short, bounded time (FUZZTIME=10m for a long run).
FUZZ_TARGETS = \
	./engine/chess:FuzzParseFEN ./engine/chess:FuzzParseSAN ./positions:FuzzParseLine \
	./engine/search:FuzzParseConfig ./experiments/matrix:FuzzParseFile ./engine/uci:FuzzServerInput \
	./experiments/records:FuzzReadCSV ./experiments/records:FuzzReadBaseline ./engine/chess:FuzzReadPGN ./engine/subject:FuzzParseProfile

fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$name ($$pkg)"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	done

# A single-node Slurm from Debian's packages runs a 4-task array of shards,
# merged and checked against an unsharded run (root; see deploy/slurm).
slurm-test:
	deploy/slurm/test.sh

# GNU parallel runs 4 shards here, merged and checked likewise.
parallel-test:
	deploy/parallel/test.sh

# The report in headless Chromium (Debian's chromium, installed if need be):
# every plot drawn, no console error; the screenshot goes to artifacts/.
browser-test:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	ARTIFACTS=$(CURDIR)/artifacts $(GO) test -tags browser -run Browser -v ./experiments/report

# The README's and docs' plots, from the stored runs and the card's worth
# (of the screenings, the worth and interaction plots are the ones kept).
plots:
	$(GO) run ./cmd/ablate report --html /dev/null --png results/plots/stages results/experiments/stages
	$(GO) run ./cmd/ablate report --html /dev/null --png results/plots/lmr-family results/experiments/lmr-family
	$(GO) run ./cmd/ablate report --html /dev/null --png results/plots/card results/worth/card
	$(GO) run ./cmd/ablate report --html /dev/null --png results/plots/scaling results/worth/scaling/deep
	$(GO) run ./cmd/ablate report --html /dev/null --png results/plots/screen-modern results/worth/screen-modern
	$(GO) run ./cmd/ablate report --html /dev/null --png results/plots/ethereal-screen-n10000 results/worth/ethereal-screen-n10000
	$(GO) run ./cmd/ablate report --html /dev/null --png results/plots/ethereal-screen-n40000 results/worth/ethereal-screen-n40000

# The deep perft counts (start position depth 6, Kiwipete depth 5).
perft-deep:
	$(GO) test -tags deep -run 'TestPerftDeep' -v ./engine/chess

clean:
	rm -rf bin
