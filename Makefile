# Termind's set-up commands. Each installs what it needs on a fresh Debian 12 machine with
# Swift at /opt/swift (apt packages as root, or through sudo), then does its job.

SWIFT        ?= swift
export PATH  := /opt/swift/usr/bin:$(PATH)
CHECK        := --explicit-target-dependency-import-check error
# Libraries the build links (see the systemLibrary targets in Package.swift).
BUILD_DEBS   := pkg-config libssh2-1-dev libvterm-dev libsqlite3-dev libssl-dev
# What the tests start or drive: OpenSSH's sshd and clients, tmux for the TUI, python3 for asyncssh, curl for make bench,
# zsh and bash for the completion scripts.
TEST_DEBS    := openssh-server openssh-client tmux python3 python3-pip passwd curl bash zsh
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS         ?=

.PHONY: run test check-imports bench deps test-deps build clean

## make run: build release and run termind (ARGS="..." passes arguments)
run: deps
	$(SWIFT) build -c release $(CHECK)
	.build/release/termind $(ARGS)

## make test: check the manifest's edges, build every target with the import check and run every test target
test: deps test-deps check-imports
	$(SWIFT) build --build-tests $(CHECK)
	$(SWIFT) test --skip-build --disable-swift-testing --parallel --num-workers 4 --xunit-output .build/xunit.xml
	@python3 -c 'import sys, xml.etree.ElementTree as E; s = E.parse(".build/xunit.xml").getroot().find("testsuite"); \
		t, f = int(s.get("tests")), int(s.get("failures")) + int(s.get("errors")); print(f"tests: {t - f} passed, {f} failed"); sys.exit(1 if f or not t else 0)'

## make check-imports: each target in Package.swift declares exactly the modules its files import
check-imports:
	SWIFT="$(SWIFT)" python3 .ci/check-imports

## make bench: release build, then each benchmark against its peer tool, printed as ratios
bench: deps test-deps
	$(SWIFT) build -c release $(CHECK)
	.build/release/termind-bench

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

build: deps
	$(SWIFT) build $(CHECK)

clean:
	rm -rf .build
