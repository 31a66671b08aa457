/*
 * lib/attr/attr.c - keyvals and attribute lists, independent of the kind of
 * object they hang on (lib/attr/attr.h gives the model).
 *
 * Keyval table: user keyvals are ids MPII_KV_BASE + slot; a slot is taken
 * again only after the keyval it held is fully released (user freed it and
 * no attribute uses it), and the search for a free slot starts after the
 * last one handed out, so a stale id does not name a new keyval at once.
 *
 * Every user callback runs with attr_mu released; the attribute it concerns
 * is looked up again afterwards, so a callback may call any attribute
 * function (even on the same object).  A keyval stays alive across a
 * callback because the attribute, or the snapshot of a copy, holds a
 * reference.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/attr/attr.h"

#define MPII_KV_BASE 32    /* ids below are predefined attribute keys */

static pthread_mutex_t attr_mu = PTHREAD_MUTEX_INITIALIZER;
static struct mpii_keyval **kv_tab;   /* slot -> keyval or NULL */
static int kv_cap;
static int kv_cursor;                 /* where the next free-slot search starts */

/* The Fortran call in progress on this thread (mpii_attr_lang_begin): how
 * its value is set (0: a C call), and how the attribute its get found was. */
static __thread int lang_how, lang_got;

void mpii_attr_lang_begin(int how)
{
	lang_how = how;
	lang_got = MPII_ATTR_C;
}

int mpii_attr_lang_end(void)
{
	lang_how = 0;
	return lang_got;
}

/* One attribute value as a callback is given it: the stored word, how it
 * was set, and MPI's copy of a Fortran integer for C's pointer to it. */
struct attr_value {
	void *val;
	int how;
	union mpii_attr_int f;
	/* The attribute's own copy of Fortran's integer (struct mpii_attr's
	 * f) when the value is a snapshot of one: C's pointer must stay
	 * valid after the snapshot is gone (a C copy function may keep it
	 * as the new attribute's value); NULL: f above. */
	union mpii_attr_int *home;
};

static void value_init(struct attr_value *v, void *val, int how)
{
	v->val = val;
	v->how = how;
	v->home = NULL;
	if (how == MPII_ATTR_FINT)
		v->f.i = (int)(intptr_t)val;
	else
		v->f.a = (MPI_Aint)(intptr_t)val;
}

/* What kv's callbacks get for v: Fortran procedures the word (the
 * integer, or the address C set), C functions C's view (the pointer C
 * set, or the address of the integer Fortran set). */
static void *cb_view(const struct mpii_keyval *kv, struct attr_value *v)
{
	return kv->fortran || v->how == MPII_ATTR_C ? v->val : v->home ? (void *)v->home
									     : (void *)&v->f;
}

/* ------------------------------------------------------------ keyvals */

int mpii_keyval_is_predefined(int keyval)
{
	return keyval > 0 && keyval < MPII_KV_BASE;
}

/* Map a predefined callback to its mode; anything else is a user one. */
static int cb_mode_copy(void (*fn)(void))
{
	if (fn == NULL || fn == (void (*)(void))mpii_obj_null_copy_fn ||
	    fn == (void (*)(void))mpii_obj_type_null_copy_fn ||
	    fn == (void (*)(void))mpii_obj_win_null_copy_fn ||
	    fn == (void (*)(void))mpii_obj_handle_null_copy_fn)
		return MPII_CBM_NONE;
	if (fn == (void (*)(void))mpii_obj_dup_fn ||
	    fn == (void (*)(void))mpii_obj_type_dup_fn ||
	    fn == (void (*)(void))mpii_obj_win_dup_fn ||
	    fn == (void (*)(void))mpii_obj_handle_dup_fn)
		return MPII_CBM_DUP;
	return MPII_CBM_USER;
}

static int cb_mode_delete(void (*fn)(void))
{
	if (fn == NULL || fn == (void (*)(void))mpii_obj_null_delete_fn ||
	    fn == (void (*)(void))mpii_obj_type_null_delete_fn ||
	    fn == (void (*)(void))mpii_obj_win_null_delete_fn ||
	    fn == (void (*)(void))mpii_obj_handle_delete_fn)
		return MPII_CBM_NONE;
	return MPII_CBM_USER;
}

