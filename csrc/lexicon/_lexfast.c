/* _lexfast.c -- dlxc._lexfast: `w in lexicon' without a Python frame.
 *
 * 1. Intro.  Membership is the lexicon's busiest call, and from Python its
 * cost is nearly all call overhead: the walk of a word through the DAWG
 * takes tens of nanoseconds, a bare cffi call about 200 (argument
 * conversion, the call through cffi's wrapper), a Python __contains__
 * about 100 more, str.encode about 50.  So this one type is written against
 * Python's C API instead of through cffi: a CPython type whose
 * membership slot (sq_contains) walks the C engine's own lexicon, which
 * class Lexicon inherits.  A Python subclass that defines no __contains__
 * inherits the slot itself, so `w in lex' goes from the interpreter
 * straight to lex_has() of lexicon_int.h, the walk query.c calls too, on
 * the same arrays.  The batch call, _contains_list, reads a list of str
 * in place and builds the list of True/False itself.
 *
 * What the type holds.  A pointer to the engine's struct dlxc_lex (the
 * cffi handle's, validated when it was made) and a reference to the
 * object that owns it, so the memory lives as long as the type needs it.
 * Python attaches it when a C lexicon is opened (_attach_engine) and
 * detaches it in close() before the handle is freed.  Detached (the
 * pure-Python mirror, a closed lexicon) and for str that are not ASCII,
 * the type asks Python: self._contains_py(word), which raises for a
 * closed lexicon, normalizes Unicode, or runs the mirror.  Anything that
 * is not a str is not a word: False, as in Python.
 *
 * Building.  This file is not part of the cffi extension (build_ext.py
 * leaves out the files whose names start with `_'); it is its own
 * extension module, optional like the cffi one.  It reads struct dlxc_lex
 * from lexicon_int.h, so it must be built from the same header as the
 * engine: LAYOUT is compared with dlxc_lex_layout() at import.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "lexicon_int.h"

#ifndef DLXC_PACKAGE_VERSION
#error "build with -DDLXC_PACKAGE_VERSION=\"x.y.z\" (setup.py and build_ext.py do)"
#endif

typedef struct {
    PyObject_HEAD
    const dlxc_lex *lex; /* the C engine's lexicon, or NULL: Python answers */
    PyObject *owner;     /* what keeps *lex alive (the cffi handle) */
} Membership;

/* ==== 2. Python's answer ================================================= */

/* self._contains_py(word) as 1 or 0, -1 with an exception set.  It may run
 * any Python code: close the lexicon, change a list being walked. */
static int ask_python(PyObject *self, PyObject *word)
{
    PyObject *r = PyObject_CallMethod(self, "_contains_py", "O", word);
    if (!r) return -1;
    int yes = PyObject_IsTrue(r);
    Py_DECREF(r);
    return yes;
}

/* An ASCII str's letters, in place; NULL when word is another str. */
static const uint8_t *ascii_text(PyObject *word, Py_ssize_t *len)
{
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(word) < 0) {
        PyErr_Clear(); /* Python's path reports it */
        return NULL;
    }
#endif
    if (!PyUnicode_IS_ASCII(word)) return NULL;
    *len = PyUnicode_GET_LENGTH(word);
    return PyUnicode_1BYTE_DATA(word);
}

/* The same for any object, without side effects (for hints). */
static const uint8_t *ascii_peek(PyObject *word, Py_ssize_t *len)
{
    if (!PyUnicode_Check(word)) return NULL;
#if PY_VERSION_HEX < 0x030C0000
    if (!PyUnicode_IS_READY(word)) return NULL;
#endif
    if (!PyUnicode_IS_ASCII(word)) return NULL;
    *len = PyUnicode_GET_LENGTH(word);
    return PyUnicode_1BYTE_DATA(word);
}

/* ==== 3. Membership ====================================================== */

static int Membership_contains(PyObject *op, PyObject *word)
{
    const dlxc_lex *lex = ((Membership *)op)->lex;
    if (!PyUnicode_Check(word)) return 0;
    Py_ssize_t len;
    const uint8_t *s = lex ? ascii_text(word, &len) : NULL;
    if (!s) return ask_python(op, word);
    return lex_has(lex, lex->ascii, s, len);
}

