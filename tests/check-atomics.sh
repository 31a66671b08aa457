#!/bin/sh
# Description: every atomic operation in lib/, shm/ and launcher/ goes
# through shm/atomic.h's named wrappers (shm_load_acquire, ...), so that each
# memory order can be grepped and carries its comment.  Fails on, outside
# shm/atomic.h:
#  - a C11 call (atomic_load, atomic_store_explicit, atomic_fetch_add,
#    atomic_thread_fence, ...), a GCC __atomic_* or __sync_* builtin;
#  - ++, --, = or op= on an _Atomic object (each an implicit seq_cst
#    operation): member accesses (p->refcount++, x.done = 1) for the field
#    names declared _Atomic inside a struct, bare names for the _Atomic
#    variables declared at file scope.  A field name that some struct also
#    declares without _Atomic (seq, v, refs) is ambiguous and left to the
#    first rule; the script names them.
# A line may opt out with a comment holding "atomic-check: allow" and its
# reason; there are none today.  Prints one line per violation.
# Exit 0 pass, 1 fail.
#
# Usage: tests/check-atomics.sh [SRCDIR]  (default: $top_srcdir or .)
top_srcdir=${1:-${top_srcdir:-.}}
cd "$top_srcdir" || exit 1
[ -f shm/atomic.h ] || { echo "no shm/atomic.h"; exit 1; }

files=$(find lib shm launcher -name '*.[ch]' ! -path shm/atomic.h | sort)
bad=0

# Rule 1: spelled-out atomic calls.
hits=$(grep -HnE '(^|[^A-Za-z0-9_])(atomic_[a-z_]+|__atomic_[a-z_]+|__sync_[a-z_]+)[[:space:]]*\(' $files |
	grep -v 'atomic-check: allow')
if [ -n "$hits" ]; then
	echo "$hits" | sed 's/$/   <- use a shm_* wrapper of shm\/atomic.h/'
	bad=$((bad + $(echo "$hits" | wc -l)))
fi

# The names declared _Atomic: fields (indented, inside a struct) and
# file-scope variables (at the start of a line).  A pointer to an atomic
# (_Atomic T *p) is itself a plain object: assigning it is not an atomic op.
decls=$(sed 's/\/[*/].*//' $files | grep -E '_Atomic' | grep -v '^[[:space:]]*\*' |
	grep -vE '_Atomic[^;(]*\*[[:space:]]*[A-Za-z_][A-Za-z0-9_]*[[:space:]]*;')
name_of() {
	sed -E 's/\/\*.*//; s/\[[^]]*\]//g; s/;.*//; s/.*[^A-Za-z0-9_]([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*$/\1/'
}
fields=$(echo "$decls" | grep -E '^[[:space:]]+' | grep -E ';' | grep -vE '\(' | name_of | sort -u)
vars=$(echo "$decls" | grep -E '^(static |extern )?_Atomic' | grep -E ';' | name_of | sort -u)

# Field names that some declaration also uses without _Atomic.
ambiguous=""
checked=""
for f in $fields; do
	if grep -hE "^[[:space:]]+[A-Za-z_][A-Za-z0-9_ *]*[[:space:]*]$f(\\[[^]]*\\])?;" $files |
		grep -vE '^[[:space:]]*(goto|return|case|break|continue|else|do)[^A-Za-z0-9_]' |
		grep -qv '_Atomic'; then
		ambiguous="$ambiguous $f"
	else
		checked="$checked $f"
	fi
done

op='([[:space:]]*(\+\+|--|[-+*/%|&^]?=[^=]))'
for f in $checked; do
	hits=$(grep -HnE "([A-Za-z0-9_)]|\\])(->|\\.)$f$op|(\\+\\+|--)[[:space:]]*[A-Za-z_][A-Za-z0-9_]*((->|\\.)[A-Za-z_][A-Za-z0-9_]*|\\[[^]]*\\])*(->|\\.)$f([^A-Za-z0-9_]|\$)" $files |
		grep -v 'atomic-check: allow')
	if [ -n "$hits" ]; then
		echo "$hits" | sed "s/\$/   <- plain operation on the _Atomic field $f (implicit seq_cst)/"
		bad=$((bad + $(echo "$hits" | wc -l)))
	fi
done
for v in $vars; do
	hits=$(grep -HnE "(^|[^A-Za-z0-9_.>])$v$op|(\\+\\+|--)[[:space:]]*$v([^A-Za-z0-9_]|\$)" $files |
		grep -vE "_Atomic[^;]*$v" | grep -v 'atomic-check: allow')
	if [ -n "$hits" ]; then
		echo "$hits" | sed "s/\$/   <- plain operation on the _Atomic variable $v (implicit seq_cst)/"
		bad=$((bad + $(echo "$hits" | wc -l)))
	fi
done

echo "checked _Atomic fields:$checked; variables: $(echo $vars)"
[ -z "$ambiguous" ] || echo "ambiguous field names (checked by the call rule only):$ambiguous"
echo "$bad bare atomic operations"
[ "$bad" -eq 0 ]
