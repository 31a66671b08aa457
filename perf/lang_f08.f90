! perf/lang_f08.f90 - perf/lang_c.c's loops through `use mpi_f08`
! (perf/lang.sh compares them).  Prints "pingpong_us X allreduce_us Y".
program lang_f08
  use mpi_f08
  include 'lang_loops.inc'
end program
