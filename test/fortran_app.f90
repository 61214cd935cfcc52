! fortran_app: an ordinary Fortran 90 PnetCDF program that knows nothing of
! ncsf (module pnetcdf, linked with -lpnetcdf only). test/t_fortran.sh runs
! it under LD_PRELOAD=libncsf-preload.so with NCSF_HINTS and checks that its
! large variables were subfiled; the program checks every value it reads.
!
!   fortran_app FILE
!
! temp(x,y,z) double (netCDF's z,y,x), written with nf90mpi_put_var_all by
! slabs of z; pres(x,y,z) real, with nf90mpi_iput_var + nf90mpi_wait_all;
! nlev, a small integer vector written by process 0. Read back by slabs of x.
! Values follow test/values.h (seed 1 for temp, 2 for pres, 3 for nlev), so
! test/nc_verify checks the files as well.
program fortran_app
    use mpi
    use pnetcdf
    implicit none
    integer, parameter :: NZ = 12, NY = 5, NX = 8
    integer(kind=MPI_OFFSET_KIND), parameter :: one = 1
    integer :: err, ierr, rank, nprocs, ncid, dx, dy, dz, vt, vp, vl, req(1), st(1)
    integer :: nd, dimids(3), nfail, allfail, x, y, z, seeds(3)
    integer(kind=MPI_OFFSET_KIND) :: s(3), c(3), zs, zc, xs, xc, len
    double precision, allocatable :: t(:,:,:)
    real, allocatable :: p(:,:,:)
    integer :: lev(NZ)
    character(len=512) :: path

    call MPI_Init(ierr)
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
    nfail = 0
    seeds = (/1, 2, 3/)
    call get_command_argument(1, path)

    ! ---- write: slabs of z
    call check(nf90mpi_create(MPI_COMM_WORLD, trim(path), IOR(NF90_CLOBBER, NF90_64BIT_DATA), &
                              MPI_INFO_NULL, ncid), "create")
    call check(nf90mpi_def_dim(ncid, "z", int(NZ, MPI_OFFSET_KIND), dz), "def_dim z")
    call check(nf90mpi_def_dim(ncid, "y", int(NY, MPI_OFFSET_KIND), dy), "def_dim y")
    call check(nf90mpi_def_dim(ncid, "x", int(NX, MPI_OFFSET_KIND), dx), "def_dim x")
    call check(nf90mpi_def_var(ncid, "temp", NF90_DOUBLE, (/dx, dy, dz/), vt), "def_var temp")
    call check(nf90mpi_def_var(ncid, "pres", NF90_FLOAT, (/dx, dy, dz/), vp), "def_var pres")
    call check(nf90mpi_def_var(ncid, "nlev", NF90_INT, (/dz/), vl), "def_var nlev")
    call check(nf90mpi_put_att(ncid, vt, "test_seed", seeds(1)), "put_att")
    call check(nf90mpi_put_att(ncid, vp, "test_seed", seeds(2)), "put_att")
    call check(nf90mpi_put_att(ncid, vl, "test_seed", seeds(3)), "put_att")
    call check(nf90mpi_enddef(ncid), "enddef")

    zs = (NZ * rank) / nprocs
    zc = (NZ * (rank + 1)) / nprocs - zs
    allocate(t(NX, NY, max(zc, one)), p(NX, NY, max(zc, one)))
    do z = 1, int(zc)
        do y = 1, NY
            do x = 1, NX
                t(x, y, z) = val_double(lin(x - 1, y - 1, int(zs) + z - 1), 1)
                p(x, y, z) = real(val_float(lin(x - 1, y - 1, int(zs) + z - 1), 2))
            end do
        end do
    end do
    s = (/one, one, zs + 1/)
    c = (/int(NX, MPI_OFFSET_KIND), int(NY, MPI_OFFSET_KIND), zc/)
    call check(nf90mpi_put_var_all(ncid, vt, t, s, c), "put_var_all temp")
    call check(nf90mpi_iput_var(ncid, vp, p, req(1), s, c), "iput_var pres")
    call check(nf90mpi_wait_all(ncid, 1, req, st), "wait_all")
    call check(st(1), "wait_all status")
    call check(nf90mpi_begin_indep_data(ncid), "begin_indep_data")
    if (rank == 0) then
        do z = 1, NZ
            lev(z) = int(val_int(z - 1, 3))
        end do
        call check(nf90mpi_put_var(ncid, vl, lev), "put_var nlev")
    end if
    call check(nf90mpi_end_indep_data(ncid), "end_indep_data")
    call check(nf90mpi_close(ncid), "close")
    deallocate(t, p)

    ! ---- read: slabs of x, the shape as a program inquires it
    call check(nf90mpi_open(MPI_COMM_WORLD, trim(path), NF90_NOWRITE, MPI_INFO_NULL, ncid), "open")
    call check(nf90mpi_inq_varid(ncid, "temp", vt), "inq_varid temp")
    call check(nf90mpi_inq_varid(ncid, "pres", vp), "inq_varid pres")
    call check(nf90mpi_inq_varid(ncid, "nlev", vl), "inq_varid nlev")
    call check(nf90mpi_inquire_variable(ncid, vt, ndims=nd, dimids=dimids), "inquire_variable")
    if (nd /= 3) call fail_msg("temp does not have 3 dimensions")
    call check(nf90mpi_inquire_dimension(ncid, dimids(3), len=len), "inquire_dimension")
    if (len /= NZ) call fail_msg("temp's slowest dimension is not NZ long")
    xs = (NX * rank) / nprocs
    xc = (NX * (rank + 1)) / nprocs - xs
    allocate(t(max(xc, one), NY, NZ), p(max(xc, one), NY, NZ))
    s = (/xs + 1, one, one/)
    c = (/xc, int(NY, MPI_OFFSET_KIND), int(NZ, MPI_OFFSET_KIND)/)
    call check(nf90mpi_get_var_all(ncid, vt, t, s, c), "get_var_all temp")
    call check(nf90mpi_get_var_all(ncid, vp, p, s, c), "get_var_all pres")
    call check(nf90mpi_get_var_all(ncid, vl, lev), "get_var_all nlev")
    do z = 1, NZ
        do y = 1, NY
            do x = 1, int(xc)
                if (t(x, y, z) /= val_double(lin(int(xs) + x - 1, y - 1, z - 1), 1)) nfail = nfail + 1
                if (p(x, y, z) /= real(val_float(lin(int(xs) + x - 1, y - 1, z - 1), 2))) nfail = nfail + 1
            end do
        end do
        if (lev(z) /= int(val_int(z - 1, 3))) nfail = nfail + 1
    end do
    call check(nf90mpi_close(ncid), "close")

    call MPI_Allreduce(nfail, allfail, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (rank == 0) then
        if (allfail == 0) then
            print '(a,i0,a)', 'fortran_app on ', nprocs, ' processes: ok (0 failed checks)'
        else
            print '(a,i0,a,i0,a)', 'fortran_app on ', nprocs, ' processes: FAILED (', allfail, ' failed checks)'
        end if
    end if
    call MPI_Finalize(ierr)
    if (allfail /= 0) stop 1

contains

    ! linear index in netCDF's (z,y,x) order, 0-based
    integer(kind=8) function lin(x0, y0, z0)
        integer, intent(in) :: x0, y0, z0
        lin = (int(z0, 8) * NY + y0) * NX + x0
    end function

    ! test/values.h: b = lin*7 + seed*13
    double precision function val_double(l, seed)
        integer(kind=8), intent(in) :: l
        integer, intent(in) :: seed
        val_double = dble(l * 7 + seed * 13) * 0.25d0 - 1.0d6
    end function

    double precision function val_float(l, seed)
        integer(kind=8), intent(in) :: l
        integer, intent(in) :: seed
        val_float = dble(mod(l * 7 + seed * 13, 1000003_8)) * 0.5d0
    end function

    integer(kind=8) function val_int(l, seed)
        integer, intent(in) :: l, seed
        val_int = mod(int(l, 8) * 7 + seed * 13, 2000000011_8) - 1000000000_8
    end function

    subroutine check(e, what)
        integer, intent(in) :: e
        character(len=*), intent(in) :: what
        if (e /= NF90_NOERR) then
            print '(a,i0,a,a,a,a)', '[rank ', rank, '] ', what, ': ', trim(nf90mpi_strerror(e))
            nfail = nfail + 1
        end if
    end subroutine

    subroutine fail_msg(what)
        character(len=*), intent(in) :: what
        print '(a,i0,a,a)', '[rank ', rank, '] ', what
        nfail = nfail + 1
    end subroutine
end program
