! perf/lang_count_f08.f90 - perf/lang_count_c.c's loops through
! `use mpi_f08` (perf/lang_count.sh counts their instructions).
program lang_count_f08
  use mpi_f08
  implicit none
  type(MPI_Request) :: req
  include 'lang_count_loops.inc'
end program
