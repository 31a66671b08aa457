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
 * inline: every MPI_X is a real symbol with a PMPI_X twin.  This file holds
 * the types and constants; the function prototypes are in mpi_proto.h,
 * generated from api/mpi.api and installed beside it.
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
typedef struct mpii_session *MPI_Session;  /* MPI-4.0 11.3 */

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

/* The status of the mpi_f08 module (TYPE(MPI_Status)); mpif.h's is an
 * INTEGER array of 6 with the same layout (MPI_Status_c2f/f2c). */
typedef struct MPI_F08_status {
	MPI_Fint MPI_SOURCE;
	MPI_Fint MPI_TAG;
	MPI_Fint MPI_ERROR;
	MPI_Fint mpii_internal[3];
} MPI_F08_status;

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
#define MPI_SESSION_NULL    ((MPI_Session)0)

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
MPII_API extern struct mpii_datatype mpii_obj_type_c_complex;
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
MPII_API extern struct mpii_datatype mpii_obj_type_logical1;
MPII_API extern struct mpii_datatype mpii_obj_type_logical2;
MPII_API extern struct mpii_datatype mpii_obj_type_logical4;
MPII_API extern struct mpii_datatype mpii_obj_type_logical8;
MPII_API extern struct mpii_datatype mpii_obj_type_complex4;
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
#define MPI_LOGICAL1 (&mpii_obj_type_logical1)
#define MPI_LOGICAL2 (&mpii_obj_type_logical2)
#define MPI_LOGICAL4 (&mpii_obj_type_logical4)
#define MPI_LOGICAL8 (&mpii_obj_type_logical8)
/* Transfers only: no 2-byte real arithmetic, reductions fail with MPI_ERR_OP. */
#define MPI_COMPLEX4 (&mpii_obj_type_complex4)
#define MPI_2REAL (&mpii_obj_type_2real)
#define MPI_2DOUBLE_PRECISION (&mpii_obj_type_2double_precision)
#define MPI_2INTEGER (&mpii_obj_type_2integer)
#define MPI_CXX_BOOL (&mpii_obj_type_cxx_bool)
#define MPI_CXX_FLOAT_COMPLEX (&mpii_obj_type_cxx_float_complex)
#define MPI_CXX_DOUBLE_COMPLEX (&mpii_obj_type_cxx_double_complex)
#define MPI_CXX_LONG_DOUBLE_COMPLEX (&mpii_obj_type_cxx_long_double_complex)
#define MPI_DATATYPE (&mpii_obj_type_datatype)
#define MPI_LONG_LONG MPI_LONG_LONG_INT
#define MPI_C_COMPLEX (&mpii_obj_type_c_complex)
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
#define MPI_MAX_PSET_NAME_LEN 256   /* MPI-4.0 11.3.2 */
#define MPI_MAX_STRINGTAG_LEN 256   /* MPI-4.0 7.4.2 */

#define MPI_BOTTOM ((void *)0)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_STATUS_IGNORE ((MPI_Status *)1)
#define MPI_STATUSES_IGNORE ((MPI_Status *)1)
#define MPI_ERRCODES_IGNORE ((int *)0)
#define MPI_ARGV_NULL ((char **)0)
#define MPI_ARGVS_NULL ((char ***)0)
#define MPI_UNWEIGHTED ((int *)2)
#define MPI_WEIGHTS_EMPTY ((int *)3)
/* MPI-4.1 3.6.1: attached as a buffer, buffered sends allocate their own
 * copies (lib/p2p/bsend.c). */
#define MPI_BUFFER_AUTOMATIC ((void *)-2)

/* The Fortran sentinels as C sees them (MPI-3.1 17.2.5): the common blocks
 * of mpif.h (mpii_obj_f_*_, lib/fortran/sentinels.c), the same variables
 * as the BIND(C) ones of mpi_f08. */
MPII_API extern MPI_Fint mpii_obj_f_status_ignore_[6];
MPII_API extern MPI_Fint mpii_obj_f_statuses_ignore_[6];
#define MPI_F_STATUS_IGNORE (&mpii_obj_f_status_ignore_[0])
#define MPI_F_STATUSES_IGNORE (&mpii_obj_f_statuses_ignore_[0])
#define MPI_F08_STATUS_IGNORE ((MPI_F08_status *)&mpii_obj_f_status_ignore_[0])
#define MPI_F08_STATUSES_IGNORE ((MPI_F08_status *)&mpii_obj_f_statuses_ignore_[0])
/* MPI-4.0 19.3.5: the Fortran INTEGER status as C sees it: its length and
 * the 0-based C indices of its public fields (Fortran's MPI_STATUS_SIZE,
 * MPI_SOURCE, MPI_TAG, MPI_ERROR are the same layout, 1-based). */