int mpii_keyval_create(int kind, void (*copy_fn)(void), int copy_sig,
		       void (*delete_fn)(void), int delete_sig, void *extra_state,
		       int *keyval)
{
	struct mpii_keyval *kv = calloc(1, sizeof(*kv));
	int slot = -1;

	if (!kv)
		return MPI_ERR_NO_MEM;
	kv->kind = kind;
	kv->copy_mode = cb_mode_copy(copy_fn);
	kv->delete_mode = cb_mode_delete(delete_fn);
	kv->copy_fn = copy_fn;
	kv->delete_fn = delete_fn;
	kv->copy_sig = copy_sig;
	kv->delete_sig = delete_sig;
	kv->extra_state = extra_state;
	kv->refs = 1;

	pthread_mutex_lock(&attr_mu);
	for (int i = 0; i < kv_cap; i++) {
		int s = (kv_cursor + i) % kv_cap;
		if (!kv_tab[s]) {
			slot = s;
			break;
		}
	}
	if (slot < 0) {
		int ncap = kv_cap ? 2 * kv_cap : 64;
		struct mpii_keyval **nt;
		if (ncap > INT32_MAX / 2 - MPII_KV_BASE ||
		    !(nt = realloc(kv_tab, ncap * sizeof(*nt))))
			goto fail_grow;
		memset(nt + kv_cap, 0, (ncap - kv_cap) * sizeof(*nt));
		slot = kv_cap;
		kv_tab = nt;
		kv_cap = ncap;
	}
	kv_tab[slot] = kv;
	kv_cursor = (slot + 1) % kv_cap;
	kv->id = MPII_KV_BASE + slot;
	*keyval = kv->id;
	pthread_mutex_unlock(&attr_mu);
	return MPI_SUCCESS;

fail_grow:
	pthread_mutex_unlock(&attr_mu);
	free(kv);
	return MPI_ERR_NO_MEM;
}

/* The keyval with this id, or NULL.  attr_mu held. */
static struct mpii_keyval *kv_lookup(int keyval)
{
	int slot = keyval - MPII_KV_BASE;
	if (keyval < MPII_KV_BASE || slot >= kv_cap)
		return NULL;
	return kv_tab[slot];
}

/* Drop a reference; the last one releases the slot.  attr_mu held. */
static void kv_unref(struct mpii_keyval *kv)
{
	if (--kv->refs > 0)
		return;
	kv_tab[kv->id - MPII_KV_BASE] = NULL;
	free(kv);
}

int mpii_keyval_set_fortran(int keyval)
{
	struct mpii_keyval *kv;

	pthread_mutex_lock(&attr_mu);
	kv = kv_lookup(keyval);
	if (kv)
		kv->fortran = 1;
	pthread_mutex_unlock(&attr_mu);
	return kv ? MPI_SUCCESS : MPI_ERR_KEYVAL;
}

static int kind_ok(const struct mpii_keyval *kv, int hk)
{
	return kv->kind == MPII_HK_ANY || hk == MPII_HK_ANY || kv->kind == hk;
}

int mpii_keyval_free(int keyval, int kind)
{
	struct mpii_keyval *kv;
	int rc = MPI_SUCCESS;

	pthread_mutex_lock(&attr_mu);
	kv = kv_lookup(keyval);
	if (!kv || !kind_ok(kv, kind)) {
		rc = MPI_ERR_KEYVAL;
	} else if (kv->freed) {
		/* Freed already, still alive for attributes that use it: a
		 * second free is erroneous, and harmless, so it is a no-op (as
		 * in MPICH; docs/STATUS.md) rather than an error. */
	} else {
		kv->freed = 1;
		kv_unref(kv);
	}
	pthread_mutex_unlock(&attr_mu);
	return rc;
}

/* ---------------------------------------------------------- callbacks */