/* _contains_list(words, as_bytes): [w in self for w in words] for a list,
 * as a list of bools or as bytes of 1 and 0; None when detached.
 *
 * Sorted words are fastest: each walk starts where the word parts from the
 * word before (lex_walk_has), on arcs still in the cache.  In a shuffled
 * list every word is a round of cache misses, first for the str object
 * (allocated far from the last one), then for the arcs of its walk: when
 * a quarter of the last 64 words or more began with another letter than
 * the word before ("cold" words, whose walks start at the root), the loop
 * asks for the memory of the words ahead, the str object AHEAD_OBJ words
 * ahead and the stages of lex_prefetch AHEAD[stage] words ahead, so the
 * misses of several words overlap.  (ENABLE shuffled, on the loaded 2-core
 * machine: 205 ns a word without the hints, 105 with them; sorted, 34 and
 * 35, since a sorted list never turns them on.) */
#define AHEAD_OBJ 16
static const int AHEAD[2] = {8, 4};

static PyObject *Membership_contains_list(PyObject *op, PyObject *const *args, Py_ssize_t nargs)
{
    Membership *self = (Membership *)op;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "_contains_list(words, as_bytes) takes 2 arguments");
        return NULL;
    }
    PyObject *words = args[0];
    if (!PyList_Check(words)) {
        PyErr_SetString(PyExc_TypeError, "_contains_list wants a list of words");
        return NULL;
    }
    int as_bytes = PyObject_IsTrue(args[1]);
    if (as_bytes < 0) return NULL;
    if (!self->lex) Py_RETURN_NONE;
    const Py_ssize_t n = PyList_GET_SIZE(words);
    PyObject *out = as_bytes ? PyBytes_FromStringAndSize(NULL, n) : PyList_New(n);
    if (!out) return NULL;
    char *bytes = as_bytes ? PyBytes_AS_STRING(out) : NULL;
    lex_walk w;
    w.depth = 0;
    int ahead = 0, cold = 0; /* hints on; cold words of this block of 64 */
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *word = PyList_GET_ITEM(words, i);
        const dlxc_lex *lex = self->lex;
        int yes = 0; /* not a str: not a word */
        if (lex && ahead) {
            if (i + AHEAD_OBJ < n) {
                PyObject *o = PyList_GET_ITEM(words, i + AHEAD_OBJ);
                LEX_PREFETCH(o);
                LEX_PREFETCH((const char *)o + 64);
            }
            for (int stage = 0; stage < 2; stage++) {
                Py_ssize_t len;
                const uint8_t *s = i + AHEAD[stage] < n
                                       ? ascii_peek(PyList_GET_ITEM(words, i + AHEAD[stage]), &len)
                                       : NULL;
                if (s) lex_prefetch(lex, lex->ascii, s, len, stage);
            }
        }
        if ((i & 63) == 63) {
            ahead = cold >= 16;
            cold = 0;
        }
        if (PyUnicode_Check(word)) {
            Py_ssize_t len;
            const uint8_t *s = lex ? ascii_text(word, &len) : NULL;
            if (s) {
                cold += w.depth == 0 || len == 0 || lex->ascii[s[0]] != w.code[0];
                yes = lex_walk_has(lex, &w, lex->ascii, s, len);
            } else {
                /* Python code runs: it may change the list, even close the
                 * lexicon, so hold the word, and look at both again after */
                Py_INCREF(word);
                yes = ask_python(op, word);
                Py_DECREF(word);
                w.depth = 0;
                if (yes < 0) goto fail;
                if (PyList_GET_SIZE(words) != n) {
                    PyErr_SetString(PyExc_RuntimeError, "the list of words changed size");
                    goto fail;
                }
            }
        }
        if (bytes) {
            bytes[i] = (char)yes;
        } else {
            PyObject *b = yes ? Py_True : Py_False;
            Py_INCREF(b);
            PyList_SET_ITEM(out, i, b);
        }
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* ==== 4. Attaching and detaching ========================================= */

