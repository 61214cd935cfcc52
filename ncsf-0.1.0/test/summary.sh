#!/bin/sh
# Print the plain closing line "N passed, N failed" from automake's logs.
log=${1:-test-suite.log}
dir=$(dirname "$log")
pass=0 fail=0 skip=0
for trs in $(find "$dir/test" -name '*.trs' 2>/dev/null); do
  p=$(grep -c '^:test-result: PASS' "$trs"); f=$(grep -c '^:test-result: \(FAIL\|ERROR\|XPASS\)' "$trs")
  s=$(grep -c '^:test-result: SKIP' "$trs")
  pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s))
done
if [ $skip -gt 0 ]; then echo "$pass passed, $fail failed, $skip skipped"; else echo "$pass passed, $fail failed"; fi