/* A user callback's return value as an error code for our caller. */
static int cb_result(int rc)
{
	if (rc == MPI_SUCCESS)
		return MPI_SUCCESS;
	return rc > 0 ? rc : MPI_ERR_OTHER;
}

/* Run kv's copy callback for an attribute of oldhandle.  Sets *out and
 * *flag (flag 0: do not copy).  attr_mu not held. */
static int run_copy(struct mpii_keyval *kv, int hk, void *oldhandle, struct attr_value *inv,
		    void **out, int *outhow, int *flag)
{
	int rc = MPI_SUCCESS;
	void *in = cb_view(kv, inv);

	*flag = 0;
	*out = NULL;
	/* A copy keeps the kind of value: the predefined dup and a Fortran
	 * procedure give the same word; a C function gives a pointer. */
	*outhow = kv->copy_mode == MPII_CBM_DUP || kv->fortran ? inv->how : MPII_ATTR_C;
	switch (kv->copy_mode) {
	case MPII_CBM_NONE:
		return MPI_SUCCESS;
	case MPII_CBM_DUP:
		*out = inv->val;
		*flag = 1;
		return MPI_SUCCESS;
	}
	switch (kv->copy_sig) {
	case MPII_CB_COMM:
		rc = ((MPI_Comm_copy_attr_function *)kv->copy_fn)(
			(MPI_Comm)oldhandle, kv->id, kv->extra_state, in, out, flag);
		break;
	case MPII_CB_TYPE:
		rc = ((MPI_Type_copy_attr_function *)kv->copy_fn)(
			(MPI_Datatype)oldhandle, kv->id, kv->extra_state, in, out, flag);
		break;
	case MPII_CB_WIN:
		rc = ((MPI_Win_copy_attr_function *)kv->copy_fn)(
			(MPI_Win)oldhandle, kv->id, kv->extra_state, in, out, flag);
		break;
	case MPII_CB_HANDLE: {
		void *h = oldhandle;   /* the seed passes the address of a handle */
		rc = ((MPI_Handle_copy_function *)kv->copy_fn)(
			(MPI_Handle *)&h, hk, kv->id, kv->extra_state, in, out, flag);
		break;
	}
	default:
		rc = MPI_ERR_INTERN;
	}
	if (rc != MPI_SUCCESS)
		*flag = 0;
	return cb_result(rc);
}

/* Run kv's delete callback for value v on handle.  attr_mu not held. */
static int run_delete(struct mpii_keyval *kv, int hk, void *handle, struct attr_value *v)
{
	void *val = cb_view(kv, v);
	int rc;

	if (kv->delete_mode == MPII_CBM_NONE)
		return MPI_SUCCESS;
	switch (kv->delete_sig) {
	case MPII_CB_COMM:
		rc = ((MPI_Comm_delete_attr_function *)kv->delete_fn)(
			(MPI_Comm)handle, kv->id, val, kv->extra_state);
		break;
	case MPII_CB_TYPE:
		rc = ((MPI_Type_delete_attr_function *)kv->delete_fn)(
			(MPI_Datatype)handle, kv->id, val, kv->extra_state);
		break;
	case MPII_CB_WIN:
		rc = ((MPI_Win_delete_attr_function *)kv->delete_fn)(
			(MPI_Win)handle, kv->id, val, kv->extra_state);
		break;
	case MPII_CB_HANDLE: {
		void *h = handle;
		rc = ((MPI_Handle_delete_function *)kv->delete_fn)(
			(MPI_Handle *)&h, hk, kv->id, val, kv->extra_state);
		break;
	}
	default:
		rc = MPI_ERR_INTERN;
	}
	return cb_result(rc);
}

/* ------------------------------------------------------------- lists */

/* The attribute of kv in list, or NULL.  attr_mu held. */
static struct mpii_attr *find(struct mpii_attr_list *l, const struct mpii_keyval *kv)
{
	if (!l)
		return NULL;
	for (struct mpii_attr *a = l->first; a; a = a->next)
		if (a->kv == kv)
			return a;
	return NULL;
}

