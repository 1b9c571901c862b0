# referee: build, run, test, bench, asan, install.
# `make run` and `make test` work as the first commands on a fresh Debian
# machine: missing packages are installed when run as root (see deps).

PREFIX ?= /usr/local
DESTDIR ?=
CC ?= cc
BUILD ?= build
VERSION := 0.1.0

PKGS := lua5.4 readline jansson libsodium libmicrohttpd libqrencode
CFLAGS ?= -O2 -g
# The project's own flags stay apart from CFLAGS, so `make CFLAGS=...` and
# the asan build keep them.
BASE_CFLAGS := -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -MMD -MP
BASE_CFLAGS += -DREFEREE_VERSION='"$(VERSION)"' -DREFEREE_SHARE='"$(PREFIX)/share/referee"'
ALL_CFLAGS = $(BASE_CFLAGS) $(ALLOC_CFLAGS) $(SANITIZE) $(CFLAGS)
DEP_CFLAGS = $(shell pkg-config --cflags lua5.4 jansson libsodium libmicrohttpd libqrencode 2>/dev/null)
# Lua's blocks come from mimalloc (core/lua/lua_alloc.c), except under the
# sanitizers, which must see every block: there they come from libc.
ALLOC_LIBS = $(if $(SANITIZE),,-lmimalloc)
ALLOC_CFLAGS = $(if $(SANITIZE),-DREFEREE_SYSTEM_MALLOC,)
# Lua is linked in from Debian's own static archive (liblua5.4-dev ships
# it beside the shared library): rules and bots spend most of their time
# in Lua's VM and its C API, and a call into a shared library goes through
# the PLT. 2% to 6% less CPU a tournament game (bench/results.md); without
# the archive, the shared library as pkg-config gives it.
LUA_ARCHIVE = $(shell pkg-config --variable=libdir lua5.4 2>/dev/null)/liblua5.4.a
LUA_LIBS = $(if $(wildcard $(LUA_ARCHIVE)),$(LUA_ARCHIVE) -lm -ldl,$(shell pkg-config --libs lua5.4 2>/dev/null))
# Our own code is optimized across its files when the programs that play
# games link (referee, bench, lean-loop): the kernel's many small functions
# (a check, a log entry, an ask) are inlined into their callers, 2% to 9%
# fewer instructions a game (bench/results.md). The objects keep their
# machine code too (fat), so the unit tests and a mutant's rebuild link
# them as they are, without that pass (-fno-lto: else GCC's linker plugin
# runs it anyway, on every link). `make LTO=` builds without it.
LTO ?= -flto=auto -ffat-lto-objects
DEP_LIBS = $(LUA_LIBS) $(shell pkg-config --libs jansson libsodium libmicrohttpd libqrencode 2>/dev/null) $(ALLOC_LIBS) -lreadline -lm -lpthread

ifeq ($(V),1)
Q :=
else
Q := @
endif

