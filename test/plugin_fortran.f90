! plugin_fortran: a Fortran program linked with netCDF-C's Fortran library
! (libnetcdff) and nothing of ncsf. For every numeric variable of the file
! given, it reads the whole variable and then every other element along
! its slowest dimension (nf_get_vars_double), and prints for each the
! count, the sum and a position-weighted sum; t_plugin.sh compares this
! output for a subfiled dataset read through LD_PRELOAD=libncsf-netcdf.so
! with the output for ncsf-merge's copy.
program plugin_fortran
  implicit none
  include 'netcdf.inc'
  character(len=4096) :: path
  character(len=NF_MAX_NAME) :: name
  integer :: ncid, nvars, v, ndims, xtype, natts, d, err, n
  integer :: dimids(NF_MAX_VAR_DIMS), starts(NF_MAX_VAR_DIMS), counts(NF_MAX_VAR_DIMS), strides(NF_MAX_VAR_DIMS)
  integer :: lens(NF_MAX_VAR_DIMS)
  double precision, allocatable :: vals(:)
  call get_command_argument(1, path)
  err = nf_open(trim(path), NF_NOWRITE, ncid)
  call check(err, 'nf_open')
  call check(nf_inq_nvars(ncid, nvars), 'nf_inq_nvars')
  do v = 1, nvars
    call check(nf_inq_var(ncid, v, name, xtype, ndims, dimids, natts), 'nf_inq_var')
    if (xtype == NF_CHAR) cycle
    n = 1
    do d = 1, ndims
      call check(nf_inq_dimlen(ncid, dimids(d), lens(d)), 'nf_inq_dimlen')
      n = n * lens(d)
      starts(d) = 1
      counts(d) = lens(d)
      strides(d) = 1
    end do
    allocate(vals(max(n, 1)))
    if (ndims == 0) then
      call check(nf_get_var_double(ncid, v, vals), 'nf_get_var_double')
    else
      call check(nf_get_vara_double(ncid, v, starts, counts, vals), 'nf_get_vara_double')
    end if
    call show(trim(name) // ' whole', vals, n)
    if (ndims > 0) then
      ! Fortran's last dimension is netCDF's first (slowest)
      if (lens(ndims) > 0) then
        strides(ndims) = 2
        counts(ndims) = (lens(ndims) + 1) / 2
        n = n / lens(ndims) * counts(ndims)
        call check(nf_get_vars_double(ncid, v, starts, counts, strides, vals), 'nf_get_vars_double')
        call show(trim(name) // ' every other', vals, n)
      end if
    end if
    deallocate(vals)
  end do
  call check(nf_close(ncid), 'nf_close')
contains
  subroutine check(e, what)
    integer, intent(in) :: e
    character(len=*), intent(in) :: what
    if (e /= NF_NOERR) then
      print *, what, ': ', trim(nf_strerror(e))
      stop 1
    end if
  end subroutine check
  subroutine show(label, x, m)
    character(len=*), intent(in) :: label
    double precision, intent(in) :: x(:)
    integer, intent(in) :: m
    integer :: i
    double precision :: s, w
    s = 0
    w = 0
    do i = 1, m
      s = s + x(i)
      w = w + x(i) * mod(i, 97)
    end do
    write (*, '(a, 1x, i0, 2(1x, es24.16))') label, m, s, w
  end subroutine show
end program plugin_fortran
