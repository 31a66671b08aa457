# lib/datatype/: datatypes: predefined and derived types, commit, the typemap walk, pack/unpack (native, external32, canonical), decoding and the seed character representation.
# See lib/datatype/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/datatype/datatype.h lib/datatype/type_impl.h lib/datatype/pack.c lib/datatype/pack_dtype.c \
	lib/datatype/pack_external.c lib/datatype/type_api.c lib/datatype/type_array.c lib/datatype/type_compile.c \
	lib/datatype/type_core.c lib/datatype/type_create.c lib/datatype/type_decode.c lib/datatype/type_predefined.c \
	lib/datatype/type_query.c lib/datatype/type_large.c lib/datatype/type_f90.c lib/datatype/type_walk.c lib/datatype/typestr.c lib/datatype/typestr_parse.c
EXTRA_DIST += lib/datatype/README.md
