# Sourced (POSIX sh): which MPI launcher runs the programs, and how to hand
# every rank an environment variable, in one place. test/common.sh (run_np),
# scripts/pnetcdf-suite.sh, benchmarks/scaling/run.sh and the Spack
# recipe's `make check` use it.
#
#   ncsf_launcher_kind [TEXT]   mpich | openmpi | slurm | unknown: from TEXT,
#                               else from "$MPIEXEC --version" (MPICH and
#                               Intel MPI's hydra, Open MPI's mpiexec/mpirun,
#                               Slurm's srun)
#   ncsf_launch NP [NAME=VALUE...] -- PROG [ARG...]
#                               run PROG on NP ranks with NAME=VALUE in every
#                               rank's environment: MPICH -genv NAME VALUE,
#                               Open MPI -x NAME=VALUE (and --oversubscribe,
#                               --allow-run-as-root as root), srun inherits
#                               the environment (env NAME=VALUE srun ...);
#                               the command is prefixed by $NCSF_LAUNCH_WRAP
#                               (split into words: "timeout -k 10 600")
#
# MPIEXEC (default mpiexec) names the launcher; NCSF_LAUNCHER (mpich,
# openmpi, slurm) overrides the detection.
: "${MPIEXEC:=mpiexec}"

ncsf_launcher_kind() {
  if [ $# -gt 0 ]; then _lv=$1
  else _lv=$("$MPIEXEC" --version 2>&1 | head -n 20); fi
  case $_lv in
    *"Open MPI"*|*OpenRTE*|*open-mpi.org*) echo openmpi ;;
    *HYDRA*|*MPICH*|*"Intel(R) MPI"*) echo mpich ;;
    slurm*|*"slurm "[0-9]*) echo slurm ;;
    *) echo unknown ;;
  esac
}

ncsf_launch() {
  [ -n "${NCSF_LAUNCHER:-}" ] || NCSF_LAUNCHER=$(ncsf_launcher_kind)
  _lnp=$1; shift
  _lenv=0 _lnargs=0 _lseen=0
  for _la in "$@"; do
    if [ $_lseen = 0 ]; then
      if [ "$_la" = -- ]; then _lseen=1; else _lenv=$((_lenv + 1)); fi
    else _lnargs=$((_lnargs + 1)); fi
  done
  [ $_lseen = 1 ] || { echo "ncsf_launch: usage: ncsf_launch NP [NAME=VALUE...] -- PROG [ARG...]" >&2; return 2; }
  if [ "$NCSF_LAUNCHER" = slurm ]; then
    # env NAME=VALUE... srun -n NP PROG...: the "--" becomes the launcher
    _li=0 _lall=$#
    while [ $_li -lt $_lall ]; do
      _la=$1; shift
      if [ $_li = $_lenv ]; then set -- "$@" "$MPIEXEC" -n "$_lnp"; else set -- "$@" "$_la"; fi
      _li=$((_li + 1))
    done
    ${NCSF_LAUNCH_WRAP:-} env "$@"
    return
  fi
  # the environment pairs become the launcher's options, moved behind the
  # program's words; then the program's words are rotated to the end
  _li=0
  while [ $_li -lt $_lenv ]; do
    _la=$1; shift
    case $NCSF_LAUNCHER in
      openmpi) set -- "$@" -x "$_la" ;;
      *) set -- "$@" -genv "${_la%%=*}" "${_la#*=}" ;;
    esac
    _li=$((_li + 1))
  done
  shift # --
  _li=0
  while [ $_li -lt $_lnargs ]; do _la=$1; shift; set -- "$@" "$_la"; _li=$((_li + 1)); done
  if [ "$NCSF_LAUNCHER" = openmpi ]; then
    _lroot=
    [ "$(id -u)" = 0 ] && _lroot=--allow-run-as-root
    ${NCSF_LAUNCH_WRAP:-} "$MPIEXEC" --oversubscribe $_lroot -n "$_lnp" "$@"
  else
    ${NCSF_LAUNCH_WRAP:-} "$MPIEXEC" -n "$_lnp" "$@"
  fi
}
