# knotsim — see README.md. Every target works on a fresh machine after .ci/run's installs.
GO        ?= go
GOAMD64   ?= v1
export GOAMD64
STATICCHECK_VERSION := v0.8.2
GOBIN     := $(shell $(GO) env GOPATH)/bin
STATICCHECK := $(GOBIN)/staticcheck

.PHONY: run demo test lint unit race benchcheck bench fuzz tools build web webdeps browsertest

build:
	$(GO) build -o bin/knotsim ./cmd/knotsim

## run: the viewer with the default knot-tying scene (open the printed address in a browser)
run:
	$(GO) run ./cmd/knotsim serve -scene overhand -open

## demo: run the default knot-tying scene headless and print its report
demo:
	$(GO) run ./cmd/knotsim run overhand

## test: everything CI checks
test: lint unit race fuzz benchcheck browsertest

tools: $(STATICCHECK)

$(STATICCHECK):
	$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

lint: $(STATICCHECK)
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...

unit:
	$(GO) test -shuffle=on -timeout 30m ./...

## race: the race detector over the short versions of the tests of every package in which
## another goroutine can run (tools/racepkgs says which and why; the single-threaded rest,
## solver/solvertest's 23–26 minutes under the detector among them, runs in unit)
race:
	@pkgs=$$(tools/racepkgs) || exit 1; echo "race: $$(echo $$pkgs | wc -w) packages"; \
	$(GO) test -race -short -shuffle=on -timeout 40m $$pkgs

## benchcheck: every benchmark still compiles and runs once
# (its output is long: only the lines that are not results are shown, so a failure is read)
benchcheck:
	@out=$$(mktemp); rc=0; $(GO) test -run '^$$' -bench . -benchtime 1x -timeout 20m ./... > $$out 2>&1 || rc=$$?; \
	grep -Ev '^(Benchmark|goos:|goarch:|pkg:|cpu:|PASS$$)' $$out; rm -f $$out; exit $$rc

bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m ./...

## fuzz: a short run of every fuzzer (their seed corpora also run in unit). Budgets are counts
## of executions, not durations: go1.26's coordinator can fail a -fuzztime <duration> run with a
## bare "context deadline exceeded" when a worker is busy at the deadline (golang/go#75804, fixed
## in go1.27; it failed CI once on FuzzReadTetGen). A minimisation is capped at 200 runs: the
## default 60 s could spend a whole budget shrinking one input (FuzzReadSTL: 18 s at 0 execs/s).
## Each budget is about 10 s of fuzzing on a 2 vCPU machine.
FUZZ = $(GO) test -run '^$$' -fuzzminimizetime 200x
fuzz:
	$(FUZZ) -fuzz '^FuzzParse$$' -fuzztime 200000x ./scene
	$(FUZZ) -fuzz '^FuzzParse$$' -fuzztime 300000x ./knot/curve
	$(FUZZ) -fuzz '^FuzzDecodeCommand$$' -fuzztime 100000x ./server
	$(FUZZ) -fuzz '^FuzzDecode$$' -fuzztime 900000x ./haptics
	$(FUZZ) -fuzz '^FuzzReadTetGen$$' -fuzztime 400000x ./tissue
	$(FUZZ) -fuzz '^FuzzReadGmsh$$' -fuzztime 500000x ./tissue
	$(FUZZ) -fuzz '^FuzzParsePole$$' -fuzztime 250000x ./cmd/knotsim
	$(FUZZ) -fuzz '^FuzzReadSTL$$' -fuzztime 500000x ./tissue
	$(FUZZ) -fuzz '^FuzzReadOBJ$$' -fuzztime 600000x ./tissue

## web: rebuild the browser viewer web/dist from web/src (esbuild; dist is committed, so
## go build needs no npm)
web: webdeps
	cd web && node build.mjs

webdeps:
	@[ -d web/node_modules ] || (cd web && npm ci)

## browsertest: the viewer's unit tests, then the end-to-end test against knotsim serve in
## Debian's headless Chromium (/usr/bin/chromium; .ci/run installs it)
browsertest: webdeps
	cd web && node --test test/protocol.test.mjs test/browser.test.mjs
