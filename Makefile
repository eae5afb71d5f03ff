# Termind's set-up commands. Each installs what it needs on a fresh Debian 12 machine with
# Swift at /opt/swift (apt packages as root, or through sudo), then does its job.

SWIFT        ?= swift
export PATH  := /opt/swift/usr/bin:$(PATH)
CHECK        := --explicit-target-dependency-import-check error
# A release termind links Swift's runtime and Foundation statically, in a build tree of its own: a
# command starts in about half the time (no dynamic binding of Foundation and ICU), which a repeated
# `termind exec` through the control socket feels. The C libraries stay Debian's shared ones.
# termind-bench stays in .build/release, linked dynamically: it uses XCTest, which has no static build.
RELEASE      := -c release --static-swift-stdlib --scratch-path .build/static
TERMIND      := .build/static/release/termind
# Libraries the build links (see the systemLibrary targets in Package.swift).
BUILD_DEBS   := pkg-config libssh2-1-dev libvterm-dev libsqlite3-dev libssl-dev
# What the tests start or drive: OpenSSH's sshd and clients, tmux for the TUI, python3 for asyncssh, curl and GNU time for make bench,
# bash, zsh and fish for the completion scripts and the shell integration, man-db and groff to render the man page, sqlite3 to check
# the Vault after kill -9 and as the peer of the history search benchmark.
TEST_DEBS    := openssh-server openssh-client tmux python3 python3-pip passwd curl time bash zsh fish man-db groff-base sqlite3 iproute2
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS         ?=
PREFIX       ?= /usr/local
DESTDIR      ?=

.PHONY: run test check-imports bench fuzz docs deps test-deps build install clean

## make run: build release and run termind (ARGS="..." passes arguments)
run: deps
	$(SWIFT) build $(RELEASE) $(CHECK) --product termind
	$(TERMIND) $(ARGS)

## make test: check the manifest's edges, build every target with the import check and run every test target
test: deps test-deps check-imports
	$(SWIFT) build --build-tests $(CHECK)
	$(SWIFT) test --skip-build --disable-swift-testing --parallel --num-workers 4 --xunit-output .build/xunit.xml
	@python3 -c 'import sys, xml.etree.ElementTree as E; s = E.parse(".build/xunit.xml").getroot().find("testsuite"); \
		t, f = int(s.get("tests")), int(s.get("failures")) + int(s.get("errors")); print(f"tests: {t - f} passed, {f} failed"); sys.exit(1 if f or not t else 0)'

## make check-imports: each target in Package.swift declares exactly the modules its files import, the C
## libraries are imported only in their folders, and docs/architecture.md's folder map is the tree under Sources/
check-imports:
	SWIFT="$(SWIFT)" python3 .ci/check-imports
	python3 .ci/check-map

## make docs: write docs/usage.md's command reference from the command definitions (termind help --markdown)
docs: deps
	$(SWIFT) build $(CHECK) --product termind
	.build/debug/termind help --markdown | python3 -c 'import sys; p = "docs/usage.md"; s = open(p).read(); b = sys.stdin.read(); i = s.find(b.split("\n")[0]); \
		open(p, "w").write((s[:i] if i >= 0 else s.rstrip("\n") + "\n\n") + b)'

## make bench: release build, then each benchmark against its peer tool, printed as ratios and written to
## docs/benchmarks.md (date, machine, one table) and the README's table
bench: deps test-deps
	$(SWIFT) build $(RELEASE) $(CHECK) --product termind
	$(SWIFT) build -c release $(CHECK) --product termind-bench
	TERMIND_BINARY=$(TERMIND) TERMIND_BENCH_REPORT=$(CURDIR)/docs/benchmarks.md .build/release/termind-bench

## make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="pane-surface ..."]: build termind-fuzz with libFuzzer and
## AddressSanitizer in its own .build/fuzz (the ordinary build is untouched), then run each target for
## FUZZ_SECONDS from its corpus in Tests/Fuzz/<target>/; crashes are saved in Tests/Fuzz/<target>/regressions/
## Optimised (-c release): a debug build spent most of each run in unoptimised Swift (building cells,
## option sets, generic metadata), 3 to 8 times fewer executions a second for the same checks.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: deps
	$(SWIFT) build --scratch-path .build/fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -DTERMIND_LIBFUZZER --product termind-fuzz
	python3 .ci/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

deps:
	@missing=$$(for p in $(BUILD_DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

test-deps:
	@missing=$$(for p in $(TEST_DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then echo "installing:" $$missing; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	@python3 -c 'import asyncssh' 2>/dev/null || python3 -m pip install --quiet asyncssh \
		|| python3 -m pip install --quiet --break-system-packages asyncssh
	@python3 -c 'import mcp' 2>/dev/null || python3 -m pip install --quiet mcp \
		|| python3 -m pip install --quiet --break-system-packages mcp

build: deps
	$(SWIFT) build $(CHECK)

## make install [PREFIX=/usr/local]: release build, then the binary, its resource bundles, the man
## page and the bash, zsh and fish completions, each generated by the binary just built
install: deps
	$(SWIFT) build $(RELEASE) $(CHECK) --product termind
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(TERMIND) $(DESTDIR)$(PREFIX)/bin/termind
	# Bundle.module finds the resource bundles beside the executable.
	cp -R $(dir $(TERMIND))*.resources $(DESTDIR)$(PREFIX)/bin/
	$(TERMIND) help --man > $(DESTDIR)$(PREFIX)/share/man/man1/termind.1
	$(TERMIND) completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/termind
	$(TERMIND) completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/termind.zsh
	$(TERMIND) completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/termind.fish

clean:
	rm -rf .build