#define MPI_F_STATUS_SIZE 6
#define MPI_F_SOURCE 0
#define MPI_F_TAG 1
#define MPI_F_ERROR 2

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
#define MPI_COMM_TYPE_HW_UNGUIDED 2   /* MPI-4.0 7.4.2 */
#define MPI_COMM_TYPE_HW_GUIDED 3
#define MPI_COMM_TYPE_RESOURCE_GUIDED 4 /* MPI-4.1 */

/* predefined attribute keyvals on MPI_COMM_WORLD */
#define MPI_TAG_UB 1
#define MPI_HOST 2               /* deprecated in MPI-4.1 */
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
/* MPI-4.0 and 4.1 classes */
#define MPI_ERR_SESSION 62        /* invalid session (MPI-4.0 11.3) */
#define MPI_ERR_PROC_ABORTED 63   /* a peer process was aborted */
#define MPI_ERR_VALUE_TOO_LARGE 64 /* a value does not fit its output argument */
#define MPI_ERR_ERRHANDLER 65     /* invalid error handler (MPI-4.1) */
/* The tools interface's classes (MPI-4.1 15.3.10; lib/tools): 70-87, so
 * that the MPI-4 classes may take 62-69. */
#define MPI_T_ERR_MEMORY 70
#define MPI_T_ERR_NOT_INITIALIZED 71
#define MPI_T_ERR_CANNOT_INIT 72
#define MPI_T_ERR_INVALID_INDEX 73
#define MPI_T_ERR_INVALID_ITEM 74
#define MPI_T_ERR_INVALID_HANDLE 75
#define MPI_T_ERR_OUT_OF_HANDLES 76
#define MPI_T_ERR_OUT_OF_SESSIONS 77
#define MPI_T_ERR_INVALID_SESSION 78
#define MPI_T_ERR_CVAR_SET_NOT_NOW 79
#define MPI_T_ERR_CVAR_SET_NEVER 80
#define MPI_T_ERR_PVAR_NO_STARTSTOP 81
#define MPI_T_ERR_PVAR_NO_WRITE 82
#define MPI_T_ERR_PVAR_NO_ATOMIC 83
#define MPI_T_ERR_INVALID_NAME 84
#define MPI_T_ERR_INVALID 85
#define MPI_T_ERR_NOT_ACCESSIBLE 86
#define MPI_T_ERR_NOT_SUPPORTED 87
#define MPI_ERR_LASTCODE 87

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

/* file access modes (MPI_File_open; lib/io/, docs/io.md) */
#define MPI_MODE_CREATE 1
#define MPI_MODE_RDONLY 2
#define MPI_MODE_WRONLY 4
#define MPI_MODE_RDWR 8
#define MPI_MODE_DELETE_ON_CLOSE 16
#define MPI_MODE_UNIQUE_OPEN 32
#define MPI_MODE_EXCL 64
#define MPI_MODE_APPEND 128
#define MPI_MODE_SEQUENTIAL 256
/* MPI_File_seek whence */
#define MPI_SEEK_SET 600
#define MPI_SEEK_CUR 602
#define MPI_SEEK_END 604
/* MPI_File_set_view: the displacement of the current shared pointer */
#define MPI_DISPLACEMENT_CURRENT (-54278278)

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
/* MPI-4.0's large-count twin (MPI_Op_create_c) */
typedef void MPI_User_function_c(void *invec, void *inoutvec, MPI_Count *len,
				 MPI_Datatype *datatype);
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
typedef void MPI_Session_errhandler_function(MPI_Session *session, int *errcode, ...);
/* User data representations (MPI_Register_datarep) */
typedef int MPI_Datarep_conversion_function(void *userbuf, MPI_Datatype datatype, int count,
					    void *filebuf, MPI_Offset position, void *extra_state);
typedef int MPI_Datarep_conversion_function_c(void *userbuf, MPI_Datatype datatype,
					      MPI_Count count, void *filebuf, MPI_Offset position,
					      void *extra_state);
typedef int MPI_Datarep_extent_function(MPI_Datatype datatype, MPI_Aint *file_extent,
					void *extra_state);
/* Programs written for ROMIO (the MPI-IO of MPICH and Open MPI) name the
 * requests of nonblocking file calls MPIO_Request and complete them with
 * MPIO_Wait/MPIO_Test: here they are ordinary requests, as in Open MPI's
 * mpi.h (the MPICH suite's io/async uses them). */
#define MPIO_USES_MPI_REQUEST
#define MPIO_Request MPI_Request
#define MPIO_Wait MPI_Wait
#define MPIO_Test MPI_Test
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
MPII_API int mpii_obj_conversion_fn_null_c(void *, MPI_Datatype, MPI_Count, void *, MPI_Offset,
					   void *);

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
#define MPI_CONVERSION_FN_NULL_C mpii_obj_conversion_fn_null_c

/* ------------------------------------------- the tools interface (MPI_T) */
/* MPI-4.1 chapter 15.3, implemented in lib/tools/ (docs/mpit.md lists the
 * variables).  C only: the standard gives MPI_T no Fortran bindings. */
