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

## fuzz: a short run of every fuzzer (their seed corpora also run in unit)
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 15s ./scene
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 15s ./knot/curve
	$(GO) test -run '^$$' -fuzz FuzzDecodeCommand -fuzztime 15s ./server
	$(GO) test -run '^$$' -fuzz FuzzDecode -fuzztime 15s ./haptics
	$(GO) test -run '^$$' -fuzz FuzzReadTetGen -fuzztime 15s ./tissue
	$(GO) test -run '^$$' -fuzz FuzzReadGmsh -fuzztime 15s ./tissue
	$(GO) test -run '^$$' -fuzz FuzzParsePole -fuzztime 15s ./cmd/knotsim
	$(GO) test -run '^$$' -fuzz FuzzReadSTL -fuzztime 15s ./tissue
	$(GO) test -run '^$$' -fuzz FuzzReadOBJ -fuzztime 15s ./tissue

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
