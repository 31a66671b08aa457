/*
 * mpi.h - the public interface of shmpi, a shared-memory MPI for one node.
 *
 * Standard MPI-3.1 C bindings (the subset listed in docs/STATUS.md works;
 * every other declared function returns MPI_ERR_UNSUPPORTED_OPERATION), plus
 * the extensions of the seed documents (meta requests, handlers, global
 * mutexes and condition variables, endpoints, datatype decoding and
 * character representation, caching and names on all handles).
 *
 * Handles are pointers to opaque objects; predefined handles are the
 * addresses of exported objects named mpii_obj_*.  Nothing in this header is
 * inline: every MPI_X is a real symbol with a PMPI_X twin.
 */
#ifndef SHMPI_MPI_H
#define SHMPI_MPI_H

#include <stddef.h>
#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define SHMPI 1
#define SHMPI_VERSION "0.1.0"
#define MPI_VERSION 3
#define MPI_SUBVERSION 1

#if defined(__GNUC__)
#define MPII_API __attribute__((visibility("default")))
#else
#define MPII_API
#endif

/* ---------------------------------------------------------------- types */
typedef struct mpii_comm *MPI_Comm;
typedef struct mpii_group *MPI_Group;
typedef struct mpii_datatype *MPI_Datatype;
typedef struct mpii_request *MPI_Request;
typedef struct mpii_op *MPI_Op;
typedef struct mpii_errhandler *MPI_Errhandler;
typedef struct mpii_info *MPI_Info;
typedef struct mpii_win *MPI_Win;
typedef struct mpii_file *MPI_File;
typedef struct mpii_message *MPI_Message;
typedef struct mpii_metarequest *MPI_Metarequest;
typedef struct mpii_mutex *MPI_Mutex;
typedef struct mpii_cond *MPI_Cond;

typedef intptr_t MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;
typedef int MPI_Fint;

typedef struct MPI_Status {
	int MPI_SOURCE;
	int MPI_TAG;
	int MPI_ERROR;
	int mpii_cancelled;
	MPI_Count mpii_count; /* bytes received */
} MPI_Status;

/* Seed 002 handle services */
typedef void MPI_Handle;  /* MPI_Handle * is the address of any handle variable */
typedef int MPI_Handletype;
typedef int MPI_Typerequest;

/* ------------------------------------------------------- null handles */
#define MPI_COMM_NULL       ((MPI_Comm)0)
#define MPI_GROUP_NULL      ((MPI_Group)0)
#define MPI_DATATYPE_NULL   ((MPI_Datatype)0)
#define MPI_REQUEST_NULL    ((MPI_Request)0)
#define MPI_OP_NULL         ((MPI_Op)0)
#define MPI_ERRHANDLER_NULL ((MPI_Errhandler)0)
#define MPI_INFO_NULL       ((MPI_Info)0)
#define MPI_WIN_NULL        ((MPI_Win)0)
#define MPI_FILE_NULL       ((MPI_File)0)
#define MPI_MESSAGE_NULL    ((MPI_Message)0)
#define MPI_METAREQUEST_NULL ((MPI_Metarequest)0)
#define MPI_MUTEX_NULL      ((MPI_Mutex)0)
#define MPI_COND_NULL       ((MPI_Cond)0)

/* ------------------------------------------------- predefined objects */
MPII_API extern struct mpii_comm mpii_obj_comm_world;
MPII_API extern struct mpii_comm mpii_obj_comm_self;
MPII_API extern struct mpii_comm mpii_obj_comm_universal;
#define MPI_COMM_WORLD (&mpii_obj_comm_world)
#define MPI_COMM_SELF (&mpii_obj_comm_self)
/* Seed 002 6.5: valid only as the comm argument of MPI_Pack/Unpack/Pack_size */
#define MPI_COMM_UNIVERSAL (&mpii_obj_comm_universal)

MPII_API extern struct mpii_group mpii_obj_group_empty;
#define MPI_GROUP_EMPTY (&mpii_obj_group_empty)

MPII_API extern struct mpii_message mpii_obj_message_no_proc;
#define MPI_MESSAGE_NO_PROC (&mpii_obj_message_no_proc)

MPII_API extern struct mpii_info mpii_obj_info_env;
#define MPI_INFO_ENV (&mpii_obj_info_env)

MPII_API extern struct mpii_errhandler mpii_obj_errors_are_fatal;
MPII_API extern struct mpii_errhandler mpii_obj_errors_return;
MPII_API extern struct mpii_errhandler mpii_obj_errors_abort;
#define MPI_ERRORS_ARE_FATAL (&mpii_obj_errors_are_fatal)
#define MPI_ERRORS_RETURN (&mpii_obj_errors_return)
#define MPI_ERRORS_ABORT (&mpii_obj_errors_abort)