/* Unlink and free a (dropping its keyval reference); frees the list when
 * it becomes empty.  attr_mu held. */
static void unlink_attr(struct mpii_attr_list **list, struct mpii_attr *a)
{
	struct mpii_attr_list *l = *list;

	if (a->prev)
		a->prev->next = a->next;
	else
		l->first = a->next;
	if (a->next)
		a->next->prev = a->prev;
	else
		l->last = a->prev;
	kv_unref(a->kv);
	free(a);
	if (!l->first) {
		free(l);
		*list = NULL;
	}
}

/* Set a's value, set the way how says. */
static void set_value(struct mpii_attr *a, void *val, int how)
{
	struct attr_value v;

	value_init(&v, val, how);
	a->val = val;
	a->how = how;
	a->f = v.f;
}

/* Append kv = val (set the way how says) to the list, or replace the value
 * in place.  attr_mu held.  MPI_SUCCESS or MPI_ERR_NO_MEM. */
static int put(struct mpii_attr_list **list, struct mpii_keyval *kv, void *val, int how)
{
	struct mpii_attr *a = find(*list, kv);

	if (a) {
		set_value(a, val, how);
		return MPI_SUCCESS;
	}
	if (!*list && !(*list = calloc(1, sizeof(**list))))
		return MPI_ERR_NO_MEM;
	if (!(a = calloc(1, sizeof(*a)))) {
		if (!(*list)->first) {
			free(*list);
			*list = NULL;
		}
		return MPI_ERR_NO_MEM;
	}
	a->kv = kv;
	set_value(a, val, how);
	a->prev = (*list)->last;
	if ((*list)->last)
		(*list)->last->next = a;
	else
		(*list)->first = a;
	(*list)->last = a;
	kv->refs++;
	return MPI_SUCCESS;
}

int mpii_attr_set(struct mpii_attr_list **list, int hk, void *handle, int keyval, void *val)
{
	struct mpii_keyval *kv;
	struct mpii_attr *a;
	int how = lang_how, rc;

	pthread_mutex_lock(&attr_mu);
	kv = kv_lookup(keyval);
	if (!kv || kv->freed || !kind_ok(kv, hk)) {
		pthread_mutex_unlock(&attr_mu);
		return MPI_ERR_KEYVAL;
	}
	a = find(*list, kv);
	if (a && kv->delete_mode != MPII_CBM_NONE) {
		/* replacing: as if the old value were deleted first, but the
		 * attribute keeps its place in the order */
		struct attr_value old;
		value_init(&old, a->val, a->how);
		kv->refs++;
		pthread_mutex_unlock(&attr_mu);
		rc = run_delete(kv, hk, handle, &old);
		pthread_mutex_lock(&attr_mu);
		if (rc == MPI_SUCCESS)
			rc = put(list, kv, val, how);
		kv_unref(kv);
	} else {
		rc = put(list, kv, val, how);
	}
	pthread_mutex_unlock(&attr_mu);
	return rc;
}

int mpii_attr_get(struct mpii_attr_list **list, int hk, int keyval, void **val, int *flag)
{
	struct mpii_keyval *kv;
	struct mpii_attr *a;
	int rc = MPI_SUCCESS;

	pthread_mutex_lock(&attr_mu);
	kv = kv_lookup(keyval);
	if (!kv || !kind_ok(kv, hk)) {
		rc = MPI_ERR_KEYVAL;
	} else if ((a = find(*list, kv)) != NULL) {
		/* C: the pointer C set, or the address of MPI's copy of the
		 * integer Fortran set (valid while the attribute is) */
		*val = lang_how || a->how == MPII_ATTR_C ? a->val : (void *)&a->f;
		if (lang_how)
			lang_got = a->how;
		*flag = 1;
	} else {
		*flag = 0;
	}
	pthread_mutex_unlock(&attr_mu);
	return rc;
}

