/* visolve.puzzles.circuit500._fastsolve: the circuit500 search compiled.
 *
 * The same algorithm as solver.py (phase 1: fewest actions over classes of
 * states joined by free slides; phase 2: fewest taps with that many actions)
 * with the bounds of solver_bound.py, in C for speed.  solver.search() uses
 * it when it is built and falls back to the Python search otherwise; the
 * tests check that both give the same answers and that the compiled bounds
 * equal the Python ones.  Sources: _csrc/common.h (tables), _csrc/bounds.h
 * (reach_bound, counted_bound), _csrc/search.h (the two phases). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_csrc/common.h"
#include "_csrc/bounds.h"
#include "_csrc/search.h"

static int get_arr(PyObject *obj, uint8_t out[24])
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
        return -1;
    if (view.len != NCELL) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "an arrangement is 24 tile codes");
        return -1;
    }
    memcpy(out, view.buf, NCELL);
    PyBuffer_Release(&view);
    for (int i = 0; i < NCELL; i++) {
        if (out[i] >= 128) {
            PyErr_SetString(PyExc_ValueError, "tile code out of range");
            return -1;
        }
    }
    return 0;
}

static PyObject *path_list(const Table *st, int32_t idx, int phase)
{
    PyObject *lst = PyList_New(0);
    if (!lst)
        return NULL;
    while (idx >= 0) {
        const Node *nd = NODE(st, idx);
        int32_t parent = phase == 1 ? nd->p1_parent : nd->p2_parent;
        int cell = phase == 1 ? nd->p1_cell : nd->p2_cell;
        if (parent < 0)
            break;
        PyObject *v = PyLong_FromLong(cell);
        if (!v || PyList_Append(lst, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(lst);
            return NULL;
        }
        Py_DECREF(v);
        idx = parent;
    }
    if (PyList_Reverse(lst) < 0) {
        Py_DECREF(lst);
        return NULL;
    }
    return lst;
}

/* list_paths() callback: one (final, frozen, slides) tuple per path */
typedef struct {
    Search *S;
    PyObject *out;
    Py_ssize_t limit;
    int error;
} PathSink;

static int sink_path(void *ctx, int32_t final, const int8_t *cells, int n)
{
    PathSink *ps = ctx;
    const Node *nd = NODE(&ps->S->st, final);
    PyObject *slides = PyList_New(n);
    if (!slides) {
        ps->error = 1;
        return 1;
    }
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(cells[i]);
        if (!v) {
            Py_DECREF(slides);
            ps->error = 1;
            return 1;
        }
        PyList_SET_ITEM(slides, i, v);
    }
    PyObject *item = Py_BuildValue("(y#kN)", (const char *)nd->key, (Py_ssize_t)24,
                                   (unsigned long)node_frozen(nd), slides);
    if (!item || PyList_Append(ps->out, item) < 0) {
        Py_XDECREF(item);
        ps->error = 1;
        return 1;
    }
    Py_DECREF(item);
    return PyList_GET_SIZE(ps->out) >= ps->limit;
}

/* Ctrl-C during a long search: Python's signal handlers run here */
static int python_interrupted(void) { return PyErr_CheckSignals() < 0; }

PyDoc_STRVAR(search_doc,
"search(arr0, timeout, list_paths=0) -> dict\n\n"
"Fewest actions, then fewest taps, from the arrangement ``arr0`` (24 tile\n"
"codes, solver.encode).  ``timeout`` in seconds (<= 0: none).  Returns\n"
"``actions`` (None: no finish), ``taps``, ``slides`` (cells slid into the\n"
"gap, in order), ``final`` and ``frozen`` (the slide state the rotations\n"
"finish from), ``nodes``, ``proven``, ``bounds`` (bound computations).\n"
"With ``list_paths`` > 0 also ``paths``: up to that many (final, frozen,\n"
"slides) of the solutions with the best actions and taps (every slide path\n"
"to every finishing state; the rotations are the caller's), or None when\n"
"the timeout cut the listing short.\n"
"The caller checks beforehand that the board can be finished at all.");

