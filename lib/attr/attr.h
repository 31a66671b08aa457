/*
 * lib/attr/attr.h - caching: keyvals and the attribute lists of communicators,
 * datatypes, groups, persistent requests and (later) windows.
 *
 * A keyval is an int handed to the user; it names a struct mpii_keyval that
 * holds the copy and delete callbacks, their calling convention and the
 * extra_state.  A keyval created by MPI_Comm_create_keyval (or the type/win
 * twins) works on its own kind of handle; one from MPI_Keyval_create or
 * MPI_Handle_keyval_create works on every kind (seed 002, 6.7).
 *
 * Each object carries a `struct mpii_attr_list *attrs` (NULL while it has
 * no attribute).  The list keeps attachment order; deleting all attributes
 * of an object runs the delete callbacks in reverse order of attachment
 * (seed 002, 6.11), and replacing a value keeps the attribute's place.
 *
 * A keyval freed while attributes use it stays alive (reference counted)
 * until the last of them is deleted; its id is not handed out again before.
 *
 * Locking: one leaf mutex in lib/attr/attr.c guards the keyval table and every
 * list; it is never held while a user callback runs.  Callers of the
 * functions below must not hold the library lock (mpii_lock): callbacks are
 * user code and may call MPI.
 */
#ifndef MPII_ATTR_H
#define MPII_ATTR_H

#include "mpi.h"

struct mpii_comm;
struct mpii_datatype;
struct mpii_group;
struct mpii_request;

/* Kinds of handle an attribute list hangs on; the first five equal the
 * seed's MPI_HANDLE_* values. */
enum mpii_hkind {
	MPII_HK_COMM = MPI_HANDLE_COMM,
	MPII_HK_DATATYPE = MPI_HANDLE_DATATYPE,
	MPII_HK_GROUP = MPI_HANDLE_GROUP,
	MPII_HK_PREQUEST = MPI_HANDLE_PREQUEST,
	MPII_HK_FILE = MPI_HANDLE_FILE,
	MPII_HK_WIN = 6,
	MPII_HK_ANY = 7,        /* keyvals: usable on every kind */
};

/* Calling convention of a user callback. */
enum mpii_cbsig {
	MPII_CB_COMM = 1,       /* MPI_Comm_copy_attr_function, MPI_Copy_function */
	MPII_CB_TYPE,           /* MPI_Type_copy_attr_function */
	MPII_CB_WIN,            /* MPI_Win_copy_attr_function */
	MPII_CB_HANDLE,         /* MPI_Handle_copy_function (seed 002) */
};

/* What a copy or delete slot does: the predefined callbacks are recognised
 * when the keyval is created and never called through a pointer, so any of
 * them works with any calling convention (the seed passes
 * MPI_HANDLE_NULL_COPY_FN to MPI_Keyval_create). */
enum mpii_cbmode { MPII_CBM_NONE = 0, MPII_CBM_DUP, MPII_CBM_USER };

/* How an attribute value was set (MPI-3.1 17.2.7, "Attributes"): from C,
 * a pointer; from Fortran, an integer, INTEGER (MPI_ATTR_PUT) or
 * INTEGER(KIND=MPI_ADDRESS_KIND) (MPI_COMM_SET_ATTR and the type and
 * window twins).  C code sees a Fortran value as a pointer to MPI's copy
 * of the integer (example 17.18 B, 17.19 B); Fortran code sees a C value as
 * the pointer's address (17.17 C, D) and a Fortran value as the integer,
 * sign-extended or truncated to its own kind (17.18 D, 17.19 C). */
enum mpii_attr_how { MPII_ATTR_C = 0, MPII_ATTR_FINT, MPII_ATTR_FAINT };
/* MPI's copy of a Fortran value, which C code gets the address of: i for
 * MPII_ATTR_FINT, a for MPII_ATTR_FAINT (both at the union's address). */
union mpii_attr_int {
	int i;
	MPI_Aint a;
};