/* Predefined datatypes (objects defined in lib/datatype/type_predefined.c). */
MPII_API extern struct mpii_datatype mpii_obj_type_char;
MPII_API extern struct mpii_datatype mpii_obj_type_short;
MPII_API extern struct mpii_datatype mpii_obj_type_int;
MPII_API extern struct mpii_datatype mpii_obj_type_long;
MPII_API extern struct mpii_datatype mpii_obj_type_long_long_int;
MPII_API extern struct mpii_datatype mpii_obj_type_signed_char;
MPII_API extern struct mpii_datatype mpii_obj_type_unsigned_char;
MPII_API extern struct mpii_datatype mpii_obj_type_unsigned_short;
MPII_API extern struct mpii_datatype mpii_obj_type_unsigned;
MPII_API extern struct mpii_datatype mpii_obj_type_unsigned_long;
MPII_API extern struct mpii_datatype mpii_obj_type_unsigned_long_long;
MPII_API extern struct mpii_datatype mpii_obj_type_float;
MPII_API extern struct mpii_datatype mpii_obj_type_double;
MPII_API extern struct mpii_datatype mpii_obj_type_long_double;
MPII_API extern struct mpii_datatype mpii_obj_type_wchar;
MPII_API extern struct mpii_datatype mpii_obj_type_c_bool;
MPII_API extern struct mpii_datatype mpii_obj_type_int8_t;
MPII_API extern struct mpii_datatype mpii_obj_type_int16_t;
MPII_API extern struct mpii_datatype mpii_obj_type_int32_t;
MPII_API extern struct mpii_datatype mpii_obj_type_int64_t;
MPII_API extern struct mpii_datatype mpii_obj_type_uint8_t;
MPII_API extern struct mpii_datatype mpii_obj_type_uint16_t;
MPII_API extern struct mpii_datatype mpii_obj_type_uint32_t;
MPII_API extern struct mpii_datatype mpii_obj_type_uint64_t;
MPII_API extern struct mpii_datatype mpii_obj_type_aint;
MPII_API extern struct mpii_datatype mpii_obj_type_count;
MPII_API extern struct mpii_datatype mpii_obj_type_offset;
MPII_API extern struct mpii_datatype mpii_obj_type_c_float_complex;
MPII_API extern struct mpii_datatype mpii_obj_type_c_double_complex;
MPII_API extern struct mpii_datatype mpii_obj_type_c_long_double_complex;
MPII_API extern struct mpii_datatype mpii_obj_type_byte;
MPII_API extern struct mpii_datatype mpii_obj_type_packed;
MPII_API extern struct mpii_datatype mpii_obj_type_lb;
MPII_API extern struct mpii_datatype mpii_obj_type_ub;
MPII_API extern struct mpii_datatype mpii_obj_type_float_int;
MPII_API extern struct mpii_datatype mpii_obj_type_double_int;
MPII_API extern struct mpii_datatype mpii_obj_type_long_int;
MPII_API extern struct mpii_datatype mpii_obj_type_2int;
MPII_API extern struct mpii_datatype mpii_obj_type_short_int;
MPII_API extern struct mpii_datatype mpii_obj_type_long_double_int;
MPII_API extern struct mpii_datatype mpii_obj_type_character;
MPII_API extern struct mpii_datatype mpii_obj_type_logical;
MPII_API extern struct mpii_datatype mpii_obj_type_integer;
MPII_API extern struct mpii_datatype mpii_obj_type_real;
MPII_API extern struct mpii_datatype mpii_obj_type_double_precision;
MPII_API extern struct mpii_datatype mpii_obj_type_complex;
MPII_API extern struct mpii_datatype mpii_obj_type_double_complex;
MPII_API extern struct mpii_datatype mpii_obj_type_integer1;
MPII_API extern struct mpii_datatype mpii_obj_type_integer2;
MPII_API extern struct mpii_datatype mpii_obj_type_integer4;
MPII_API extern struct mpii_datatype mpii_obj_type_integer8;
MPII_API extern struct mpii_datatype mpii_obj_type_integer16;
MPII_API extern struct mpii_datatype mpii_obj_type_real2;
MPII_API extern struct mpii_datatype mpii_obj_type_real4;
MPII_API extern struct mpii_datatype mpii_obj_type_real8;
MPII_API extern struct mpii_datatype mpii_obj_type_real16;
MPII_API extern struct mpii_datatype mpii_obj_type_complex8;
MPII_API extern struct mpii_datatype mpii_obj_type_complex16;
MPII_API extern struct mpii_datatype mpii_obj_type_complex32;
MPII_API extern struct mpii_datatype mpii_obj_type_2real;
MPII_API extern struct mpii_datatype mpii_obj_type_2double_precision;
MPII_API extern struct mpii_datatype mpii_obj_type_2integer;
MPII_API extern struct mpii_datatype mpii_obj_type_cxx_bool;
MPII_API extern struct mpii_datatype mpii_obj_type_cxx_float_complex;
MPII_API extern struct mpii_datatype mpii_obj_type_cxx_double_complex;
MPII_API extern struct mpii_datatype mpii_obj_type_cxx_long_double_complex;
MPII_API extern struct mpii_datatype mpii_obj_type_datatype;
#define MPI_CHAR (&mpii_obj_type_char)
#define MPI_SHORT (&mpii_obj_type_short)
#define MPI_INT (&mpii_obj_type_int)
#define MPI_LONG (&mpii_obj_type_long)
#define MPI_LONG_LONG_INT (&mpii_obj_type_long_long_int)
#define MPI_SIGNED_CHAR (&mpii_obj_type_signed_char)
#define MPI_UNSIGNED_CHAR (&mpii_obj_type_unsigned_char)
#define MPI_UNSIGNED_SHORT (&mpii_obj_type_unsigned_short)
#define MPI_UNSIGNED (&mpii_obj_type_unsigned)
#define MPI_UNSIGNED_LONG (&mpii_obj_type_unsigned_long)
#define MPI_UNSIGNED_LONG_LONG (&mpii_obj_type_unsigned_long_long)
#define MPI_FLOAT (&mpii_obj_type_float)
#define MPI_DOUBLE (&mpii_obj_type_double)
#define MPI_LONG_DOUBLE (&mpii_obj_type_long_double)
#define MPI_WCHAR (&mpii_obj_type_wchar)
#define MPI_C_BOOL (&mpii_obj_type_c_bool)
#define MPI_INT8_T (&mpii_obj_type_int8_t)
#define MPI_INT16_T (&mpii_obj_type_int16_t)
#define MPI_INT32_T (&mpii_obj_type_int32_t)
#define MPI_INT64_T (&mpii_obj_type_int64_t)
#define MPI_UINT8_T (&mpii_obj_type_uint8_t)
#define MPI_UINT16_T (&mpii_obj_type_uint16_t)
#define MPI_UINT32_T (&mpii_obj_type_uint32_t)
#define MPI_UINT64_T (&mpii_obj_type_uint64_t)
#define MPI_AINT (&mpii_obj_type_aint)
#define MPI_COUNT (&mpii_obj_type_count)
#define MPI_OFFSET (&mpii_obj_type_offset)
#define MPI_C_FLOAT_COMPLEX (&mpii_obj_type_c_float_complex)
#define MPI_C_DOUBLE_COMPLEX (&mpii_obj_type_c_double_complex)
#define MPI_C_LONG_DOUBLE_COMPLEX (&mpii_obj_type_c_long_double_complex)
#define MPI_BYTE (&mpii_obj_type_byte)
#define MPI_PACKED (&mpii_obj_type_packed)
#define MPI_LB (&mpii_obj_type_lb)
#define MPI_UB (&mpii_obj_type_ub)
#define MPI_FLOAT_INT (&mpii_obj_type_float_int)
#define MPI_DOUBLE_INT (&mpii_obj_type_double_int)
#define MPI_LONG_INT (&mpii_obj_type_long_int)
#define MPI_2INT (&mpii_obj_type_2int)
#define MPI_SHORT_INT (&mpii_obj_type_short_int)
#define MPI_LONG_DOUBLE_INT (&mpii_obj_type_long_double_int)
#define MPI_CHARACTER (&mpii_obj_type_character)
#define MPI_LOGICAL (&mpii_obj_type_logical)
#define MPI_INTEGER (&mpii_obj_type_integer)
#define MPI_REAL (&mpii_obj_type_real)
#define MPI_DOUBLE_PRECISION (&mpii_obj_type_double_precision)
#define MPI_COMPLEX (&mpii_obj_type_complex)
#define MPI_DOUBLE_COMPLEX (&mpii_obj_type_double_complex)
#define MPI_INTEGER1 (&mpii_obj_type_integer1)
#define MPI_INTEGER2 (&mpii_obj_type_integer2)
#define MPI_INTEGER4 (&mpii_obj_type_integer4)
#define MPI_INTEGER8 (&mpii_obj_type_integer8)
#define MPI_INTEGER16 (&mpii_obj_type_integer16)
#define MPI_REAL2 (&mpii_obj_type_real2)
#define MPI_REAL4 (&mpii_obj_type_real4)
#define MPI_REAL8 (&mpii_obj_type_real8)
#define MPI_REAL16 (&mpii_obj_type_real16)
#define MPI_COMPLEX8 (&mpii_obj_type_complex8)
#define MPI_COMPLEX16 (&mpii_obj_type_complex16)
#define MPI_COMPLEX32 (&mpii_obj_type_complex32)
#define MPI_2REAL (&mpii_obj_type_2real)
#define MPI_2DOUBLE_PRECISION (&mpii_obj_type_2double_precision)
#define MPI_2INTEGER (&mpii_obj_type_2integer)
#define MPI_CXX_BOOL (&mpii_obj_type_cxx_bool)
#define MPI_CXX_FLOAT_COMPLEX (&mpii_obj_type_cxx_float_complex)
#define MPI_CXX_DOUBLE_COMPLEX (&mpii_obj_type_cxx_double_complex)
#define MPI_CXX_LONG_DOUBLE_COMPLEX (&mpii_obj_type_cxx_long_double_complex)
#define MPI_DATATYPE (&mpii_obj_type_datatype)
#define MPI_LONG_LONG MPI_LONG_LONG_INT
#define MPI_C_COMPLEX MPI_C_FLOAT_COMPLEX
/* Seed 002 6.5: MPI_DATATYPE as the datatype of MPI_Pack/Unpack/Pack_size
 * packs or unpacks datatype descriptions; the buffer is an MPI_Datatype array. */

/* Predefined reduction operations (objects defined in lib/coll/op_predefined.c). */
MPII_API extern struct mpii_op mpii_obj_op_max;
MPII_API extern struct mpii_op mpii_obj_op_min;
MPII_API extern struct mpii_op mpii_obj_op_sum;
MPII_API extern struct mpii_op mpii_obj_op_prod;
MPII_API extern struct mpii_op mpii_obj_op_land;
MPII_API extern struct mpii_op mpii_obj_op_band;
MPII_API extern struct mpii_op mpii_obj_op_lor;
MPII_API extern struct mpii_op mpii_obj_op_bor;
MPII_API extern struct mpii_op mpii_obj_op_lxor;
MPII_API extern struct mpii_op mpii_obj_op_bxor;
MPII_API extern struct mpii_op mpii_obj_op_maxloc;
MPII_API extern struct mpii_op mpii_obj_op_minloc;
MPII_API extern struct mpii_op mpii_obj_op_replace;
MPII_API extern struct mpii_op mpii_obj_op_no_op;
#define MPI_MAX (&mpii_obj_op_max)
#define MPI_MIN (&mpii_obj_op_min)
#define MPI_SUM (&mpii_obj_op_sum)
#define MPI_PROD (&mpii_obj_op_prod)
#define MPI_LAND (&mpii_obj_op_land)
#define MPI_BAND (&mpii_obj_op_band)
#define MPI_LOR (&mpii_obj_op_lor)
#define MPI_BOR (&mpii_obj_op_bor)
#define MPI_LXOR (&mpii_obj_op_lxor)
#define MPI_BXOR (&mpii_obj_op_bxor)
#define MPI_MAXLOC (&mpii_obj_op_maxloc)
#define MPI_MINLOC (&mpii_obj_op_minloc)
#define MPI_REPLACE (&mpii_obj_op_replace)
#define MPI_NO_OP (&mpii_obj_op_no_op)


