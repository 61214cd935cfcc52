#!/usr/bin/env python3
# MPI results a program ignores: every call of an MPI function (MPI_Xxx(...)
# or (MPI_Xxx)(...)) whose return code is not used (a statement of its own,
# alone after if/for/while/else, or cast to void), in the C files of the
# folders given. Prints each one as FILE:LINE and the totals; exit status 1
# if any is ignored.
#
#   python3 scripts/mpi_unchecked.py src/subfile src/netcdf src/preload src/fault
#
# Functions that return no error code (MPI_Wtime, MPI_Aint_add, handle
# conversions) are not counted. A heuristic over the text (comments and
# strings removed), not a compiler: it reads one line at a time.
import re,sys,glob
NOERR={'MPI_Wtime','MPI_Wtick','MPI_Aint_add','MPI_Aint_diff','MPI_Comm_c2f','MPI_Comm_f2c','MPI_Info_c2f','MPI_Info_f2c','MPI_Type_c2f','MPI_Type_f2c','MPI_File_c2f','MPI_File_f2c'}
tot=ign=0
TYPES={'MPI_Aint','MPI_Offset','MPI_Datatype','MPI_Comm','MPI_Count','MPI_Request','MPI_Status','MPI_File','MPI_Info','MPI_Group','MPI_Op','MPI_Fint','MPI_Errhandler'}
for d in sys.argv[1:]:
    for f in sorted(glob.glob(d+'/*.c')):
        src=re.sub(r'/\*.*?\*/',lambda m:'\n'*m.group(0).count('\n'),open(f).read(),flags=re.S)
        src=re.sub(r'"(\\.|[^"\\])*"','""',src)
        lines=src.split('\n')
        for ln,line in enumerate(lines,1):
            prev=next((l.strip() for l in reversed(lines[:ln-1]) if l.strip()),'')
            for m in re.finditer(r'(\(MPI_[A-Z][a-z]\w*\)|\bMPI_[A-Z][a-z]\w*)\s*\(',line):
                name=m.group(1).strip('()')
                if name in TYPES: continue
                if name in NOERR or name.startswith('MPI_T_') : continue
                # skip declarations/definitions (wrapper definitions in preload/fault)
                pre=line[:m.start()].strip()
                if re.match(r'^(int|static|extern|typedef)\b',pre) or pre.endswith('(*') : continue
                tot+=1
                bad = pre=='' or pre in ('else','(void)') or re.match(r'^(}\s*)?(else\s+)?(if|for|while)\s*\(.*\)$',pre) or pre.endswith(';') or pre.endswith('{') or pre.endswith('(void)')
                if bad and pre=='' and re.search(r'(\|\||&&|,|\(|=|\?|:)$',prev): bad=False
                if bad:
                    ign+=1
                    print(f"{f}:{ln}: {line.strip()[:110]}")
print(f"{tot} MPI calls, {ign} results ignored")
sys.exit(1 if ign else 0)