struct mpii_keyval {
	int id;
	int fortran;            /* callbacks are Fortran procedures (lib/fortran):
				 * they get and give the integer value, not C's view */
	int kind;               /* enum mpii_hkind: the handles it may be used on */
	int copy_mode, delete_mode;   /* enum mpii_cbmode */
	int copy_sig, delete_sig;     /* enum mpii_cbsig, for MPII_CBM_USER */
	void (*copy_fn)(void);        /* cast to the type named by copy_sig */
	void (*delete_fn)(void);
	void *extra_state;
	int refs;               /* the user's handle (until freed) + one per attribute */
	int freed;              /* the user freed it */
};

struct mpii_attr {
	struct mpii_keyval *kv;
	void *val;              /* C's pointer, or Fortran's integer (intptr_t) */
	int how;                /* enum mpii_attr_how */
	union mpii_attr_int f;  /* Fortran's integer again, for C's pointer to it */
	struct mpii_attr *prev, *next;  /* attachment order */
};

struct mpii_attr_list {
	struct mpii_attr *first, *last;
};

/* ---- keyvals (lib/attr/attr.c) */

/* Create a keyval for handles of kind (MPII_HK_ANY: all).  copy_fn and
 * delete_fn are given as generic pointers with their calling convention;
 * predefined callbacks (MPI_NULL_COPY_FN, MPI_DUP_FN, ...) and NULL are
 * recognised.  Returns MPI_SUCCESS or MPI_ERR_NO_MEM; *keyval gets the id. */
int mpii_keyval_create(int kind, void (*copy_fn)(void), int copy_sig,
		       void (*delete_fn)(void), int delete_sig, void *extra_state,
		       int *keyval) __attribute__((warn_unused_result));

/* Free the user's reference to keyval id, which must be of kind (or ANY,
 * or any kind when kind is MPII_HK_ANY).  MPI_ERR_KEYVAL for predefined,
 * unknown, already freed or wrong-kind keyvals. */
int mpii_keyval_free(int keyval, int kind) __attribute__((warn_unused_result));

/* The MPI_*_create_keyval calls for fn: a keyval for handles of kind whose
 * callbacks both have convention sig (enum mpii_cbsig).  Returns
 * MPI_SUCCESS or what mpii_err() returned (keyval NULL, out of memory). */
int mpii_keyval_create_call(const char *fn, int kind, int sig, void (*copy_fn)(void),
			    void (*delete_fn)(void), void *extra_state, int *keyval);

/* True when id is one of the predefined attribute keys of mpi.h. */
int mpii_keyval_is_predefined(int keyval);

/* ---- attributes on any object (lib/attr/attr.c)
 * list points to the object's attrs field; hk is the object's kind and
 * handle its value (passed to callbacks).  Errors: MPI_ERR_KEYVAL for a bad
 * keyval (unknown, wrong kind, predefined; freed for set), MPI_ERR_NO_MEM,
 * or the code a user delete callback returned. */
int mpii_attr_set(struct mpii_attr_list **list, int hk, void *handle, int keyval,
		  void *val) __attribute__((warn_unused_result));
int mpii_attr_get(struct mpii_attr_list **list, int hk, int keyval, void **val,
		  int *flag) __attribute__((warn_unused_result));
int mpii_attr_delete(struct mpii_attr_list **list, int hk, void *handle, int keyval)
	__attribute__((warn_unused_result));

/* Attribute calls made for Fortran (lib/attr/attr_api.c's
 * mpii_lang_attr_set/get): while how is set on this thread, mpii_attr_set
 * stores its value as an integer set that way, and mpii_attr_get answers
 * the stored word itself (an integer, or the pointer C set) and records
 * how it was set, which mpii_attr_lang_end returns (MPII_ATTR_C when the
 * get found nothing in a list: a predefined attribute).  Not nested; a
 * callback run in between sees C's view as usual. */
void mpii_attr_lang_begin(int how);
int mpii_attr_lang_end(void);
/* Marks keyval as having Fortran callbacks (MPI_SUCCESS or MPI_ERR_KEYVAL). */
int mpii_keyval_set_fortran(int keyval);

