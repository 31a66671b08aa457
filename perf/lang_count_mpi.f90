! perf/lang_count_mpi.f90 - perf/lang_count_c.c's loops through `use mpi`
! (perf/lang_count.sh counts their instructions).
program lang_count_mpi
  use mpi
  implicit none
  integer :: req
  include 'lang_count_loops.inc'
end program