static PyObject *py_search(PyObject *self, PyObject *args)
{
    PyObject *obj;
    double timeout;
    Py_ssize_t list_limit = 0;
    if (!PyArg_ParseTuple(args, "Od|n", &obj, &timeout, &list_limit))
        return NULL;
    uint8_t arr0[24];
    if (get_arr(obj, arr0) < 0)
        return NULL;
    if (locate(arr0, K_START) < 0 || locate(arr0, K_END) < 0) {
        PyErr_SetString(PyExc_ValueError, "level without start or end tile");
        return NULL;
    }
    Search *S = calloc(1, sizeof(Search));
    if (!S)
        return PyErr_NoMemory();
    tables_init(&S->b.tab, arr0);
    S->b.counted_lim = COUNTED_LIM;
    S->b.scratch = bound_scratch_new();
    if (!S->b.scratch || tab_init(&S->st, sizeof(Node)) < 0 ||
        tab_init(&S->b.keys, sizeof(KeyEntry)) < 0) {
        if (S->b.scratch)
            bound_scratch_free(S->b.scratch);
        tab_free(&S->st);
        tab_free(&S->b.keys);
        free(S);
        return PyErr_NoMemory();
    }
    SearchResult res;
    memset(&res, 0, sizeof(res));
    res.best = -1;
    double deadline = timeout > 0 ? now_seconds() + timeout : 0.0;
    int ntaps = 0;
    /* (the GIL stays held: batches run in processes, and signals are checked) */
    S->interrupted = python_interrupted;
    min_actions_c(S, arr0, deadline, &res);
    if (!res.oom && !S->b.oom && res.best >= 0) {
        /* taps of the phase-1 finish: its slides + its rotations */
        int32_t idx = res.best;
        int nslides = 0;
        while (NODE(&S->st, idx)->p1_parent >= 0) {
            nslides++;
            idx = NODE(&S->st, idx)->p1_parent;
        }
        ntaps = nslides + (res.actions - NODE(&S->st, res.best)->level1);
        res.taps = ntaps;
        if (res.proven)
            min_taps_c(S, arr0, res.actions, ntaps, deadline, list_limit > 0, &res);
    }
    PyObject *out = NULL;
    if (S->was_interrupted)
        goto done; /* the exception (KeyboardInterrupt, ...) is set */
    if (res.oom || S->b.oom) {
        PyErr_NoMemory();
        goto done;
    }
    res.bound_calls = S->b.calls;
    PyObject *paths = Py_None;
    Py_INCREF(Py_None);
    if (list_limit > 0 && res.listed_all && res.proven && res.best >= 0) {
        Py_DECREF(paths);
        paths = PyList_New(0);
        if (!paths)
            goto done;
        PathSink ps = {S, paths, list_limit, 0};
        list_paths(S, arr0, res.actions, res.taps, sink_path, &ps);
        if (ps.error) {
            Py_DECREF(paths);
            goto done;
        }
    }
    PyObject *slides, *final, *actions;
    if (res.best >= 0) {
        slides = path_list(&S->st, res.best, res.best_phase);
        final = PyBytes_FromStringAndSize((const char *)NODE(&S->st, res.best)->key, 24);
        actions = PyLong_FromLong(res.actions);
    } else {
        slides = PyList_New(0);
        final = Py_None;
        Py_INCREF(Py_None);
        actions = Py_None;
        Py_INCREF(Py_None);
    }
    if (!slides || !final || !actions) {
        Py_XDECREF(slides);
        Py_XDECREF(final);
        Py_XDECREF(actions);
        Py_DECREF(paths);
        goto done;
    }
    out = Py_BuildValue("{s:N,s:i,s:N,s:N,s:k,s:l,s:O,s:l,s:N}", "actions", actions, "taps",
                        res.best >= 0 ? res.taps : 0, "slides", slides, "final", final,
                        "frozen", (unsigned long)(res.best >= 0 ? node_frozen(NODE(&S->st, res.best)) : 0),
                        "nodes", res.nodes, "proven", res.proven ? Py_True : Py_False, "bounds",
                        res.bound_calls, "paths", paths);
done:
    bound_scratch_free(S->b.scratch);
    tab_free(&S->st);
    tab_free(&S->b.keys);
    free(S->edges);
    free(S->finals.v);
    free(S);
    return out;
}