/* ---------------------------------------------------------- constants */
#define MPI_ANY_SOURCE (-1)
#define MPI_ANY_TAG (-1)
#define MPI_PROC_NULL (-2)
#define MPI_ROOT (-3)
#define MPI_UNDEFINED (-32766)
#define MPI_KEYVAL_INVALID (-1)
#define MPI_BSEND_OVERHEAD 128
#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_ERROR_STRING 512
#define MPI_MAX_OBJECT_NAME 128
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024
#define MPI_MAX_LIBRARY_VERSION_STRING 256
#define MPI_MAX_PORT_NAME 256
#define MPI_MAX_DATAREP_STRING 128

#define MPI_BOTTOM ((void *)0)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_STATUS_IGNORE ((MPI_Status *)1)
#define MPI_STATUSES_IGNORE ((MPI_Status *)1)
#define MPI_ERRCODES_IGNORE ((int *)0)
#define MPI_ARGV_NULL ((char **)0)
#define MPI_ARGVS_NULL ((char ***)0)
#define MPI_UNWEIGHTED ((int *)2)
#define MPI_WEIGHTS_EMPTY ((int *)3)

/* thread levels */
#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

/* comparison results */
#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

/* topologies */
#define MPI_GRAPH 1
#define MPI_CART 2
#define MPI_DIST_GRAPH 3

/* communicator split types */
#define MPI_COMM_TYPE_SHARED 1

/* predefined attribute keyvals on MPI_COMM_WORLD */
#define MPI_TAG_UB 1
#define MPI_HOST 2
#define MPI_IO 3
#define MPI_WTIME_IS_GLOBAL 4
#define MPI_UNIVERSE_SIZE 5
#define MPI_LASTUSEDCODE 6
#define MPI_APPNUM 7
#define MPI_COMM_ID_IS_UNIQUE 8  /* seed 002 6.3 */
#define MPI_THREADS 9            /* seed 002 6.12 */
#define MPI_WIN_BASE 10
#define MPI_WIN_SIZE 11
#define MPI_WIN_DISP_UNIT 12
#define MPI_WIN_CREATE_FLAVOR 13
#define MPI_WIN_MODEL 14

/* values of the MPI_COMM_ID_IS_UNIQUE attribute */
#define MPI_COMM_ID_UNIQUE 1
#define MPI_COMM_ID_NOT_UNIQUE 0

/* error classes */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_REQUEST 7
#define MPI_ERR_ROOT 8
#define MPI_ERR_GROUP 9
#define MPI_ERR_OP 10
#define MPI_ERR_TOPOLOGY 11
#define MPI_ERR_DIMS 12
#define MPI_ERR_ARG 13
#define MPI_ERR_UNKNOWN 14
#define MPI_ERR_TRUNCATE 15
#define MPI_ERR_OTHER 16
#define MPI_ERR_INTERN 17
#define MPI_ERR_IN_STATUS 18
#define MPI_ERR_PENDING 19
#define MPI_ERR_KEYVAL 20
#define MPI_ERR_NO_MEM 21
#define MPI_ERR_BASE 22
#define MPI_ERR_INFO_KEY 23
#define MPI_ERR_INFO_VALUE 24
#define MPI_ERR_INFO_NOKEY 25
#define MPI_ERR_SPAWN 26
#define MPI_ERR_PORT 27
#define MPI_ERR_SERVICE 28
#define MPI_ERR_NAME 29
#define MPI_ERR_WIN 30
#define MPI_ERR_SIZE 31
#define MPI_ERR_DISP 32
#define MPI_ERR_INFO 33
#define MPI_ERR_LOCKTYPE 34
#define MPI_ERR_ASSERT 35
#define MPI_ERR_RMA_CONFLICT 36
#define MPI_ERR_RMA_SYNC 37
#define MPI_ERR_FILE 38
#define MPI_ERR_NOT_SAME 39
#define MPI_ERR_AMODE 40
#define MPI_ERR_UNSUPPORTED_DATAREP 41
#define MPI_ERR_UNSUPPORTED_OPERATION 42
#define MPI_ERR_NO_SUCH_FILE 43
#define MPI_ERR_FILE_EXISTS 44
#define MPI_ERR_BAD_FILE 45
#define MPI_ERR_ACCESS 46
#define MPI_ERR_NO_SPACE 47
#define MPI_ERR_QUOTA 48
#define MPI_ERR_READ_ONLY 49
#define MPI_ERR_FILE_IN_USE 50
#define MPI_ERR_DUP_DATAREP 51
#define MPI_ERR_CONVERSION 52
#define MPI_ERR_IO 53
#define MPI_ERR_RMA_RANGE 54
#define MPI_ERR_RMA_ATTACH 55
#define MPI_ERR_RMA_SHARED 56
#define MPI_ERR_RMA_FLAVOR 57
#define MPI_ERR_GR 58          /* seed 002 6.2.3: a generalized request failed */
#define MPI_ERR_TYPE_STRING 59 /* a malformed datatype character representation */
#define MPI_ERR_HANDLER 60     /* a request handler returned an error */
#define MPI_ERR_THREAD 61      /* a thread-usage error (e.g. two waits on one request) */
#define MPI_ERR_LASTCODE 63

/* datatype combiners (MPI standard) */
#define MPI_COMBINER_NAMED 1
#define MPI_COMBINER_DUP 2
#define MPI_COMBINER_CONTIGUOUS 3
#define MPI_COMBINER_VECTOR 4
#define MPI_COMBINER_HVECTOR_INTEGER 5
#define MPI_COMBINER_HVECTOR 6
#define MPI_COMBINER_INDEXED 7
#define MPI_COMBINER_HINDEXED_INTEGER 8
#define MPI_COMBINER_HINDEXED 9
#define MPI_COMBINER_INDEXED_BLOCK 10
#define MPI_COMBINER_STRUCT_INTEGER 11
#define MPI_COMBINER_STRUCT 12
#define MPI_COMBINER_SUBARRAY 13
#define MPI_COMBINER_DARRAY 14
#define MPI_COMBINER_F90_REAL 15
#define MPI_COMBINER_F90_COMPLEX 16
#define MPI_COMBINER_F90_INTEGER 17
#define MPI_COMBINER_RESIZED 18
#define MPI_COMBINER_HINDEXED_BLOCK 19

/* seed 002 6.4.1 combiners (MPI_Type_envelope) */
#define MPI_BASIC 101
#define MPI_CONTIG 102
#define MPI_VECTOR 103
#define MPI_HVECTOR 104
#define MPI_INDEXED 105
#define MPI_HINDEXED 106
#define MPI_STRUCT 107

/* subarray / darray */
#define MPI_ORDER_C 56
#define MPI_ORDER_FORTRAN 57
#define MPI_DISTRIBUTE_BLOCK 121
#define MPI_DISTRIBUTE_CYCLIC 122
#define MPI_DISTRIBUTE_NONE 123
#define MPI_DISTRIBUTE_DFLT_DARG (-49767)

/* type classes (MPI_Type_match_size) */
#define MPI_TYPECLASS_REAL 1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3

/* one-sided (declared; see docs/STATUS.md) */
#define MPI_MODE_NOCHECK 1024
#define MPI_MODE_NOSTORE 2048
#define MPI_MODE_NOPUT 4096
#define MPI_MODE_NOPRECEDE 8192
#define MPI_MODE_NOSUCCEED 16384
#define MPI_LOCK_EXCLUSIVE 234
#define MPI_LOCK_SHARED 235
#define MPI_WIN_FLAVOR_CREATE 1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC 3
#define MPI_WIN_FLAVOR_SHARED 4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED 2

