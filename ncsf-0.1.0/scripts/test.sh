#!/usr/bin/env bash
# Set up (idempotent) and run the whole test suite; the last line is
# "N passed, N failed". Exit status 0 only if every test passed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
bash "$top/scripts/setup.sh" || exit 1
cd "$top"
make check 2>&1 | grep -v '^make\[' 
rc=${PIPESTATUS[0]}
# make check prints the line itself when everything passed; print it on failure too
if [ "$rc" -ne 0 ]; then
  cat test/*.log 2>/dev/null | grep -E '^(FAIL|ERROR|TIMEOUT)|\[rank' | head -n 40
  sh test/summary.sh test-suite.log
fi
exit "$rc"
