# A small Makefile for the tools that expect one (OpenBench's workers build with `make EXE=NAME`
# and then run `NAME bench`). Everything else is plain cargo: see README.md.

EXE ?= target/release/engine
CARGO ?= cargo
# Cargo features: `tune` on a branch that OpenBench tunes (CONTRIBUTING.md, "Tuning the search").
FEATURES ?=
# A net file to embed in place of nets/default.nnue (OpenBench's net tests pass it): build.rs
# reads it from ENGINE_EVALFILE, given to cargo with the path made absolute.
EVALFILE ?=
NET_ENV := $(if $(EVALFILE),ENGINE_EVALFILE="$(abspath $(EVALFILE))")

.PHONY: all test bench clean

# The engine, as a user builds it, copied to $(EXE) when that names another file.
all:
	$(NET_ENV) $(CARGO) build --release$(if $(FEATURES), --features $(FEATURES))
	@if [ "$(EXE)" != "target/release/engine" ]; then cp target/release/engine "$(EXE)"; fi

# The test command of README.md.
test:
	$(CARGO) test --release

# The bench signature (`Nodes searched`) and speed.
bench: all
	target/release/engine bench

clean:
	$(CARGO) clean