/* _attach_engine(address, owner): answer from the struct dlxc_lex at
 * address, which owner keeps alive (the Python side checks LAYOUT once,
 * at import, and passes the address of a live cffi handle). */
static PyObject *Membership_attach(PyObject *op, PyObject *const *args, Py_ssize_t nargs)
{
    Membership *self = (Membership *)op;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "_attach_engine(address, owner) takes 2 arguments");
        return NULL;
    }
    void *p = PyLong_AsVoidPtr(args[0]);
    if (!p) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a NULL lexicon");
        return NULL;
    }
    PyObject *old = self->owner;
    Py_INCREF(args[1]);
    self->owner = args[1];
    self->lex = (const dlxc_lex *)p;
    Py_XDECREF(old);
    Py_RETURN_NONE;
}

static PyObject *Membership_detach(PyObject *op, PyObject *Py_UNUSED(arg))
{
    Membership *self = (Membership *)op;
    self->lex = NULL;
    Py_CLEAR(self->owner);
    Py_RETURN_NONE;
}

/* ==== 5. The type ======================================================== */

static PyObject *Membership_new(PyTypeObject *type, PyObject *Py_UNUSED(args),
                                PyObject *Py_UNUSED(kwds))
{
    Membership *self = (Membership *)type->tp_alloc(type, 0);
    if (self) {
        self->lex = NULL;
        self->owner = NULL;
    }
    return (PyObject *)self;
}

static int Membership_traverse(PyObject *op, visitproc visit, void *arg)
{
    Py_VISIT(((Membership *)op)->owner);
    return 0;
}

static int Membership_clear(PyObject *op)
{
    Membership *self = (Membership *)op;
    self->lex = NULL;
    Py_CLEAR(self->owner);
    return 0;
}

static void Membership_dealloc(PyObject *op)
{
    PyObject_GC_UnTrack(op);
    Membership_clear(op);
    Py_TYPE(op)->tp_free(op);
}

static PyMethodDef Membership_methods[] = {
    {"_contains_list", (PyCFunction)(void (*)(void))Membership_contains_list, METH_FASTCALL,
     "_contains_list(words, as_bytes): answers for a list of words; None when detached."},
    {"_attach_engine", (PyCFunction)(void (*)(void))Membership_attach, METH_FASTCALL,
     "_attach_engine(address, owner): answer from the C engine's lexicon at address."},
    {"_detach_engine", Membership_detach, METH_NOARGS,
     "_detach_engine(): answer through self._contains_py from now on."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Membership_as_sequence = {
    .sq_contains = Membership_contains,
};

/* PyVarObject_HEAD_INIT ends in a comma of its own: clang-format would join the lines */
/* clang-format off */
static PyTypeObject MembershipType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dlxc._lexfast.Membership",
    .tp_doc = PyDoc_STR("`w in self` and _contains_list in C for a lexicon on the C engine; "
                        "self._contains_py(w) answers otherwise."),
    .tp_basicsize = sizeof(Membership),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_new = Membership_new,
    .tp_dealloc = Membership_dealloc,
    .tp_traverse = Membership_traverse,
    .tp_clear = Membership_clear,
    .tp_as_sequence = &Membership_as_sequence,
    .tp_methods = Membership_methods,
};
/* clang-format on */

static struct PyModuleDef lexfast_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dlxc._lexfast",
    .m_doc = "The lexicon's membership calls in C (see csrc/lexicon/_lexfast.c).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__lexfast(void)
{
    if (PyType_Ready(&MembershipType) < 0) return NULL;
    PyObject *m = PyModule_Create(&lexfast_module);
    if (!m) return NULL;
    Py_INCREF(&MembershipType);
    if (PyModule_AddObject(m, "Membership", (PyObject *)&MembershipType) < 0) {
        Py_DECREF(&MembershipType);
        Py_DECREF(m);
        return NULL;
    }
    PyObject *layout = PyLong_FromLongLong(LEX_LAYOUT);
    if (!layout || PyModule_AddObject(m, "LAYOUT", layout) < 0) {
        Py_XDECREF(layout); /* PyModule_AddObject takes it only when it succeeds */
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddStringConstant(m, "built_version", DLXC_PACKAGE_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