/* libshmpi_fortran's attribute calls (hooks, as mpii_lang_op_create: the
 * public API has no place to say a value is an integer from Fortran).
 * which: the C call they make for the Fortran one (MPI_Comm_set_attr for
 * MPI_COMM_SET_ATTR, ..., MPI_Attr_put for MPI_ATTR_PUT, whose value is
 * an INTEGER); errors are that call's.  get gives the stored word (an
 * integer Fortran set, or the address C set) and how it was set (enum
 * mpii_attr_how).  keyval_fortran marks a keyval whose callbacks are
 * Fortran procedures. */
enum { MPII_LANG_ATTR_COMM, MPII_LANG_ATTR_TYPE, MPII_LANG_ATTR_WIN, MPII_LANG_ATTR_MPI1 };
MPII_API int mpii_lang_attr_set(int which, void *obj, int keyval, MPI_Aint value);
MPII_API int mpii_lang_attr_get(int which, void *obj, int keyval, MPI_Aint *value, int *how,
				int *flag);
MPII_API int mpii_lang_keyval_fortran(int keyval);

/* Copy the attributes of old (list src) onto new (list *dst, normally
 * empty) as a dup does: each copy callback, in attachment order, decides.
 * On a failing callback the attributes copied so far are deleted again
 * (their delete callbacks run) and the callback's code is returned. */
int mpii_attr_copy(struct mpii_attr_list **dst, struct mpii_attr_list **src, int hk,
		   void *oldhandle, void *newhandle) __attribute__((warn_unused_result));

/* Delete every attribute, last attached first.  A failing delete callback
 * stops the walk (that attribute and the older ones stay) and its code is
 * returned, unless force is set: then the failing attribute is dropped
 * anyway, the walk goes on and the first failure is returned.  The list is
 * freed and *list set to NULL when it ends empty. */
int mpii_attr_delete_all(struct mpii_attr_list **list, int hk, void *handle, int force);

/* ---- per kind of object, for the owners of dup and free paths
 * (lib/attr/attr_api.c).  Call without the library lock.  Copy: MPI_SUCCESS or
 * an error class to fail the dup with (new keeps no attribute).  Delete all:
 * MPI_SUCCESS, or the first failing delete callback's code: then fail the
 * free and leave the object usable (remaining attributes still attached). */
int mpii_attr_copy_comm(struct mpii_comm *old, struct mpii_comm *new)
	__attribute__((warn_unused_result));
int mpii_attr_copy_type(struct mpii_datatype *old, struct mpii_datatype *new)
	__attribute__((warn_unused_result));
int mpii_attr_delete_all_comm(struct mpii_comm *c);
int mpii_attr_delete_all_type(struct mpii_datatype *dt);
int mpii_attr_delete_all_group(struct mpii_group *g);
int mpii_attr_delete_all_request(struct mpii_request *r);

/* Get on a communicator with the standard convention (attribute_val is a
 * void ** in disguise), predefined keys (MPI_TAG_UB ...) included. */
int mpii_attr_comm_get(struct mpii_comm *c, int keyval, void *attribute_val, int *flag)
	__attribute__((warn_unused_result));

/* Resolve a seed-002 handle argument (the address of a handle variable of
 * kind handletype) to the object, its attribute list and its name storage
 * kind.  MPI_SUCCESS, or MPI_ERR_COMM/_TYPE/_GROUP/_REQUEST (not a
 * persistent request)/_FILE (reserved kind)/_ARG (unknown kind or NULL). */
int mpii_handle_resolve(MPI_Handle *handle, int handletype, void **obj,
			struct mpii_attr_list ***list) __attribute__((warn_unused_result));

/* MPI_Finalize: delete the attributes of MPI_COMM_SELF, then of
 * MPI_COMM_WORLD (seed 002, 6.11), each in reverse order of attachment,
 * before anything is torn down.  Failing callbacks do not stop it; returns
 * the first failure. */
int mpii_attr_finalize(void);
/* MPI_Init: give lib/core/ the hook that deletes a freed persistent
 * request's attributes (mpii_request_hooks.attrs_delete). */
void mpii_attr_init(void);

/* The rest of lib/attr/'s interface: info objects. */
#include "lib/attr/info.h"

#endif
