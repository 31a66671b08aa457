/*
 * lib/io/file_view.c - file views (MPI-3.1 13.3): MPI_File_set_view,
 * get_view, get_byte_offset, get_type_extent, and the mapping from the
 * view's data stream to file offsets that every access uses.
 *
 * A view is disp + the filetype tiled without end, each tile ft_extent
 * bytes after the last; only the filetype's data bytes belong to the view.
 * set_view flattens one filetype into its contiguous runs once (through
 * the type engine's mpii_type_iov with a base address of 0, so the
 * "addresses" are the typemap's displacements), merging runs that touch;
 * mpii_io_view_map then finds the run of a stream byte by binary search
 * on the runs' cumulative lengths.  A filetype that is one run covering
 * its whole extent makes the view contiguous: stream byte p is at disp + p.
 *
 * The standard requires the etype's and filetype's displacements to be
 * non-negative and non-decreasing, a filetype opened for writing not to
 * overlap itself, and the filetype's data to be whole etypes; set_view
 * answers MPI_ERR_IO for each, as ROMIO does (shape_check).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include "lib/io/io_impl.h"

void mpii_io_view_free(struct mpii_io_view *v)
{
	if (!v)
		return;
	if (v->etype)
		mpii_type_unref(v->etype);
	if (v->filetype)
		mpii_type_unref(v->filetype);
	free(v->runs);
	free(v);
}

/* The runs of one element of dt, in typemap order, merged where they
 * touch.  A class. */
static int runs_of(struct mpii_datatype *dt, struct io_run **out, int *nout)
{
	int cap = 16, n = 0;
	struct io_run *runs = malloc(sizeof(*runs) * (size_t)cap);
	if (!runs)
		return MPI_ERR_NO_MEM;
	struct iovec iov[64];
	MPI_Count done = 0, cum = 0;
	while (done < dt->size) {
		MPI_Count covered = 0;
		int k = mpii_type_iov(dt, 1, NULL, done, dt->size - done, iov, 64, &covered);
		for (int i = 0; i < k; i++) {
			MPI_Offset off = (MPI_Offset)(intptr_t)iov[i].iov_base;
			MPI_Offset len = (MPI_Offset)iov[i].iov_len;
			if (n && runs[n - 1].off + runs[n - 1].len == off) {
				runs[n - 1].len += len;
			} else {
				if (n == cap) {
					cap *= 2;
					struct io_run *r = realloc(runs, sizeof(*runs) * (size_t)cap);
					if (!r) {
						free(runs);
						return MPI_ERR_NO_MEM;
					}
					runs = r;
				}
				runs[n].off = off;
				runs[n].len = len;
				runs[n].cum = cum;
				n++;
			}
			cum += len;
		}
		if (covered <= 0)
			break;
		done += covered;
	}
	*out = runs;
	*nout = n;
	return MPI_SUCCESS;
}

/* The standard's shape rules for an etype or filetype (MPI-3.1 13.3):
 * displacements non-negative and monotonically non-decreasing; a filetype
 * of a file opened for writing may not overlap itself (reading through
 * one that does is fine).  MPI_ERR_IO as ROMIO answers (the MPICH suite's
 * io/tst_fileview), *msg saying which. */
static int shape_check(struct mpii_datatype *dt, int may_overlap, const char **msg)
{
	struct io_run *runs;
	int n, rc = runs_of(dt, &runs, &n);
	if (rc)
		return rc;
	for (int i = 0; i < n && !rc; i++) {
		if (runs[i].off < 0) {
			*msg = "a type with a negative displacement";
			rc = MPI_ERR_IO;
		} else if (i && runs[i].off < runs[i - 1].off) {
			*msg = "a type with decreasing displacements";
			rc = MPI_ERR_IO;
		} else if (i && !may_overlap && runs[i].off < runs[i - 1].off + runs[i - 1].len) {
			*msg = "a type that overlaps itself";
			rc = MPI_ERR_IO;
		}
	}
	if (!rc && dt->extent > 0 && n && runs[n - 1].off + runs[n - 1].len > dt->lb + dt->extent &&
	    !may_overlap) {
		/* Tiles would overlap each other. */
		*msg = "a filetype whose data reaches past its extent";
		rc = MPI_ERR_IO;
	}
	free(runs);
	return rc;
}

/* One filetype's runs into the view.  A class. */
static int flatten(struct mpii_io_view *v)
{
	int rc = runs_of(v->filetype, &v->runs, &v->nruns);
	if (rc)
		return rc;
	v->contig = v->nruns == 1 && v->runs[0].off == 0 && v->runs[0].len == v->ft_extent;
	return MPI_SUCCESS;
}

