#!/usr/bin/env bash
# ncsf's tests against the other PnetCDF and MPI configurations sites have
# (the main build, scripts/setup.sh's, is PnetCDF 1.12.3 with MPICH):
#
#   bash scripts/matrix.sh [NAME...]      every configuration, or those named
#
# Each configuration is prepared (its PnetCDF built once, into .deps), then
# ncsf is configured and built in a build directory outside the checkout
# (NCSF_MATRIX_DIR, default /tmp/ncsf-matrix/NAME; the checkout stays
# clean) from a copy of the checkout's files, and make check runs its tier
# there. Prints "NAME: N passed, N failed" for each and exits 1 if any
# configuration failed. A configuration whose preparation says it cannot be
# made here (exit 77: its sources are absent) is SKIP, with the reason.
#
# NCSF_MATRIX_TESTS="test/t_a.sh test/t_b.sh": only these tests of each
# configuration's tier (scripts/test.sh --full, CI, runs the collective
# writes PnetCDF 1.14.1 and 1.15.0 hung on: doc/testing.md says which).
# NCSF_MATRIX_STAGE=build: prepare, configure and build each configuration
# (ncsf and its test programs, NCSF_BUILD_JOBS compilers at a time) and run
# nothing; =check: run the tests of a configuration already built there
# (built first if it is not); default both. CI builds behind other steps.
#
# The configurations, one line each (add one by adding a line):
#   NAME | PREPARE (run in the checkout) | CONFIGURE ARGUMENTS | MAKE CHECK VARIABLES
# $deps is the checkout's .deps. The arguments and variables are words as
# the shell reads them (quotes allowed).
matrix_table='
pnetcdf-1.15.0 | bash scripts/pnetcdf-version.sh 1.15.0 | --with-pnetcdf=$deps/pnetcdf-1.15.0 | NCSF_TIER=quick
pnetcdf-1.14.1 | bash scripts/pnetcdf-version.sh 1.14.1 | --with-pnetcdf=$deps/pnetcdf-1.14.1 | NCSF_TIER=quick
'
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
deps="$top/.deps"
jobs=${NCSF_BUILD_JOBS:-$(nproc 2>/dev/null || echo 2)}
stage=${NCSF_MATRIX_STAGE:-all}
case $stage in build|check|all) ;; *) echo "matrix.sh: NCSF_MATRIX_STAGE is build, check or all, not $stage" >&2; exit 2 ;; esac
base=${NCSF_MATRIX_DIR:-/tmp/ncsf-matrix}
trim() { printf '%s' "$1" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//'; }
say() { printf '[matrix] %s\n' "$*" >&2; }
case ${1:-} in
  -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac

# The checkout's files (committed or not, untracked ones too, never its
# build outputs), autoreconf'd once: a VPATH build cannot use a source
# tree that is configured in place, as the main build's is.
src="$base/src"
prepare_source() {
  rm -rf "$src" && mkdir -p "$src" || return 1
  (cd "$top" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) |
    tar -xf - -C "$src" || return 1
  (cd "$src" && autoreconf -fi > "$base/autoreconf.log" 2>&1) ||
    { say "autoreconf of the copy failed, see $base/autoreconf.log"; return 1; }
}

summary=()
bad=0
run_one() { # NAME PREPARE CONFARGS VARS
  local name=$1 prep=$2 confargs=$3 vars=$4 dir="$base/$1" start rc
  start=$(date +%s)
  if [ "$stage" = check ] && [ -f "$dir/.built" ] && [ "$(cat "$dir/.built")" = "$src_id" ]; then
    say "$name: built already in $dir"
  else
    build_one "$@" || return
    [ "$stage" = build ] && { summary+=("$name: built in $dir, $(( $(date +%s) - start )) s"); return; }
  fi
  [ -n "${NCSF_MATRIX_TESTS:-}" ] && vars="$vars TESTS='$NCSF_MATRIX_TESTS'"
  say "$name: make check $vars"
  (cd "$dir" && eval "make -j${NCSF_TEST_JOBS:-2} check $vars" > check.out 2>&1)
  rc=$?
  grep -E '^(FAIL|ERROR|TIMEOUT)' "$dir"/test/*.log 2>/dev/null | head -n 30 >&2
  local line
  line=$(sh "$src/test/summary.sh" "$dir/test-suite.log" 2>/dev/null | tail -n 1)
  [ -n "$line" ] || line="no test summary (see $dir/check.out)"
  [ $rc -eq 0 ] || bad=1
  summary+=("$name: $line$([ $rc -eq 0 ] || echo ' (FAILED)'), $(( $(date +%s) - start )) s")
}

build_one() { # NAME PREPARE CONFARGS VARS: 0 when built, else the summary says why
  local name=$1 prep=$2 confargs=$3 dir="$base/$1" rc
  say "$name: $prep"
  (cd "$top" && eval "$prep")
  rc=$?
  if [ $rc -eq 77 ]; then
    summary+=("$name: SKIP (cannot be prepared here: see above)")
    return 1
  elif [ $rc -ne 0 ]; then
    summary+=("$name: FAILED to prepare ($prep)")
    bad=1
    return 1
  fi
  rm -rf "$dir" && mkdir -p "$dir" || { summary+=("$name: FAILED (cannot make $dir)"); bad=1; return 1; }
  say "$name: configure $confargs (in $dir)"
  if ! (cd "$dir" && eval "\"$src/configure\" $confargs" > configure.out 2>&1); then
    tail -n 20 "$dir/configure.out" >&2
    summary+=("$name: FAILED to configure (see $dir/configure.out)")
    bad=1
    return 1
  fi
  grep -E 'PnetCDF:|WARNING' "$dir/configure.out" | sed "s/^/[matrix] $name: /" >&2
  say "$name: make -j$jobs"
  if ! (cd "$dir" && make -j"$jobs" > make.out 2>&1 && make -j"$jobs" check TESTS= >> make.out 2>&1); then
    tail -n 30 "$dir/make.out" >&2
    summary+=("$name: FAILED to build (see $dir/make.out)")
    bad=1
    return 1
  fi
  echo "$src_id" > "$dir/.built"
}

mkdir -p "$base" || exit 1
# the copy of the checkout is made once per build stage: a check stage
# reuses it (and the builds made from it) while the checkout's HEAD and
# its changes to tracked files are the same (files the tests leave
# meanwhile do not count)
src_id=$(cd "$top" && { git rev-parse HEAD; git diff HEAD; } 2>/dev/null | md5sum | cut -c1-32)
if [ "$stage" != check ] || [ "$(cat "$base/.source" 2>/dev/null)" != "$src_id" ]; then
  prepare_source || exit 1
  echo "$src_id" > "$base/.source"
fi
while IFS='|' read -r name prep confargs vars; do
  name=$(trim "$name")
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    want=0
    for n in "$@"; do [ "$n" = "$name" ] && want=1; done
    [ $want = 1 ] || continue
  fi
  # stdin from /dev/null: mpiexec in the tests would read the rest of the
  # table and end the loop after the first configuration
  run_one "$name" "$(trim "$prep")" "$(trim "$confargs")" "$(trim "$vars")" < /dev/null
done <<< "$matrix_table"
for s in "${summary[@]}"; do echo "$s"; done
exit $bad