/* seed 002 6.7: handle types for MPI_Handle_* */
#define MPI_HANDLE_COMM 1
#define MPI_HANDLE_DATATYPE 2
#define MPI_HANDLE_GROUP 3
#define MPI_HANDLE_PREQUEST 4
#define MPI_HANDLE_FILE 5

/* seed 002 6.8: request types */
#define MPI_REQUEST_PERSISTENT 1
#define MPI_REQUEST_PERSISTANT MPI_REQUEST_PERSISTENT
#define MPI_REQUEST_GENERALIZED 2
#define MPI_REQUEST_PT2PT 3
#define MPI_REQUEST_OTHER 4

/* seed 002 6.12.3: handler types */
#define MPI_HANDLER_DEFAULT 0
#define MPI_HANDLER_SIGNAL_SAFE 1

/* seed 002 6.12.3: handler_attr info keys (pthread attributes) */
#define MPI_Pthread_stacksize "MPI_Pthread_stacksize"
#define MPI_Pthread_stackaddr "MPI_Pthread_stackaddr"
#define MPI_Pthread_detachstate "MPI_Pthread_detachstate"
#define MPI_Pthread_scope "MPI_Pthread_scope"
#define MPI_Pthread_inheritsched "MPI_Pthread_inheritsched"
#define MPI_Pthread_schedpolicy "MPI_Pthread_schedpolicy"
#define MPI_Pthread_schedparam "MPI_Pthread_schedparam"