static int view_make(MPI_Offset disp, struct mpii_datatype *etype, struct mpii_datatype *ft,
		     const char *rep, struct mpii_io_view **out)
{
	struct mpii_io_view *v = calloc(1, sizeof(*v));
	if (!v)
		return MPI_ERR_NO_MEM;
	int known;
	v->rep = mpii_io_datarep_find(rep, &known);
	strncpy(v->repname, rep, sizeof(v->repname) - 1);
	v->disp = disp;
	mpii_type_ref(etype);
	v->etype = etype;
	mpii_type_ref(ft);
	v->filetype = ft;
	MPI_Aint ext;
	int rc = mpii_io_rep_extent(v->rep, etype, &ext, &v->esize);
	MPI_Offset ftsize = 0;
	if (!rc)
		rc = mpii_io_rep_extent(v->rep, ft, &ext, &ftsize);
	if (!rc) {
		v->ft_size = ft->size;
		v->ft_extent = ft->extent;
		if (ftsize != ft->size)
			/* A representation whose sizes differ from native would
			 * need the filetype's runs in its own sizes: refused. */
			rc = MPI_ERR_UNSUPPORTED_DATAREP;
	}
	if (!rc)
		rc = flatten(v);
	if (rc) {
		mpii_io_view_free(v);
		return rc;
	}
	*out = v;
	return MPI_SUCCESS;
}

int mpii_io_view_default(struct mpii_io_view **out)
{
	return view_make(0, MPI_BYTE, MPI_BYTE, "native", out);
}

MPI_Offset mpii_io_view_map(const struct mpii_io_view *v, MPI_Offset p, MPI_Offset *avail)
{
	if (v->contig) {
		*avail = INT64_MAX - p;
		return v->disp + p;
	}
	MPI_Offset tile = p / v->ft_size, w = p % v->ft_size;
	int lo = 0, hi = v->nruns - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (v->runs[mid].cum <= w)
			lo = mid;
		else
			hi = mid - 1;
	}
	const struct io_run *r = &v->runs[lo];
	*avail = r->len - (w - r->cum);
	return v->disp + tile * v->ft_extent + r->off + (w - r->cum);
}

static int type_ok(MPI_Datatype dt)
{
	return MPII_VALID(dt, MPII_MAGIC_DATATYPE) && (dt->flags & MPII_DT_COMMITTED) &&
	       dt->basic != MPII_B_DATATYPE;
}

int mpii_File_set_view(const char *fn, MPI_File fh, MPI_Offset disp, MPI_Datatype etype,
		       MPI_Datatype filetype, const char *datarep, MPI_Info info)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	int err = MPI_SUCCESS, known = 0;
	const char *msg = NULL;
	if (fh->split) {
		err = MPI_ERR_OTHER;
		msg = "a split collective is in progress";
	} else if (!type_ok(etype) || !type_ok(filetype)) {
		err = MPI_ERR_TYPE;
		msg = "etype or filetype invalid or not committed";
	} else if (etype->size <= 0) {
		err = MPI_ERR_ARG;
		msg = "the etype holds no data";
	} else if (filetype->size % etype->size != 0 || filetype->size == 0 ||
		   filetype->extent <= 0) {
		err = MPI_ERR_IO;
		msg = "the filetype is not made of whole etypes";
	} else if ((err = shape_check(etype, (fh->amode & MPI_MODE_RDONLY) != 0, &msg)) ||
		   (err = shape_check(filetype, (fh->amode & MPI_MODE_RDONLY) != 0, &msg))) {
		if (!msg)
			msg = "out of memory";
	} else if (!datarep) {
		err = MPI_ERR_UNSUPPORTED_DATAREP;
		msg = "datarep is NULL";
	} else if ((mpii_io_datarep_find(datarep, &known), !known)) {
		err = MPI_ERR_UNSUPPORTED_DATAREP;
		msg = "unknown data representation";
	} else if (disp == MPI_DISPLACEMENT_CURRENT && !(fh->amode & MPI_MODE_SEQUENTIAL)) {
		err = MPI_ERR_ARG;
		msg = "MPI_DISPLACEMENT_CURRENT needs MPI_MODE_SEQUENTIAL";
	} else if (disp < 0 && disp != MPI_DISPLACEMENT_CURRENT) {
		err = MPI_ERR_ARG;
		msg = "negative displacement";
	} else if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO)) {
		err = MPI_ERR_INFO;
		msg = "invalid info";
	}
	if (!err && disp == MPI_DISPLACEMENT_CURRENT) {
		/* Read before the agreement, after which rank 0 resets it.
		 * Acquire: pairs with nothing stronger than the collective
		 * that ended the last ordered access; cheap either way. */
		MPI_Offset sfp = (MPI_Offset)shm_load_acquire(&fh->sh->shared_fp), avail;
		disp = mpii_io_view_map(fh->view, sfp * fh->view->esize, &avail);
	}
	/* Everyone finishes the accesses of the old view and reads the shared
	 * pointer before rank 0 resets it. */
	int all = mpii_io_agree(fh, err);
	if (all)
		return mpii_file_err(fh, all, fn, "%s", msg ? msg : "failed on another rank");
	struct mpii_io_view *v = NULL;
	err = view_make(disp, etype, filetype, datarep, &v);
	if (!err && info != MPI_INFO_NULL) {
		struct mpii_info *copy = NULL;
		if (mpii_info_dup(info, &copy)) {
			err = MPI_ERR_NO_MEM;
		} else {
			if (fh->info)
				mpii_info_release(fh->info);
			fh->info = copy;
		}
	}
	if (!err) {
		mpii_io_view_free(fh->view);
		fh->view = v;
		fh->fp = 0;
	} else if (v) {
		mpii_io_view_free(v);
	}
	if (fh->comm->rank == 0)
		/* Release: the barrier below orders it anyway; release keeps
		 * every store of the shared pointer a release. */
		shm_store_release(&fh->sh->shared_fp, 0);
	all = mpii_io_agree(fh, err);
	if (all)
		return mpii_file_err(fh, all, fn, "%s",
				     err == MPI_ERR_UNSUPPORTED_DATAREP
					     ? "a type whose size differs in this representation"
					     : err ? "out of memory" : "failed on another rank");
	return MPI_SUCCESS;
}

