#!/bin/sh
# The engine's byte reversal in each way the processor has (one element at
# a time, SSSE3, AVX2), against a byte-by-byte reference: every element
# size, counts around the vector widths, every misalignment, in place and
# copied (t_swapkernels.c).
. "$top_srcdir/test/common.sh"
d=$(newdir)
"$B/test/t_swapkernels" > "$d/out" 2>&1; rc=$?
cat "$d/out"
report $rc "bytes reversed alike in every way the processor has, the widest taken"
finish