typedef struct mpii_t_enum *MPI_T_enum;
typedef struct mpii_t_cvar_handle *MPI_T_cvar_handle;
typedef struct mpii_t_pvar_handle *MPI_T_pvar_handle;
typedef struct mpii_t_pvar_session *MPI_T_pvar_session;
typedef struct mpii_t_event_registration *MPI_T_event_registration;
typedef struct mpii_t_event_instance *MPI_T_event_instance;

typedef enum MPI_T_cb_safety {
	MPI_T_CB_REQUIRE_NONE = 0,
	MPI_T_CB_REQUIRE_MPI_RESTRICTED = 1,
	MPI_T_CB_REQUIRE_THREAD_SAFE = 2,
	MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE = 3
} MPI_T_cb_safety;

typedef enum MPI_T_source_order {
	MPI_T_SOURCE_ORDERED = 0,
	MPI_T_SOURCE_UNORDERED = 1
} MPI_T_source_order;

typedef void MPI_T_event_cb_function(MPI_T_event_instance event_instance,
				     MPI_T_event_registration event_registration,
				     MPI_T_cb_safety cb_safety, void *user_data);
typedef void MPI_T_event_free_cb_function(MPI_T_event_registration event_registration,
					  MPI_T_cb_safety cb_safety, void *user_data);
typedef void MPI_T_event_dropped_cb_function(MPI_Count count,
					     MPI_T_event_registration event_registration,
					     int source_index, MPI_T_cb_safety cb_safety,
					     void *user_data);

#define MPI_T_ENUM_NULL ((MPI_T_enum)0)
#define MPI_T_CVAR_HANDLE_NULL ((MPI_T_cvar_handle)0)
#define MPI_T_PVAR_HANDLE_NULL ((MPI_T_pvar_handle)0)
#define MPI_T_PVAR_SESSION_NULL ((MPI_T_pvar_session)0)
/* MPI_T_pvar_start/stop/reset on every handle of a session */
#define MPI_T_PVAR_ALL_HANDLES ((MPI_T_pvar_handle)1)

#define MPI_T_VERBOSITY_USER_BASIC 221
#define MPI_T_VERBOSITY_USER_DETAIL 222
#define MPI_T_VERBOSITY_USER_ALL 223
#define MPI_T_VERBOSITY_TUNER_BASIC 224
#define MPI_T_VERBOSITY_TUNER_DETAIL 225
#define MPI_T_VERBOSITY_TUNER_ALL 226
#define MPI_T_VERBOSITY_MPIDEV_BASIC 227
#define MPI_T_VERBOSITY_MPIDEV_DETAIL 228
#define MPI_T_VERBOSITY_MPIDEV_ALL 229

#define MPI_T_BIND_NO_OBJECT 9700
#define MPI_T_BIND_MPI_COMM 9701
#define MPI_T_BIND_MPI_DATATYPE 9702
#define MPI_T_BIND_MPI_ERRHANDLER 9703
#define MPI_T_BIND_MPI_FILE 9704
#define MPI_T_BIND_MPI_GROUP 9705
#define MPI_T_BIND_MPI_OP 9706
#define MPI_T_BIND_MPI_REQUEST 9707
#define MPI_T_BIND_MPI_WIN 9708
#define MPI_T_BIND_MPI_MESSAGE 9709
#define MPI_T_BIND_MPI_INFO 9710
#define MPI_T_BIND_MPI_SESSION 9711

#define MPI_T_SCOPE_CONSTANT 60438
#define MPI_T_SCOPE_READONLY 60439
#define MPI_T_SCOPE_LOCAL 60440
#define MPI_T_SCOPE_GROUP 60441
#define MPI_T_SCOPE_GROUP_EQ 60442
#define MPI_T_SCOPE_ALL 60443
#define MPI_T_SCOPE_ALL_EQ 60444

#define MPI_T_PVAR_CLASS_STATE 240
#define MPI_T_PVAR_CLASS_LEVEL 241
#define MPI_T_PVAR_CLASS_SIZE 242
#define MPI_T_PVAR_CLASS_PERCENTAGE 243
#define MPI_T_PVAR_CLASS_HIGHWATERMARK 244
#define MPI_T_PVAR_CLASS_LOWWATERMARK 245
#define MPI_T_PVAR_CLASS_COUNTER 246
#define MPI_T_PVAR_CLASS_AGGREGATE 247
#define MPI_T_PVAR_CLASS_TIMER 248
#define MPI_T_PVAR_CLASS_GENERIC 249

/* ---------------------------------------------------------- functions */
/* The prototypes (MPI_X and PMPI_X) are generated from api/mpi.api by
 * api/gen-api.py; that description is the one list of shmpi's functions. */
#include "mpi_proto.h"

#if defined(__cplusplus)
}
#endif

#endif /* SHMPI_MPI_H */