/* ---------------------------------------------- pieces, for the tests */

/* the arrangement in ``obj`` and the tables of a level with its tiles
 * (NULL with an exception set) */
static Tables *arr_tables(PyObject *obj, uint8_t arr[24])
{
    if (get_arr(obj, arr) < 0)
        return NULL;
    Tables *t = malloc(sizeof(Tables));
    if (!t)
        return (Tables *)PyErr_NoMemory();
    tables_init(t, arr);
    return t;
}

static PyObject *bound_common(PyObject *args, int counted)
{
    PyObject *obj, *lvl;
    int s0, e0, gap, limit, max_m;
    uint8_t arr[24], arr0[24];
    if (!PyArg_ParseTuple(args, "OOiiiii", &obj, &lvl, &s0, &e0, &gap, &limit, &max_m))
        return NULL;
    if (get_arr(obj, arr) < 0)
        return NULL;
    Tables *t = arr_tables(lvl, arr0);
    if (!t)
        return NULL;
    BoundScratch *sc = bound_scratch_new();
    if (!sc) {
        free(t);
        return PyErr_NoMemory();
    }
    int v = counted ? counted_bound_c(arr, t, s0, e0, gap, limit, max_m, sc)
                    : reach_bound_c(arr, t, s0, e0, gap, limit, max_m, sc);
    bound_scratch_free(sc);
    free(t);
    return PyLong_FromLong(v);
}

static PyObject *py_reach_bound(PyObject *self, PyObject *args) { return bound_common(args, 0); }
static PyObject *py_counted_bound(PyObject *self, PyObject *args) { return bound_common(args, 1); }

static PyObject *py_rotation_finish(PyObject *self, PyObject *args)
{
    PyObject *obj;
    unsigned long frozen;
    int limit;
    uint8_t arr[24];
    if (!PyArg_ParseTuple(args, "Oki", &obj, &frozen, &limit))
        return NULL;
    Tables *t = arr_tables(obj, arr);
    if (!t)
        return NULL;
    int v = rotation_finish_c(t, arr, (uint32_t)frozen, limit);
    free(t);
    return PyLong_FromLong(v);
}

static PyObject *py_class_key(PyObject *self, PyObject *args)
{
    PyObject *obj;
    uint8_t arr[24], key[32];
    if (!PyArg_ParseTuple(args, "O", &obj))
        return NULL;
    Tables *t = arr_tables(obj, arr);
    if (!t)
        return NULL;
    class_key_c(arr, find_gap(arr), t, key);
    free(t);
    return PyBytes_FromStringAndSize((const char *)key, 25);
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS, search_doc},
    {"reach_bound", py_reach_bound, METH_VARARGS,
     "reach_bound(arr, level_arr, s0, e0, gap, limit, max_m): solver_bound.reach_bound"},
    {"counted_bound", py_counted_bound, METH_VARARGS,
     "counted_bound(arr, level_arr, s0, e0, gap, limit, max_m): solver_bound.counted_bound"},
    {"rotation_finish", py_rotation_finish, METH_VARARGS,
     "rotation_finish(arr, frozen, limit): cost of solver.rotation_finish when below limit"},
    {"class_key", py_class_key, METH_VARARGS,
     "class_key(arr): solver.class_key (25 bytes, the cross count last)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_fastsolve",
    "circuit500 search compiled (see solver.py for the algorithm)", -1, methods,
};

PyMODINIT_FUNC PyInit__fastsolve(void) { return PyModule_Create(&moduledef); }
