! perf/lang_mpi.f90 - perf/lang_c.c's loops through `use mpi`
! (perf/lang.sh compares them).  Prints "pingpong_us X allreduce_us Y".
program lang_mpi
  use mpi
  include 'lang_loops.inc'
end program
