#!/bin/sh
# src/ncmpi's layers call downward only (doc/architecture.md): api, dataset,
# io, subfiles, meta, base. Three checks:
#  1. includes: a file of src/ncmpi/X/ includes X's header (ncsfi_X.h) and
#     no other layer's, nor the umbrella ncsf_internal.h;
#  2. symbols: every ncsfi_* name an object of layer X uses is defined in X
#     or a layer below it (nm on the built objects);
#  3. the compiler: a file that sees base's header only and calls a name of
#     api does not compile (-Werror=implicit-function-declaration, as the
#     library is built), while the same call with api's header does.
. "$top_srcdir/test/common.sh"
layers="base meta subfiles io dataset api"
S=$top_srcdir/src/ncmpi
d=$(newdir)

# 1. includes
bad=0
for l in $layers; do
  for f in "$S/$l"/*.c "$S/$l"/*.m4; do
    [ -f "$f" ] || continue
    head -n 1 "$f" | grep -q '^/\* Generated' && continue
    for h in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
      case $h in
        ncsfi_$l.h) ;;
        ncsf_internal.h|ncsfi_*.h|*/ncsfi_*.h) echo "  $l/${f##*/} includes $h"; bad=1 ;;
      esac
    done
  done
done
report $bad "no file of src/ncmpi/X/ includes another layer's header, nor the umbrella ncsf_internal.h"

# 2. symbols: which layer defines each ncsfi_ name, then who uses what
# (one nm per layer: an object whose source is gone, moved to another
# layer, is stale and left out; libtool's .libs/ copy when it is the only one)
: > "$d/defs"
: > "$d/uses"
objs=0
for l in $layers; do
  set --
  for o in "$B/src/ncmpi/$l"/libncsf_core_la-*.o "$B/src/ncmpi/$l"/.libs/libncsf_core_la-*.o; do
    [ -f "$o" ] || continue
    _src=${o##*/libncsf_core_la-}; _src=${_src%.o}
    [ -f "$S/$l/$_src.c" ] || [ -f "$B/src/ncmpi/$l/$_src.c" ] || continue
    case $o in */.libs/*) [ -f "$B/src/ncmpi/$l/libncsf_core_la-$_src.o" ] && continue ;; esac
    set -- "$@" "$o"
  done
  [ $# -gt 0 ] || continue
  objs=$((objs + $#))
  nm -A "$@" | awk -v l="$l" '$2 ~ /^[TDBRC]$/ && $3 ~ /^ncsfi_/ { print $3, l }' >> "$d/defs"
  nm -A -u "$@" | awk -v l="$l" '$NF ~ /^ncsfi_/ { o = $1; sub(/:$/, "", o); sub(/.*libncsf_core_la-/, "", o); print $NF, l, o }' >> "$d/uses"
done
if [ "$objs" -eq 0 ]; then
  echo "SKIP: no objects of src/ncmpi built in $B (build the library first)"
else
  awk -v layers="$layers" '
    BEGIN { n = split(layers, L, " "); for (i = 1; i <= n; i++) lv[L[i]] = i }
    NR == FNR { if (!($1 in def)) def[$1] = $2; next }
    ($1 in def) && lv[def[$1]] > lv[$2] { printf "  %s/%s uses %s of %s/ (a layer above)\n", $2, $3, $1, def[$1]; bad = 1 }
    END { exit bad }' "$d/defs" "$d/uses"
  bad=$?
  report $bad "no object of src/ncmpi uses a name of a layer above its own ($(wc -l < "$d/defs") names)"
fi

# 3. the compiler refuses an upward call (the sub-make without the
# enclosing make's flags: under make -j it would print its directory)
cc_flags=$(printf 'p:\n\t@echo $(CC) $(DEFS) $(DEFAULT_INCLUDES) $(AM_CPPFLAGS) $(CPPFLAGS) $(libncsf_core_la_CFLAGS) $(CFLAGS)\n' |
           env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -C "$B" -f Makefile -f - p 2>/dev/null)
if [ -z "$cc_flags" ]; then
  echo "SKIP: the library's compile flags could not be had from $B/Makefile"
else
  printf '#include "ncsfi_base.h"\nint probe(int ncid) { return ncsfi_route(ncid, 0); }\n' > "$d/up.c"
  printf '#include "ncsfi_api.h"\nint probe(int ncid) { return ncsfi_route(ncid, 0); }\n' > "$d/down.c"
  # (run from the build directory: the flags name its include directories)
  (cd "$B" && $cc_flags -I"$S/base" -c "$d/up.c" -o "$d/up.o") > "$d/up.err" 2>&1; up=$?
  (cd "$B" && $cc_flags -I"$S/api" -c "$d/down.c" -o "$d/down.o") > "$d/down.err" 2>&1; down=$?
  [ $down -eq 0 ] || cat "$d/down.err"
  [ $up -ne 0 ] && grep -q "implicit declaration of function .ncsfi_route" "$d/up.err"; rc=$?
  [ $rc -eq 0 ] || cat "$d/up.err"
  report $(( down != 0 || rc != 0 )) "a call from base/ to api/'s ncsfi_route does not compile; from api/ it does"
fi
finish