/* ---------------------------------------------------------- callbacks */
typedef void MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);
typedef int MPI_Comm_copy_attr_function(MPI_Comm oldcomm, int comm_keyval, void *extra_state,
					void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Comm_delete_attr_function(MPI_Comm comm, int comm_keyval, void *attribute_val,
					  void *extra_state);
typedef int MPI_Type_copy_attr_function(MPI_Datatype oldtype, int type_keyval, void *extra_state,
					void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Type_delete_attr_function(MPI_Datatype datatype, int type_keyval,
					  void *attribute_val, void *extra_state);
typedef int MPI_Win_copy_attr_function(MPI_Win oldwin, int win_keyval, void *extra_state,
				       void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Win_delete_attr_function(MPI_Win win, int win_keyval, void *attribute_val,
					 void *extra_state);
typedef int MPI_Copy_function(MPI_Comm oldcomm, int keyval, void *extra_state,
			      void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Delete_function(MPI_Comm comm, int keyval, void *attribute_val, void *extra_state);
typedef void MPI_Comm_errhandler_function(MPI_Comm *comm, int *errcode, ...);
typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;
typedef void MPI_Win_errhandler_function(MPI_Win *win, int *errcode, ...);
typedef MPI_Win_errhandler_function MPI_Win_errhandler_fn;
typedef void MPI_File_errhandler_function(MPI_File *file, int *errcode, ...);
typedef MPI_File_errhandler_function MPI_File_errhandler_fn;
typedef void MPI_Handler_function(MPI_Comm *comm, int *errcode, ...);
typedef int MPI_Grequest_query_function(void *extra_state, MPI_Status *status);
typedef int MPI_Grequest_free_function(void *extra_state);
typedef int MPI_Grequest_cancel_function(void *extra_state, int complete);

/* seed 002 6.2: meta requests */
typedef int MPI_Request_init_function(MPI_Metarequest metareq, void *extra_state, MPI_Request request);
typedef int MPI_Request_start_function(void *extra_state, MPI_Request request);
typedef int MPI_Request_complete_function(void *extra_state, MPI_Request request);
typedef int MPI_Request_free_function(void *extra_state, MPI_Request request);
typedef int MPI_Request_cancel_function(void *extra_state, MPI_Request request);

/* seed 002 6.12.3: handlers */
typedef int MPI_Request_handler(MPI_Request *request, void *extra_state);
#define MPI_HANDLER_NULL ((MPI_Request_handler *)0)

/* seed 002 6.7: caching on any handle */
typedef int MPI_Handle_copy_function(MPI_Handle *handle, MPI_Handletype handletype, int keyval,
				     void *extra_state, void *attribute_val_in,
				     void *attribute_val_out, int *flag);
typedef int MPI_Handle_delete_function(MPI_Handle *handle, MPI_Handletype handletype, int keyval,
				       void *attribute_val, void *extra_state);

/* Predefined callbacks (lib/attr/attr_predefined.c). */
MPII_API int mpii_obj_null_copy_fn(MPI_Comm, int, void *, void *, void *, int *);
MPII_API int mpii_obj_dup_fn(MPI_Comm, int, void *, void *, void *, int *);
MPII_API int mpii_obj_null_delete_fn(MPI_Comm, int, void *, void *);
MPII_API int mpii_obj_type_null_copy_fn(MPI_Datatype, int, void *, void *, void *, int *);
MPII_API int mpii_obj_type_dup_fn(MPI_Datatype, int, void *, void *, void *, int *);
MPII_API int mpii_obj_type_null_delete_fn(MPI_Datatype, int, void *, void *);
MPII_API int mpii_obj_win_null_copy_fn(MPI_Win, int, void *, void *, void *, int *);
MPII_API int mpii_obj_win_dup_fn(MPI_Win, int, void *, void *, void *, int *);
MPII_API int mpii_obj_win_null_delete_fn(MPI_Win, int, void *, void *);
MPII_API int mpii_obj_handle_null_copy_fn(MPI_Handle *, MPI_Handletype, int, void *, void *, void *, int *);
MPII_API int mpii_obj_handle_dup_fn(MPI_Handle *, MPI_Handletype, int, void *, void *, void *, int *);
MPII_API int mpii_obj_handle_delete_fn(MPI_Handle *, MPI_Handletype, int, void *, void *);
MPII_API int mpii_obj_cancel_error(void *extra_state, MPI_Request request);
MPII_API int mpii_obj_conversion_fn_null(void *, MPI_Datatype, int, void *, MPI_Offset, void *);

#define MPI_NULL_COPY_FN mpii_obj_null_copy_fn
#define MPI_DUP_FN mpii_obj_dup_fn
#define MPI_NULL_DELETE_FN mpii_obj_null_delete_fn
#define MPI_COMM_NULL_COPY_FN mpii_obj_null_copy_fn
#define MPI_COMM_DUP_FN mpii_obj_dup_fn
#define MPI_COMM_NULL_DELETE_FN mpii_obj_null_delete_fn
#define MPI_TYPE_NULL_COPY_FN mpii_obj_type_null_copy_fn
#define MPI_TYPE_DUP_FN mpii_obj_type_dup_fn
#define MPI_TYPE_NULL_DELETE_FN mpii_obj_type_null_delete_fn
#define MPI_WIN_NULL_COPY_FN mpii_obj_win_null_copy_fn
#define MPI_WIN_DUP_FN mpii_obj_win_dup_fn
#define MPI_WIN_NULL_DELETE_FN mpii_obj_win_null_delete_fn
#define MPI_HANDLE_NULL_COPY_FN mpii_obj_handle_null_copy_fn
#define MPI_HANDLE_DUP_FN mpii_obj_handle_dup_fn
#define MPI_HANDLE_DELETE_FN mpii_obj_handle_delete_fn
#define MPI_HANDLE_NULL_DEL_FN mpii_obj_handle_delete_fn
/* seed 002 6.2.3: a cancel function that makes the cancel fail with MPI_ERR_GR */
#define MPI_CANCEL_ERROR mpii_obj_cancel_error
#define MPI_CONVERSION_FN_NULL mpii_obj_conversion_fn_null

/* ---------------------------------------------------------- functions */
/* environment */
MPII_API int MPI_Init(int *argc, char ***argv);
MPII_API int MPI_Init_thread(int *argc, char ***argv, int required, int *provided);
MPII_API int MPI_Initialized(int *flag);
MPII_API int MPI_Finalize(void);
MPII_API int MPI_Finalized(int *flag);
MPII_API int MPI_Abort(MPI_Comm comm, int errorcode);
MPII_API int MPI_Query_thread(int *provided);
MPII_API int MPI_Is_thread_main(int *flag);
MPII_API int MPI_Get_processor_name(char *name, int *resultlen);
MPII_API int MPI_Get_version(int *version, int *subversion);
MPII_API int MPI_Get_library_version(char *version, int *resultlen);
MPII_API double MPI_Wtime(void);
MPII_API double MPI_Wtick(void);
MPII_API int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr);
MPII_API int MPI_Free_mem(void *base);
MPII_API int MPI_Pcontrol(const int level, ...);
/* info */
MPII_API int MPI_Info_create(MPI_Info *info);
MPII_API int MPI_Info_set(MPI_Info info, const char *key, const char *value);
MPII_API int MPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag);
MPII_API int MPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag);
MPII_API int MPI_Info_delete(MPI_Info info, const char *key);
MPII_API int MPI_Info_get_nkeys(MPI_Info info, int *nkeys);
MPII_API int MPI_Info_get_nthkey(MPI_Info info, int n, char *key);
MPII_API int MPI_Info_dup(MPI_Info info, MPI_Info *newinfo);
MPII_API int MPI_Info_free(MPI_Info *info);
/* point-to-point */
MPII_API int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
MPII_API int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
MPII_API int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
MPII_API int MPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
MPII_API int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status);
MPII_API int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Start(MPI_Request *request);
MPII_API int MPI_Startall(int count, MPI_Request array_of_requests[]);
MPII_API int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status);
MPII_API int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status);
MPII_API int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
MPII_API int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
MPII_API int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status);
MPII_API int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status);
MPII_API int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status);
MPII_API int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request);
MPII_API int MPI_Buffer_attach(void *buffer, int size);
MPII_API int MPI_Buffer_detach(void *buffer_addr, int *size);
MPII_API int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
MPII_API int MPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count);
MPII_API int MPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
MPII_API int MPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count);
MPII_API int MPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
MPII_API int MPI_Status_set_cancelled(MPI_Status *status, int flag);
MPII_API int MPI_Test_cancelled(const MPI_Status *status, int *flag);
/* completion */
MPII_API int MPI_Wait(MPI_Request *request, MPI_Status *status);
MPII_API int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
MPII_API int MPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status);
MPII_API int MPI_Testany(int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status);
MPII_API int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
MPII_API int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag, MPI_Status array_of_statuses[]);
MPII_API int MPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[], MPI_Status array_of_statuses[]);
MPII_API int MPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[], MPI_Status array_of_statuses[]);
MPII_API int MPI_Cancel(MPI_Request *request);
MPII_API int MPI_Request_free(MPI_Request *request);
MPII_API int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status);
MPII_API int MPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn, MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request);
MPII_API int MPI_Grequest_complete(MPI_Request request);
/* datatypes */
MPII_API int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_create_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
MPII_API int MPI_Type_create_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
MPII_API int MPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[], const int array_of_starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[], const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype);
MPII_API int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int MPI_Type_commit(MPI_Datatype *datatype);
MPII_API int MPI_Type_free(MPI_Datatype *datatype);
MPII_API int MPI_Type_size(MPI_Datatype datatype, int *size);
MPII_API int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
MPII_API int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
MPII_API int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
MPII_API int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
MPII_API int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
MPII_API int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
MPII_API int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent);
MPII_API int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent);
MPII_API int MPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes, int *combiner);
MPII_API int MPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[]);
MPII_API int MPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype);
MPII_API int MPI_Get_address(const void *location, MPI_Aint *address);
MPII_API int MPI_Address(void *location, MPI_Aint *address);
MPII_API MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp);
MPII_API MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
MPII_API int MPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position, MPI_Comm comm);
MPII_API int MPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype, MPI_Comm comm);
MPII_API int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size);
MPII_API int MPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position);
MPII_API int MPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype);
MPII_API int MPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint *size);
MPII_API int MPI_Type_set_name(MPI_Datatype datatype, const char *type_name);
MPII_API int MPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen);
MPII_API int MPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn, MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval, void *extra_state);
MPII_API int MPI_Type_free_keyval(int *type_keyval);
MPII_API int MPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val);
MPII_API int MPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag);
MPII_API int MPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval);
/* seed 002 6.4-6.6: datatype decoding, character representation, true extent */
MPII_API int MPI_Type_envelope(MPI_Datatype datatype, int *count, int *combiner);
MPII_API int MPI_Type_contents(MPI_Datatype datatype, int start, int count, int *array_blocklens, int *array_disps, MPI_Aint *array_hdisps, MPI_Datatype *array_types);
MPII_API int MPI_Type_to_string(MPI_Datatype datatype, char *buf, int buflen, int *resultlen);
MPII_API int MPI_Type_from_string(const char *str, MPI_Datatype *newtype);
MPII_API int MPI_True_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent);
/* groups */
MPII_API int MPI_Group_size(MPI_Group group, int *size);
MPII_API int MPI_Group_rank(MPI_Group group, int *rank);
MPII_API int MPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]);
MPII_API int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result);
MPII_API int MPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
MPII_API int MPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
MPII_API int MPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
MPII_API int MPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
MPII_API int MPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
MPII_API int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
MPII_API int MPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
MPII_API int MPI_Group_free(MPI_Group *group);
/* communicators */
MPII_API int MPI_Comm_size(MPI_Comm comm, int *size);
MPII_API int MPI_Comm_rank(MPI_Comm comm, int *rank);
MPII_API int MPI_Comm_group(MPI_Comm comm, MPI_Group *group);
MPII_API int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result);
MPII_API int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
MPII_API int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm);
MPII_API int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request);
MPII_API int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm);
MPII_API int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm);
MPII_API int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
MPII_API int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm);
MPII_API int MPI_Comm_free(MPI_Comm *comm);
MPII_API int MPI_Comm_disconnect(MPI_Comm *comm);
MPII_API int MPI_Comm_test_inter(MPI_Comm comm, int *flag);
MPII_API int MPI_Comm_remote_size(MPI_Comm comm, int *size);
MPII_API int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group);
MPII_API int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag, MPI_Comm *newintercomm);
MPII_API int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm);
MPII_API int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info);
MPII_API int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used);
MPII_API int MPI_Comm_set_name(MPI_Comm comm, const char *comm_name);
MPII_API int MPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen);
/* seed 002 6.3 */
MPII_API int MPI_Communicator_id(MPI_Comm comm, int *id);
/* topologies */
MPII_API int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm *comm_cart);
MPII_API int MPI_Dims_create(int nnodes, int ndims, int dims[]);
MPII_API int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]);
MPII_API int MPI_Cartdim_get(MPI_Comm comm, int *ndims);
MPII_API int MPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank);
MPII_API int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
MPII_API int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest);
MPII_API int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm);
MPII_API int MPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank);
MPII_API int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder, MPI_Comm *comm_graph);
MPII_API int MPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges);
MPII_API int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]);
MPII_API int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors);
MPII_API int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]);
MPII_API int MPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank);
MPII_API int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[], const int destinations[], const int weights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph);
MPII_API int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[], int outdegree, const int destinations[], const int destweights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph);
MPII_API int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted);
MPII_API int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree, int destinations[], int destweights[]);
MPII_API int MPI_Topo_test(MPI_Comm comm, int *status);
MPII_API int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
MPII_API int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request);
/* collectives */
MPII_API int MPI_Barrier(MPI_Comm comm);
MPII_API int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
MPII_API int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
MPII_API int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm);
MPII_API int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
MPII_API int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
MPII_API int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
MPII_API int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
MPII_API int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op);
MPII_API int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int MPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op);
MPII_API int MPI_Op_free(MPI_Op *op);
MPII_API int MPI_Op_commutative(MPI_Op op, int *commute);
/* caching */
MPII_API int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn, MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval, void *extra_state);
MPII_API int MPI_Comm_free_keyval(int *comm_keyval);
MPII_API int MPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val);
MPII_API int MPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag);
MPII_API int MPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval);
MPII_API int MPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval, void *extra_state);
MPII_API int MPI_Keyval_free(int *keyval);
MPII_API int MPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val);
MPII_API int MPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag);
MPII_API int MPI_Attr_delete(MPI_Comm comm, int keyval);
/* seed 002 6.7, 6.9: caching and names on any handle */
MPII_API int MPI_Handle_keyval_create(MPI_Handle_copy_function *copy_fn, MPI_Handle_delete_function *delete_fn, int *keyval, void *extra_state);
MPII_API int MPI_Handle_attr_put(MPI_Handle *handle, MPI_Handletype handletype, int keyval, void *attribute_val);
MPII_API int MPI_Handle_attr_get(MPI_Handle *handle, MPI_Handletype handletype, int keyval, void *attribute_val, int *flag);
MPII_API int MPI_Handle_attr_delete(MPI_Handle *handle, MPI_Handletype handletype, int keyval);
MPII_API int MPI_Handle_name_put(MPI_Handle *handle, MPI_Handletype handletype, const char *name);
MPII_API int MPI_Handle_name_get(MPI_Handle *handle, MPI_Handletype handletype, char **name);
/* errors */
MPII_API int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn, MPI_Errhandler *errhandler);
MPII_API int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
MPII_API int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);
MPII_API int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode);
MPII_API int MPI_Errhandler_create(MPI_Handler_function *function, MPI_Errhandler *errhandler);
MPII_API int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler);
MPII_API int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);
MPII_API int MPI_Errhandler_free(MPI_Errhandler *errhandler);
MPII_API int MPI_Error_string(int errorcode, char *string, int *resultlen);
MPII_API int MPI_Error_class(int errorcode, int *errorclass);
MPII_API int MPI_Add_error_class(int *errorclass);
MPII_API int MPI_Add_error_code(int errorclass, int *errorcode);
MPII_API int MPI_Add_error_string(int errorcode, const char *string);
/* seed 002 6.10 */
MPII_API int MPI_Raise_error_handler(MPI_Comm comm, int errorcode);
/* seed 002 6.2 and 6.8: meta requests, request types */
MPII_API int MPI_Meta_request_create(MPI_Request_init_function *init_fn, MPI_Request_start_function *start_fn, MPI_Request_complete_function *complete_fn, MPI_Request_free_function *free_fn, MPI_Request_cancel_function *cancel_fn, MPI_Metarequest *metareq);
MPII_API int MPI_Meta_request_free(MPI_Metarequest *metareq);
MPII_API int MPI_Request_init(MPI_Metarequest metareq, void *extra_state, MPI_Request *request);
MPII_API int MPI_Request_mark_complete(MPI_Request *request);
MPII_API int MPI_Request_type(MPI_Request request, MPI_Typerequest *typereq);
/* seed 002 6.12.3, seed 003: handlers, loose barrier */
MPII_API int MPI_Post_handler(MPI_Request request, MPI_Info handler_attr, MPI_Request_handler *handler, void *extra_state, int handler_type);
MPII_API int MPI_Get_status(MPI_Request request, MPI_Status *status);
MPII_API int MPI_Handler_lock(void);
MPII_API int MPI_Handler_unlock(void);
MPII_API int MPI_Barrier_loose(MPI_Comm comm);
/* seed 002 6.12.4: global mutexes and condition variables */
MPII_API int MPI_Mutex_create(MPI_Comm comm, MPI_Info mutexattr, MPI_Mutex *mutex);
MPII_API int MPI_Mutex_free(MPI_Mutex *mutex);
MPII_API int MPI_Mutex_lock(MPI_Mutex mutex);
MPII_API int MPI_Mutex_trylock(MPI_Mutex mutex, int *flag);
MPII_API int MPI_Mutex_unlock(MPI_Mutex mutex);
MPII_API int MPI_Cond_create(MPI_Comm comm, MPI_Info condattr, MPI_Cond *cond);
MPII_API int MPI_Cond_free(MPI_Cond *cond);
MPII_API int MPI_Cond_signal(MPI_Cond cond);
MPII_API int MPI_Cond_broadcast(MPI_Cond cond);
MPII_API int MPI_Cond_wait(MPI_Cond cond, MPI_Mutex mutex);
/* seed 004: endpoints */
MPII_API int MPI_Endpoint_join(void);
MPII_API int MPI_Endpoint_leave(void);
/* one-sided communication (issue 16, lib/rma/, docs/rma.md) */
MPII_API int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win);
MPII_API int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win);
MPII_API int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win);
MPII_API int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr);
MPII_API int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win);
MPII_API int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size);
MPII_API int MPI_Win_detach(MPI_Win win, const void *base);
MPII_API int MPI_Win_free(MPI_Win *win);
MPII_API int MPI_Win_get_group(MPI_Win win, MPI_Group *group);
MPII_API int MPI_Win_set_info(MPI_Win win, MPI_Info info);
MPII_API int MPI_Win_get_info(MPI_Win win, MPI_Info *info_used);
MPII_API int MPI_Win_create_errhandler(MPI_Win_errhandler_function *win_errhandler_fn, MPI_Errhandler *errhandler);
MPII_API int MPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler);
MPII_API int MPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler);
MPII_API int MPI_Win_call_errhandler(MPI_Win win, int errorcode);
MPII_API int MPI_Win_fence(int assert, MPI_Win win);
MPII_API int MPI_Win_post(MPI_Group group, int assert, MPI_Win win);
MPII_API int MPI_Win_start(MPI_Group group, int assert, MPI_Win win);
MPII_API int MPI_Win_complete(MPI_Win win);
MPII_API int MPI_Win_wait(MPI_Win win);
MPII_API int MPI_Win_test(MPI_Win win, int *flag);
MPII_API int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win);
MPII_API int MPI_Win_unlock(int rank, MPI_Win win);
MPII_API int MPI_Win_lock_all(int assert, MPI_Win win);
MPII_API int MPI_Win_unlock_all(MPI_Win win);
MPII_API int MPI_Win_flush(int rank, MPI_Win win);
MPII_API int MPI_Win_flush_all(MPI_Win win);
MPII_API int MPI_Win_flush_local(int rank, MPI_Win win);
MPII_API int MPI_Win_flush_local_all(MPI_Win win);
MPII_API int MPI_Win_sync(MPI_Win win);
MPII_API int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win);
MPII_API int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win);
MPII_API int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
MPII_API int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
MPII_API int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win);
MPII_API int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win);
MPII_API int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request);
MPII_API int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request);
MPII_API int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request);
MPII_API int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request);
MPII_API int MPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn, MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval, void *extra_state);
MPII_API int MPI_Win_free_keyval(int *win_keyval);
MPII_API int MPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val);
MPII_API int MPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag);
MPII_API int MPI_Win_delete_attr(MPI_Win win, int win_keyval);
MPII_API int MPI_Win_set_name(MPI_Win win, const char *win_name);
MPII_API int MPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen);
MPII_API MPI_Fint MPI_Win_c2f(MPI_Win win);
MPII_API MPI_Win MPI_Win_f2c(MPI_Fint win);
/* dynamic processes (see docs/STATUS.md) */
MPII_API int MPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[]);
MPII_API int MPI_Comm_get_parent(MPI_Comm *parent);
/* handle conversion */
MPII_API MPI_Fint MPI_Comm_c2f(MPI_Comm comm);
MPII_API MPI_Comm MPI_Comm_f2c(MPI_Fint comm);
MPII_API MPI_Fint MPI_Type_c2f(MPI_Datatype datatype);
MPII_API MPI_Datatype MPI_Type_f2c(MPI_Fint datatype);
MPII_API MPI_Fint MPI_Group_c2f(MPI_Group group);
MPII_API MPI_Group MPI_Group_f2c(MPI_Fint group);
MPII_API MPI_Fint MPI_Request_c2f(MPI_Request request);
MPII_API MPI_Request MPI_Request_f2c(MPI_Fint request);
MPII_API MPI_Fint MPI_Op_c2f(MPI_Op op);
MPII_API MPI_Op MPI_Op_f2c(MPI_Fint op);
MPII_API MPI_Fint MPI_Info_c2f(MPI_Info info);
MPII_API MPI_Info MPI_Info_f2c(MPI_Fint info);
MPII_API MPI_Fint MPI_Errhandler_c2f(MPI_Errhandler errhandler);
MPII_API MPI_Errhandler MPI_Errhandler_f2c(MPI_Fint errhandler);