# The code's layers, lowest first: each folder may include only those
# before it (its README says so); the object lists are made from the folders.
CORE_LAYERS := kernel games lua guards binding referee bots play module
CORE_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(foreach l,$(CORE_LAYERS),$(sort $(wildcard core/$(l)/*.c))))
REPL_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(sort $(wildcard repl/*.c repl/tournament/*.c repl/report/*.c repl/serve/*.c)))
# The conformance suite (repl/check.lua) is built into the binary.
REPL_OBJ += $(BUILD)/repl/check_lua.o
# So is a served table's page (repl/serve/page.*).
PAGE_ASSETS := html css js
REPL_OBJ += $(BUILD)/repl/serve/page_assets.o
UNIT_OBJ := $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%.o,$(wildcard tests/unit/*.c))

.PHONY: all run test asan asan-referee bench league install clean deps fuzz fuzz-build mutants
all: deps referee $(BUILD)/referee.so

# Debian packages the build and the tests need.
DEBS := pkg-config openssl liblua5.4-dev lua5.4 libreadline-dev libjansson-dev libmimalloc-dev libsodium-dev lua-busted valgrind time clang libclang-rt-dev tmux chromium libmicrohttpd-dev libqrencode-dev python3-selenium chromium-driver parallel
deps: $(BUILD)/.deps-ok
$(BUILD)/.deps-ok: Makefile
	$(Q)sh tools/ensure-deps.sh $(DEBS)
	$(Q)mkdir -p $(BUILD) && touch $@

referee: $(CORE_OBJ) $(REPL_OBJ)
	@echo "  LD      $@"
	$(Q)$(CC) $(ALL_CFLAGS) $(LTO) $(LDFLAGS) -o $@ $^ $(DEP_LIBS)

# The kernel as a Lua module: require "referee" from a stock lua5.4.
$(BUILD)/referee.so: $(CORE_OBJ:%.o=%.pic.o)
	@echo "  LD      $@"
	$(Q)$(CC) $(ALL_CFLAGS) -shared -o $@ $^ $(shell pkg-config --libs jansson libsodium) $(ALLOC_LIBS)

$(BUILD)/unit-tests: $(CORE_OBJ) $(BUILD)/repl/tournament/stats.o $(BUILD)/repl/tournament/placings.o $(BUILD)/repl/tournament/step_index.o $(BUILD)/repl/tournament/rating_sums.o $(BUILD)/repl/tournament/deals.o $(UNIT_OBJ)
	@echo "  LD      $@"
	$(Q)$(CC) $(ALL_CFLAGS) -fno-lto -o $@ $^ $(DEP_LIBS)

$(BUILD)/%.o: %.c | $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) $(LTO) $(DEP_CFLAGS) -c -o $@ $<

$(BUILD)/repl/check_lua.c: repl/check.lua tools/embed.lua | $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@echo "  EMBED   $<"
	$(Q)lua5.4 tools/embed.lua CHECK_LUA <$< >$@

$(BUILD)/repl/serve/page_%.c: repl/serve/page.% tools/embed.lua | $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@echo "  EMBED   $<"
	$(Q)lua5.4 tools/embed.lua PAGE_$(shell echo $* | tr a-z A-Z) <$< >$@

# The page's script is made of its parts: cards and dice drawn, a move
# chosen by tapping, then the page itself.
PAGE_JS_PARTS := repl/serve/page_cards.js repl/serve/page_choose.js repl/serve/page.js
$(BUILD)/repl/serve/page_js.c: $(PAGE_JS_PARTS) tools/embed.lua | $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@echo "  EMBED   $(PAGE_JS_PARTS)"
	$(Q)cat $(PAGE_JS_PARTS) | lua5.4 tools/embed.lua PAGE_JS >$@

$(BUILD)/repl/serve/page_assets.c: $(PAGE_ASSETS:%=$(BUILD)/repl/serve/page_%.c)
	$(Q)cat $^ | grep -v '^#include <stddef.h>' | sed '1i #include <stddef.h>' >$@

$(BUILD)/repl/serve/page_assets.o: $(BUILD)/repl/serve/page_assets.c
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/repl/check_lua.o: $(BUILD)/repl/check_lua.c
	@echo "  CC      $<"
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/%.pic.o: %.c | $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	@echo "  CC      $< (pic)"
	$(Q)$(CC) $(ALL_CFLAGS) -fPIC $(DEP_CFLAGS) -c -o $@ $<

run: all
	./referee

test: all $(BUILD)/unit-tests $(BUILD)/bench fuzz-build
	$(Q)sh tests/run-all.sh $(BUILD)

# Fuzz targets (tests/fuzz/): libFuzzer under AddressSanitizer and
# UndefinedBehaviorSanitizer, built with clang in a tree of their own.
# `make fuzz` runs each for FUZZ_SECONDS; `make test` runs each briefly.
FUZZ_TARGETS := save lines repl args
FUZZ_SECONDS ?= 300
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer
REPL_LIB_OBJ = $(filter-out $(BUILD)/repl/main.o,$(REPL_OBJ))
fuzz-build: deps
	$(Q)$(MAKE) --no-print-directory BUILD=build/fuzz CC=clang CFLAGS="-O1 -g" LTO= \
		SANITIZE="$(FUZZ_SANITIZE) -fsanitize=fuzzer-no-link" $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)

$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/common.h $(CORE_OBJ) $(REPL_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)$(CC) $(BASE_CFLAGS) $(DEP_CFLAGS) $(CFLAGS) $(FUZZ_SANITIZE) -fsanitize=fuzzer -DREFEREE_SYSTEM_MALLOC \
		-o $@ $< $(CORE_OBJ) $(REPL_LIB_OBJ) $(DEP_LIBS)

fuzz: all fuzz-build
	$(Q)sh tools/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Each guard broken on purpose in a copy of the tree: a test must fail.
mutants: all $(BUILD)/unit-tests $(BUILD)/bench
	$(Q)bash tools/mutants.sh $(MUTANTS)

# The C tests and the REPL transcripts, built with AddressSanitizer and
# UndefinedBehaviorSanitizer in a build tree of their own.
asan: all $(BUILD)/bench
	$(Q)$(MAKE) --no-print-directory BUILD=build/asan CFLAGS="-O1 -g" LTO= SANITIZE="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" build/asan/unit-tests build/asan/referee.so asan-referee
	$(Q)ASAN_OPTIONS=detect_leaks=1 sh tests/run-all.sh build/asan asan

asan-referee: $(CORE_OBJ) $(REPL_OBJ)
	@echo "  LD      $(BUILD)/referee"
	$(Q)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $(BUILD)/referee $^ $(DEP_LIBS)

bench: all $(BUILD)/bench $(BUILD)/lean-loop
	$(Q)sh tools/bench.sh

# Every bundled bot against every other, per game: bench/results.md's league.
league: all
	$(Q)sh tools/league.sh $(LEAGUE_GAMES)

$(BUILD)/bench: $(BUILD)/tools/bench.o $(CORE_OBJ)
	@echo "  LD      $@"
	$(Q)$(CC) $(ALL_CFLAGS) $(LTO) -o $@ $^ $(DEP_LIBS)

# Rules played by the leanest loop that keeps the contract
# (tools/lean_*.c): none of the referee's code but the Lua states'
# allocator, for bench's comparison.
$(BUILD)/lean-loop: $(BUILD)/tools/lean_main.o $(BUILD)/tools/lean_loop.o $(BUILD)/tools/lean_base.o $(BUILD)/tools/lean_table.o $(BUILD)/tools/lean_seats.o $(BUILD)/tools/lean_tournament.o $(BUILD)/core/lua/lua_alloc.o
	@echo "  LD      $@"
	$(Q)$(CC) $(ALL_CFLAGS) $(LTO) -o $@ $^ $(DEP_LIBS)

# The Lua module goes where Debian's lua5.4 looks for C modules under PREFIX
# (/usr/local/lib/lua/5.4 for the default PREFIX), the man page and the bash
# completion where man and bash-completion look.
LUA_CMOD_DIR ?= $(PREFIX)/lib/lua/5.4
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/referee/rules/lib $(DESTDIR)$(PREFIX)/share/referee/bots
	install -m 755 referee $(DESTDIR)$(PREFIX)/bin/referee
	cp -R rules/. $(DESTDIR)$(PREFIX)/share/referee/rules/
	cp -R bots/. $(DESTDIR)$(PREFIX)/share/referee/bots/
	install -d $(DESTDIR)$(LUA_CMOD_DIR) $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 644 $(BUILD)/referee.so $(DESTDIR)$(LUA_CMOD_DIR)/referee.so
	install -m 644 doc/referee.1 $(DESTDIR)$(PREFIX)/share/man/man1/referee.1
	install -m 644 completions/referee.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/referee

clean:
	rm -rf $(BUILD) referee

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