int mpii_attr_delete(struct mpii_attr_list **list, int hk, void *handle, int keyval)
{
	struct mpii_keyval *kv;
	struct mpii_attr *a;
	struct attr_value val;
	int rc;

	pthread_mutex_lock(&attr_mu);
	kv = kv_lookup(keyval);
	if (!kv || !kind_ok(kv, hk) || !(a = find(*list, kv))) {
		/* deleting an absent attribute is an error (MPICH does the same) */
		pthread_mutex_unlock(&attr_mu);
		return MPI_ERR_KEYVAL;
	}
	value_init(&val, a->val, a->how);
	kv->refs++;
	pthread_mutex_unlock(&attr_mu);

	rc = run_delete(kv, hk, handle, &val);

	pthread_mutex_lock(&attr_mu);
	/* the callback may have changed the list: look again */
	if (rc == MPI_SUCCESS && (a = find(*list, kv)) != NULL)
		unlink_attr(list, a);
	kv_unref(kv);
	pthread_mutex_unlock(&attr_mu);
	return rc;
}

int mpii_attr_delete_all(struct mpii_attr_list **list, int hk, void *handle, int force)
{
	int first_err = MPI_SUCCESS;

	pthread_mutex_lock(&attr_mu);
	while (*list) {
		struct mpii_attr *a = (*list)->last;
		struct mpii_keyval *kv;
		struct attr_value val;
		int rc;

		kv = a->kv;
		value_init(&val, a->val, a->how);
		kv->refs++;
		pthread_mutex_unlock(&attr_mu);

		rc = run_delete(kv, hk, handle, &val);

		pthread_mutex_lock(&attr_mu);
		a = find(*list, kv);
		if (rc != MPI_SUCCESS) {
			if (first_err == MPI_SUCCESS)
				first_err = rc;
			if (!force) {
				kv_unref(kv);
				break;
			}
		}
		if (a)
			unlink_attr(list, a);
		kv_unref(kv);
	}
	pthread_mutex_unlock(&attr_mu);
	return first_err;
}

int mpii_attr_copy(struct mpii_attr_list **dst, struct mpii_attr_list **src, int hk,
		   void *oldhandle, void *newhandle)
{
	struct mpii_keyval **kvs = NULL;
	struct attr_value *vals = NULL;
	int n = 0, rc = MPI_SUCCESS, i;

	/* snapshot src so the callbacks run without the mutex */
	pthread_mutex_lock(&attr_mu);
	if (*src)
		for (struct mpii_attr *a = (*src)->first; a; a = a->next)
			n++;
	if (n == 0) {
		pthread_mutex_unlock(&attr_mu);
		return MPI_SUCCESS;
	}
	kvs = malloc(n * sizeof(*kvs));
	vals = malloc(n * sizeof(*vals));
	if (!kvs || !vals) {
		pthread_mutex_unlock(&attr_mu);
		rc = MPI_ERR_NO_MEM;
		goto fail_alloc;
	}
	i = 0;
	for (struct mpii_attr *a = (*src)->first; a; a = a->next, i++) {
		kvs[i] = a->kv;
		value_init(&vals[i], a->val, a->how);
		vals[i].home = &a->f;
		a->kv->refs++;
	}
	pthread_mutex_unlock(&attr_mu);

	for (i = 0; i < n; i++) {
		void *out;
		int flag, how;
		rc = run_copy(kvs[i], hk, oldhandle, &vals[i], &out, &how, &flag);
		if (rc != MPI_SUCCESS)
			break;
		if (flag) {
			pthread_mutex_lock(&attr_mu);
			rc = put(dst, kvs[i], out, how);
			pthread_mutex_unlock(&attr_mu);
			if (rc != MPI_SUCCESS)
				break;
		}
	}

	pthread_mutex_lock(&attr_mu);
	for (i = 0; i < n; i++)
		kv_unref(kvs[i]);
	pthread_mutex_unlock(&attr_mu);

	if (rc != MPI_SUCCESS)   /* undo: the dup fails, new keeps nothing */
		mpii_attr_delete_all(dst, hk, newhandle, 1);
fail_alloc:
	free(kvs);
	free(vals);
	return rc;
}