/* -------------------------------------- profiling interface (PMPI_X) */
MPII_API int PMPI_Init(int *argc, char ***argv);
MPII_API int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided);
MPII_API int PMPI_Initialized(int *flag);
MPII_API int PMPI_Finalize(void);
MPII_API int PMPI_Finalized(int *flag);
MPII_API int PMPI_Abort(MPI_Comm comm, int errorcode);
MPII_API int PMPI_Query_thread(int *provided);
MPII_API int PMPI_Is_thread_main(int *flag);
MPII_API int PMPI_Get_processor_name(char *name, int *resultlen);
MPII_API int PMPI_Get_version(int *version, int *subversion);
MPII_API int PMPI_Get_library_version(char *version, int *resultlen);
MPII_API double PMPI_Wtime(void);
MPII_API double PMPI_Wtick(void);
MPII_API int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr);
MPII_API int PMPI_Free_mem(void *base);
MPII_API int PMPI_Pcontrol(const int level, ...);
MPII_API int PMPI_Info_create(MPI_Info *info);
MPII_API int PMPI_Info_set(MPI_Info info, const char *key, const char *value);
MPII_API int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag);
MPII_API int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag);
MPII_API int PMPI_Info_delete(MPI_Info info, const char *key);
MPII_API int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys);
MPII_API int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key);
MPII_API int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo);
MPII_API int PMPI_Info_free(MPI_Info *info);
MPII_API int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
MPII_API int PMPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
MPII_API int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
MPII_API int PMPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
MPII_API int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status);
MPII_API int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Start(MPI_Request *request);
MPII_API int PMPI_Startall(int count, MPI_Request array_of_requests[]);
MPII_API int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status);
MPII_API int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status);
MPII_API int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
MPII_API int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
MPII_API int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status);
MPII_API int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status);
MPII_API int PMPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status);
MPII_API int PMPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request);
MPII_API int PMPI_Buffer_attach(void *buffer, int size);
MPII_API int PMPI_Buffer_detach(void *buffer_addr, int *size);
MPII_API int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
MPII_API int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count);
MPII_API int PMPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
MPII_API int PMPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count);
MPII_API int PMPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
MPII_API int PMPI_Status_set_cancelled(MPI_Status *status, int flag);
MPII_API int PMPI_Test_cancelled(const MPI_Status *status, int *flag);
MPII_API int PMPI_Wait(MPI_Request *request, MPI_Status *status);
MPII_API int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
MPII_API int PMPI_Waitany(int count, MPI_Request array_of_requests[], int *index, MPI_Status *status);
MPII_API int PMPI_Testany(int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status);
MPII_API int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
MPII_API int PMPI_Testall(int count, MPI_Request array_of_requests[], int *flag, MPI_Status array_of_statuses[]);
MPII_API int PMPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[], MPI_Status array_of_statuses[]);
MPII_API int PMPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[], MPI_Status array_of_statuses[]);
MPII_API int PMPI_Cancel(MPI_Request *request);
MPII_API int PMPI_Request_free(MPI_Request *request);
MPII_API int PMPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status);
MPII_API int PMPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn, MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request);
MPII_API int PMPI_Grequest_complete(MPI_Request request);
MPII_API int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_create_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
MPII_API int PMPI_Type_create_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
MPII_API int PMPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[], const int array_of_starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[], const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype);
MPII_API int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype);
MPII_API int PMPI_Type_commit(MPI_Datatype *datatype);
MPII_API int PMPI_Type_free(MPI_Datatype *datatype);
MPII_API int PMPI_Type_size(MPI_Datatype datatype, int *size);
MPII_API int PMPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
MPII_API int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
MPII_API int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
MPII_API int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
MPII_API int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
MPII_API int PMPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
MPII_API int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent);
MPII_API int PMPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent);
MPII_API int PMPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes, int *combiner);
MPII_API int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[]);
MPII_API int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype);
MPII_API int PMPI_Get_address(const void *location, MPI_Aint *address);
MPII_API int PMPI_Address(void *location, MPI_Aint *address);
MPII_API MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp);
MPII_API MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
MPII_API int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position, MPI_Comm comm);
MPII_API int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype, MPI_Comm comm);
MPII_API int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size);
MPII_API int PMPI_Pack_external(const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position);
MPII_API int PMPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype);
MPII_API int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint *size);
MPII_API int PMPI_Type_set_name(MPI_Datatype datatype, const char *type_name);
MPII_API int PMPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen);
MPII_API int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn, MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval, void *extra_state);
MPII_API int PMPI_Type_free_keyval(int *type_keyval);
MPII_API int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val);
MPII_API int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag);
MPII_API int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval);
MPII_API int PMPI_Type_envelope(MPI_Datatype datatype, int *count, int *combiner);
MPII_API int PMPI_Type_contents(MPI_Datatype datatype, int start, int count, int *array_blocklens, int *array_disps, MPI_Aint *array_hdisps, MPI_Datatype *array_types);
MPII_API int PMPI_Type_to_string(MPI_Datatype datatype, char *buf, int buflen, int *resultlen);
MPII_API int PMPI_Type_from_string(const char *str, MPI_Datatype *newtype);
MPII_API int PMPI_True_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent);
MPII_API int PMPI_Group_size(MPI_Group group, int *size);
MPII_API int PMPI_Group_rank(MPI_Group group, int *rank);
MPII_API int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]);
MPII_API int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result);
MPII_API int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
MPII_API int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
MPII_API int PMPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup);
MPII_API int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
MPII_API int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup);
MPII_API int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
MPII_API int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup);
MPII_API int PMPI_Group_free(MPI_Group *group);
MPII_API int PMPI_Comm_size(MPI_Comm comm, int *size);
MPII_API int PMPI_Comm_rank(MPI_Comm comm, int *rank);
MPII_API int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group);
MPII_API int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result);
MPII_API int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
MPII_API int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm);
MPII_API int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request);
MPII_API int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm);
MPII_API int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm);
MPII_API int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
MPII_API int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm);
MPII_API int PMPI_Comm_free(MPI_Comm *comm);
MPII_API int PMPI_Comm_disconnect(MPI_Comm *comm);
MPII_API int PMPI_Comm_test_inter(MPI_Comm comm, int *flag);
MPII_API int PMPI_Comm_remote_size(MPI_Comm comm, int *size);
MPII_API int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group);
MPII_API int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag, MPI_Comm *newintercomm);
MPII_API int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm);
MPII_API int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info);
MPII_API int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used);
MPII_API int PMPI_Comm_set_name(MPI_Comm comm, const char *comm_name);
MPII_API int PMPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen);
MPII_API int PMPI_Communicator_id(MPI_Comm comm, int *id);
MPII_API int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm *comm_cart);
MPII_API int PMPI_Dims_create(int nnodes, int ndims, int dims[]);
MPII_API int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]);
MPII_API int PMPI_Cartdim_get(MPI_Comm comm, int *ndims);
MPII_API int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank);
MPII_API int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
MPII_API int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest);
MPII_API int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm);
MPII_API int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank);
MPII_API int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder, MPI_Comm *comm_graph);
MPII_API int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges);
MPII_API int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]);
MPII_API int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors);
MPII_API int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]);
MPII_API int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank);
MPII_API int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[], const int destinations[], const int weights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph);
MPII_API int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[], int outdegree, const int destinations[], const int destweights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph);
MPII_API int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted);
MPII_API int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree, int destinations[], int destweights[]);
MPII_API int PMPI_Topo_test(MPI_Comm comm, int *status);
MPII_API int PMPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int PMPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int PMPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int PMPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int PMPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
MPII_API int PMPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Barrier(MPI_Comm comm);
MPII_API int PMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
MPII_API int PMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
MPII_API int PMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm);
MPII_API int PMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
MPII_API int PMPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
MPII_API int PMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int PMPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int PMPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int PMPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm);
MPII_API int PMPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
MPII_API int PMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
MPII_API int PMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int PMPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int PMPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int PMPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int PMPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
MPII_API int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op);
MPII_API int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request);
MPII_API int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op);
MPII_API int PMPI_Op_free(MPI_Op *op);
MPII_API int PMPI_Op_commutative(MPI_Op op, int *commute);
MPII_API int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn, MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval, void *extra_state);
MPII_API int PMPI_Comm_free_keyval(int *comm_keyval);
MPII_API int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val);
MPII_API int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag);
MPII_API int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval);
MPII_API int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval, void *extra_state);
MPII_API int PMPI_Keyval_free(int *keyval);
MPII_API int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val);
MPII_API int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag);
MPII_API int PMPI_Attr_delete(MPI_Comm comm, int keyval);
MPII_API int PMPI_Handle_keyval_create(MPI_Handle_copy_function *copy_fn, MPI_Handle_delete_function *delete_fn, int *keyval, void *extra_state);
MPII_API int PMPI_Handle_attr_put(MPI_Handle *handle, MPI_Handletype handletype, int keyval, void *attribute_val);
MPII_API int PMPI_Handle_attr_get(MPI_Handle *handle, MPI_Handletype handletype, int keyval, void *attribute_val, int *flag);
MPII_API int PMPI_Handle_attr_delete(MPI_Handle *handle, MPI_Handletype handletype, int keyval);
MPII_API int PMPI_Handle_name_put(MPI_Handle *handle, MPI_Handletype handletype, const char *name);
MPII_API int PMPI_Handle_name_get(MPI_Handle *handle, MPI_Handletype handletype, char **name);
MPII_API int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn, MPI_Errhandler *errhandler);
MPII_API int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
MPII_API int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);
MPII_API int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode);
MPII_API int PMPI_Errhandler_create(MPI_Handler_function *function, MPI_Errhandler *errhandler);
MPII_API int PMPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler);
MPII_API int PMPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);
MPII_API int PMPI_Errhandler_free(MPI_Errhandler *errhandler);
MPII_API int PMPI_Error_string(int errorcode, char *string, int *resultlen);
MPII_API int PMPI_Error_class(int errorcode, int *errorclass);
MPII_API int PMPI_Add_error_class(int *errorclass);
MPII_API int PMPI_Add_error_code(int errorclass, int *errorcode);
MPII_API int PMPI_Add_error_string(int errorcode, const char *string);
MPII_API int PMPI_Raise_error_handler(MPI_Comm comm, int errorcode);
MPII_API int PMPI_Meta_request_create(MPI_Request_init_function *init_fn, MPI_Request_start_function *start_fn, MPI_Request_complete_function *complete_fn, MPI_Request_free_function *free_fn, MPI_Request_cancel_function *cancel_fn, MPI_Metarequest *metareq);
MPII_API int PMPI_Meta_request_free(MPI_Metarequest *metareq);
MPII_API int PMPI_Request_init(MPI_Metarequest metareq, void *extra_state, MPI_Request *request);
MPII_API int PMPI_Request_mark_complete(MPI_Request *request);
MPII_API int PMPI_Request_type(MPI_Request request, MPI_Typerequest *typereq);
MPII_API int PMPI_Post_handler(MPI_Request request, MPI_Info handler_attr, MPI_Request_handler *handler, void *extra_state, int handler_type);
MPII_API int PMPI_Get_status(MPI_Request request, MPI_Status *status);
MPII_API int PMPI_Handler_lock(void);
MPII_API int PMPI_Handler_unlock(void);
MPII_API int PMPI_Barrier_loose(MPI_Comm comm);
MPII_API int PMPI_Mutex_create(MPI_Comm comm, MPI_Info mutexattr, MPI_Mutex *mutex);
MPII_API int PMPI_Mutex_free(MPI_Mutex *mutex);
MPII_API int PMPI_Mutex_lock(MPI_Mutex mutex);
MPII_API int PMPI_Mutex_trylock(MPI_Mutex mutex, int *flag);
MPII_API int PMPI_Mutex_unlock(MPI_Mutex mutex);
MPII_API int PMPI_Cond_create(MPI_Comm comm, MPI_Info condattr, MPI_Cond *cond);
MPII_API int PMPI_Cond_free(MPI_Cond *cond);
MPII_API int PMPI_Cond_signal(MPI_Cond cond);
MPII_API int PMPI_Cond_broadcast(MPI_Cond cond);
MPII_API int PMPI_Cond_wait(MPI_Cond cond, MPI_Mutex mutex);
MPII_API int PMPI_Endpoint_join(void);
MPII_API int PMPI_Endpoint_leave(void);
/* one-sided communication, PMPI twins (issue 16) */
MPII_API int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win);
MPII_API int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win);
MPII_API int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win);
MPII_API int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr);
MPII_API int PMPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win);
MPII_API int PMPI_Win_attach(MPI_Win win, void *base, MPI_Aint size);
MPII_API int PMPI_Win_detach(MPI_Win win, const void *base);
MPII_API int PMPI_Win_free(MPI_Win *win);
MPII_API int PMPI_Win_get_group(MPI_Win win, MPI_Group *group);
MPII_API int PMPI_Win_set_info(MPI_Win win, MPI_Info info);
MPII_API int PMPI_Win_get_info(MPI_Win win, MPI_Info *info_used);
MPII_API int PMPI_Win_create_errhandler(MPI_Win_errhandler_function *win_errhandler_fn, MPI_Errhandler *errhandler);
MPII_API int PMPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler);
MPII_API int PMPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler);
MPII_API int PMPI_Win_call_errhandler(MPI_Win win, int errorcode);
MPII_API int PMPI_Win_fence(int assert, MPI_Win win);
MPII_API int PMPI_Win_post(MPI_Group group, int assert, MPI_Win win);
MPII_API int PMPI_Win_start(MPI_Group group, int assert, MPI_Win win);
MPII_API int PMPI_Win_complete(MPI_Win win);
MPII_API int PMPI_Win_wait(MPI_Win win);
MPII_API int PMPI_Win_test(MPI_Win win, int *flag);
MPII_API int PMPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win);
MPII_API int PMPI_Win_unlock(int rank, MPI_Win win);
MPII_API int PMPI_Win_lock_all(int assert, MPI_Win win);
MPII_API int PMPI_Win_unlock_all(MPI_Win win);
MPII_API int PMPI_Win_flush(int rank, MPI_Win win);
MPII_API int PMPI_Win_flush_all(MPI_Win win);
MPII_API int PMPI_Win_flush_local(int rank, MPI_Win win);
MPII_API int PMPI_Win_flush_local_all(MPI_Win win);
MPII_API int PMPI_Win_sync(MPI_Win win);
MPII_API int PMPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win);
MPII_API int PMPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win);
MPII_API int PMPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
MPII_API int PMPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
MPII_API int PMPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win);
MPII_API int PMPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win);
MPII_API int PMPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request);
MPII_API int PMPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request);
MPII_API int PMPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request);
MPII_API int PMPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request);
MPII_API int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn, MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval, void *extra_state);
MPII_API int PMPI_Win_free_keyval(int *win_keyval);
MPII_API int PMPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val);
MPII_API int PMPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag);
MPII_API int PMPI_Win_delete_attr(MPI_Win win, int win_keyval);
MPII_API int PMPI_Win_set_name(MPI_Win win, const char *win_name);
MPII_API int PMPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen);
MPII_API MPI_Fint PMPI_Win_c2f(MPI_Win win);
MPII_API MPI_Win PMPI_Win_f2c(MPI_Fint win);
MPII_API int PMPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[]);
MPII_API int PMPI_Comm_get_parent(MPI_Comm *parent);
MPII_API MPI_Fint PMPI_Comm_c2f(MPI_Comm comm);
MPII_API MPI_Comm PMPI_Comm_f2c(MPI_Fint comm);
MPII_API MPI_Fint PMPI_Type_c2f(MPI_Datatype datatype);
MPII_API MPI_Datatype PMPI_Type_f2c(MPI_Fint datatype);
MPII_API MPI_Fint PMPI_Group_c2f(MPI_Group group);
MPII_API MPI_Group PMPI_Group_f2c(MPI_Fint group);
MPII_API MPI_Fint PMPI_Request_c2f(MPI_Request request);
MPII_API MPI_Request PMPI_Request_f2c(MPI_Fint request);
MPII_API MPI_Fint PMPI_Op_c2f(MPI_Op op);
MPII_API MPI_Op PMPI_Op_f2c(MPI_Fint op);
MPII_API MPI_Fint PMPI_Info_c2f(MPI_Info info);
MPII_API MPI_Info PMPI_Info_f2c(MPI_Fint info);
MPII_API MPI_Fint PMPI_Errhandler_c2f(MPI_Errhandler errhandler);
MPII_API MPI_Errhandler PMPI_Errhandler_f2c(MPI_Fint errhandler);

#if defined(__cplusplus)
}
#endif

#endif /* SHMPI_MPI_H */