/* A handle for the user to free: predefined types as they are, derived
 * ones as a new type with the same type map (MPI-3.1 13.3: get_view's
 * derived types are new, the caller frees them). */
static int type_out(struct mpii_datatype *dt, MPI_Datatype *out)
{
	if (dt->flags & MPII_DT_PREDEFINED) {
		*out = dt;
		return MPI_SUCCESS;
	}
	const void *desc;
	size_t len;
	int rc = mpii_type_wire(dt, &desc, &len);
	if (!rc)
		rc = mpii_type_from_wire(desc, len, out);
	return rc;
}

int mpii_File_get_view(const char *fn, MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype,
		       MPI_Datatype *filetype, char *datarep)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (!disp || !etype || !filetype || !datarep)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "an output argument is NULL");
	struct mpii_io_view *v = fh->view;
	MPI_Datatype e = MPI_DATATYPE_NULL, f = MPI_DATATYPE_NULL;
	int rc = type_out(v->etype, &e);
	if (!rc)
		rc = type_out(v->filetype, &f);
	if (rc) {
		if (e && !(e->flags & MPII_DT_PREDEFINED))
			mpii_type_unref(e);
		return mpii_file_err(fh, rc, fn, "copying the view's types");
	}
	*disp = v->disp;
	*etype = e;
	*filetype = f;
	strcpy(datarep, v->repname);
	return MPI_SUCCESS;
}

int mpii_File_get_byte_offset(const char *fn, MPI_File fh, MPI_Offset offset, MPI_Offset *disp)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (!disp)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "disp is NULL");
	if (offset < 0)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "negative offset");
	if (fh->amode & MPI_MODE_SEQUENTIAL)
		return mpii_file_err(fh, MPI_ERR_UNSUPPORTED_OPERATION, fn,
				     "the file was opened MPI_MODE_SEQUENTIAL");
	MPI_Offset avail;
	*disp = mpii_io_view_map(fh->view, offset * fh->view->esize, &avail);
	return MPI_SUCCESS;
}

int mpii_File_get_type_extent(const char *fn, MPI_File fh, MPI_Datatype datatype,
			      MPI_Aint *extent)
{
	if (mpii_file_check(fh))
		return mpii_file_err(MPI_FILE_NULL, MPI_ERR_FILE, fn, "invalid file");
	if (!MPII_VALID(datatype, MPII_MAGIC_DATATYPE))
		return mpii_file_err(fh, MPI_ERR_TYPE, fn, "invalid datatype");
	if (!extent)
		return mpii_file_err(fh, MPI_ERR_ARG, fn, "extent is NULL");
	MPI_Offset size;
	int rc = mpii_io_rep_extent(fh->view->rep, datatype, extent, &size);
	if (rc)
		return mpii_file_err(fh, rc, fn, "the representation's extent function failed");
	return MPI_SUCCESS;
}
