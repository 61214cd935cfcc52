#!/bin/sh
# No reduction in the library or the tools on MPI_OFFSET: Open MPI 4.1.4
# orders MPI_OFFSET as unsigned in MPI_MIN and MPI_MAX (a negative error
# code loses to NC_NOERR, a negative count wins), so ncsf reduces 64-bit
# offsets, counts and codes as MPI_INT64_T. Every MPI_Allreduce,
# MPI_Iallreduce, MPI_Reduce, MPI_Ireduce, MPI_Reduce_scatter*, MPI_Scan
# and MPI_Exscan call of src/ and tools/ (comments left out by the
# compiler's preprocessor, macros not expanded; a call spread over lines
# read as one) is checked; its datatype argument must not be MPI_OFFSET.
. "$top_srcdir/test/common.sh"
d=$(newdir)
found=$(find "$top_srcdir/src" "$top_srcdir/tools" -name '*.c' -o -name '*.h' -o -name '*.m4' | sort |
  while read -r f; do
    ${CC:-cc} -fpreprocessed -dD -E -P -x c "$f" 2> /dev/null |
    awk -v f="${f#"$top_srcdir/"}" '
      { line = line $0 " " }
      /;|\{/ { if (line ~ /MPI_(I?[Aa]llreduce|I?[Rr]educe(_scatter(_block)?)?|[Ee]x?[Ss]can)[) ]*\(/ && line ~ /MPI_OFFSET/)
                 print f ": " line
               line = "" }'
  done)
[ -z "$found" ] || echo "$found" | sed 's/  */ /g' >&2
[ -z "$found" ]
report $? "t_mpitypes: no reduction on MPI_OFFSET in src/ and tools/ (Open MPI 4.1.4 orders it as unsigned)"
# the check finds one: a reduction on MPI_OFFSET written as the library writes them
printf 'static int f(MPI_Offset *w, MPI_Comm c)\n{\n    return (MPI_Allreduce)(MPI_IN_PLACE, w, 2,\n        MPI_OFFSET, MPI_MIN, c);\n}\n' > "$d/bad.c"
awk '{ line = line $0 " " } /;|\{/ { if (line ~ /MPI_(I?[Aa]llreduce|I?[Rr]educe(_scatter(_block)?)?|[Ee]x?[Ss]can)[) ]*\(/ && line ~ /MPI_OFFSET/) n++; line = "" } END { exit n != 1 }' "$d/bad.c"
report $? "t_mpitypes: the check finds a reduction on MPI_OFFSET spread over two lines"
finish
