/* visolve.tiling._core: the Python face of the compiled search (Core type). */

static int u64_list(PyObject *seq, uint64_t *out, Py_ssize_t n, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd values", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == (uint64_t)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static void core_dealloc(Core *self)
{
    PyMem_Free(self->masks);
    PyMem_Free(self->halos);
    PyMem_Free(self->owners);
    PyMem_Free(self->order);
    PyMem_Free(self->first_start);
    PyMem_Free(self->first_idx);
    PyMem_Free(self->seam_on);
    PyMem_Free(self->seam_off);
    PyMem_Free(self->bars);
    PyMem_Free(self->sets);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int int_list(PyObject *seq, int *out, Py_ssize_t n, int top, const char *what)
{
    uint64_t *tmp = PyMem_Calloc(n + 1, sizeof(uint64_t));
    if (!tmp) {
        PyErr_NoMemory();
        return -1;
    }
    int bad = u64_list(seq, tmp, n, what) < 0;
    for (Py_ssize_t i = 0; !bad && i < n; i++) {
        if (tmp[i] >= (uint64_t)top) {
            PyErr_Format(PyExc_ValueError, "%s: value out of range", what);
            bad = 1;
        }
        out[i] = (int)tmp[i];
    }
    PyMem_Free(tmp);
    return bad ? -1 : 0;
}

/* the board's (offset, cells) neighbour shifts */
static int load_shifts(Core *self, PyObject *shifts)
{
    Py_ssize_t n = PySequence_Size(shifts);
    if (n < 0 || n > 2 * MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "bad shifts");
        return -1;
    }
    self->nshifts = (int)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_GetItem(shifts, i);
        long long off = 0;
        unsigned long long cells = 0;
        int ok = pair && PyArg_ParseTuple(pair, "LK", &off, &cells);
        Py_XDECREF(pair);
        if (!ok || off <= -MAX_CELLS || off >= MAX_CELLS || off == 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "shift offset out of range");
            return -1;
        }
        self->shift_offset[i] = (int)off;
        self->shift_cells[i] = cells;
    }
    return 0;
}

/* per cell, the placements whose lowest cell it is, in search order; the one-cell pieces */
static int scan_lists(Core *self)
{
    self->first_start = PyMem_Calloc(self->ncells + 1, sizeof(int));
    self->first_idx = PyMem_Calloc(self->nplace + 1, sizeof(int));
    if (!self->first_start || !self->first_idx) {
        PyErr_NoMemory();
        return -1;
    }
    for (int k = 0; k < self->nplace; k++)
        if (!self->masks[k]) {
            PyErr_SetString(PyExc_ValueError, "a placement covers no cell");
            return -1;
        }
    int at = 0;
    for (int cell = 0; cell < self->ncells; cell++) {
        self->first_start[cell] = at;
        for (int i = 0; i < self->nplace; i++) {
            int k = self->order[i];
            if (__builtin_ctzll(self->masks[k]) == cell)
                self->first_idx[at++] = k;
        }
    }
    self->first_start[self->ncells] = at;
    self->singles = 0;
    for (int p = 0; p < self->npieces; p++)
        if (self->sizes[p] == 1)
            self->singles |= 1u << p;
    return 0;
}

static int core_init(Core *self, PyObject *args, PyObject *kw)
{
    PyObject *nbrs, *shifts, *masks, *halos, *owners, *order, *sizes;
    int scan;
    if (!PyArg_ParseTuple(args, "OOOOOOOp", &nbrs, &shifts, &masks, &halos, &owners, &order, &sizes,
                          &scan))
        return -1;
    self->scan = scan;
    int ncells = self->ncells = (int)PySequence_Size(nbrs);
    self->nplace = (int)PySequence_Size(masks);
    self->npieces = (int)PySequence_Size(sizes);
    if (ncells <= 0 || ncells > MAX_CELLS || self->npieces <= 0 ||
        self->npieces > MAX_PIECES || self->nplace < 0) {
        PyErr_SetString(PyExc_ValueError, "1-64 cells and 1-32 pieces");
        return -1;
    }
    self->full = ncells == 64 ? ~0ULL : (1ULL << ncells) - 1;
    self->masks = PyMem_Calloc(self->nplace + 1, sizeof(uint64_t));
    self->halos = PyMem_Calloc(self->nplace + 1, sizeof(uint64_t));
    self->owners = PyMem_Calloc(self->nplace + 1, sizeof(int));
    self->order = PyMem_Calloc(self->nplace + 1, sizeof(int));
    if (!self->masks || !self->halos || !self->owners || !self->order) {
        PyErr_NoMemory();
        return -1;
    }
    if (u64_list(nbrs, self->nbrs, ncells, "neighbours") < 0 ||
        u64_list(masks, self->masks, self->nplace, "masks") < 0 ||
        u64_list(halos, self->halos, self->nplace, "halos") < 0 ||
        int_list(owners, self->owners, self->nplace, self->npieces, "owners") < 0 ||
        int_list(order, self->order, self->nplace, self->nplace, "order") < 0 ||
        int_list(sizes, self->sizes, self->npieces, MAX_CELLS + 1, "sizes") < 0)
        return -1;
    if (load_shifts(self, shifts) < 0)
        return -1;
    return scan_lists(self);
}

/* forbid, need, conflicts lists into a fresh context */
static int ctx_init(Ctx *x, Core *self, PyObject *forbid, PyObject *need, PyObject *conflicts)
{
    uint64_t conf[MAX_PIECES];
    memset(x, 0, sizeof(*x));
    x->c = self;
    if (u64_list(forbid, x->forbid, self->npieces, "forbid") < 0 ||
        u64_list(need, x->need, self->npieces, "need") < 0 ||
        u64_list(conflicts, conf, self->npieces, "conflicts") < 0)
        return -1;
    for (int p = 0; p < self->npieces; p++)
        x->conflicts[p] = (uint32_t)conf[p];
    x->live = PyMem_Calloc((size_t)(self->npieces + 2) * (self->nplace + 1), sizeof(Live));
    if (!x->live) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* a question's rules: (on, off, tokens, demand cells, demand pieces, allowed bytes or None,
 * finish callable or None); ``allowed`` is released by the caller */
static int rules_init(Ctx *x, PyObject *rules, Py_buffer *allowed)
{
    unsigned long long on, off, demand_cells;
    unsigned long tokens, demand_pieces;
    PyObject *allow, *finish;
    if (!PyArg_ParseTuple(rules, "KKkKkOO", &on, &off, &tokens, &demand_cells, &demand_pieces,
                          &allow, &finish))
        return -1;
    x->rules = 1;
    x->on = on;
    x->off = off;
    x->tokens = (uint32_t)tokens;
    x->demand_cells = demand_cells;
    x->demand_pieces = (uint32_t)demand_pieces;
    if (allow != Py_None) {
        if (PyObject_GetBuffer(allow, allowed, PyBUF_SIMPLE) < 0)
            return -1;
        if (allowed->len != x->c->nplace) {
            PyErr_SetString(PyExc_ValueError, "allowed: one byte per placement");
            return -1;
        }
        x->allowed = allowed->buf;
    }
    x->finish = finish != Py_None ? finish : NULL;
    return 0;
}

PyDoc_STRVAR(set_rules_doc,
"set_rules(seam_on, seam_off, bars, sets)\n\n"
"The puzzle's per-placement rule data (lists of ints, or None for none):\n"
"edges each placement crosses and leaves uncrossed, tokens it may not meet\n"
"and tokens it sets (see constraints.Rules).");

static int opt_u64s(PyObject *seq, uint64_t **out, int n, const char *what)
{
    PyMem_Free(*out);
    *out = NULL;
    if (seq == Py_None)
        return 0;
    *out = PyMem_Calloc(n + 1, sizeof(uint64_t));
    if (!*out) {
        PyErr_NoMemory();
        return -1;
    }
    return u64_list(seq, *out, n, what);
}

static PyObject *core_set_rules(Core *self, PyObject *args)
{
    PyObject *on, *off, *bars, *sets;
    if (!PyArg_ParseTuple(args, "OOOO", &on, &off, &bars, &sets))
        return NULL;
    uint64_t *b64 = NULL, *s64 = NULL;
    int n = self->nplace;
    if (opt_u64s(on, &self->seam_on, n, "seam_on") < 0 || opt_u64s(off, &self->seam_off, n, "seam_off") < 0 ||
        opt_u64s(bars, &b64, n, "bars") < 0 || opt_u64s(sets, &s64, n, "sets") < 0) {
        PyMem_Free(b64);
        PyMem_Free(s64);
        return NULL;
    }
    if (!self->seam_on != !self->seam_off) {
        PyErr_SetString(PyExc_ValueError, "seam_on and seam_off go together");
        return NULL;
    }
    PyMem_Free(self->bars);
    PyMem_Free(self->sets);
    self->bars = self->sets = NULL;
    if (b64 || s64) {
        self->bars = PyMem_Calloc(n + 1, sizeof(uint32_t));
        self->sets = PyMem_Calloc(n + 1, sizeof(uint32_t));
        for (int k = 0; self->bars && self->sets && k < n; k++) {
            self->bars[k] = b64 ? (uint32_t)b64[k] : 0;
            self->sets[k] = s64 ? (uint32_t)s64[k] : 0;
        }
    }
    PyMem_Free(b64);
    PyMem_Free(s64);
    if ((b64 || s64) && (!self->bars || !self->sets))
        return PyErr_NoMemory();
    Py_RETURN_NONE;
}

PyDoc_STRVAR(search_doc,
"search(covered, used, placed, forbid, need, conflicts, limit, keep, tally, timeout, rules=None)\n"
"-> (count, solutions, timed_out, nodes, tally)\n\n"
"One question (see search.run): ``placed`` are the given placements (they\n"
"start every solution), ``limit`` 0 = all, ``keep`` -1 = all, ``timeout``\n"
"<= 0 = none; ``tally`` a list per placement or None.  ``rules``: see\n"
"rules_init (the memo is not used with rules).");

static PyObject *core_search(Core *self, PyObject *args)
{
    unsigned long long covered;
    unsigned long used;
    PyObject *placed, *forbid, *need, *conflicts;
    long long limit, keep;
    int want_tally;
    double timeout;
    PyObject *rules = Py_None;
    Py_buffer allowed = {0};
    if (!PyArg_ParseTuple(args, "KkOOOOLLpd|O", &covered, &used, &placed, &forbid, &need,
                          &conflicts, &limit, &keep, &want_tally, &timeout, &rules))
        return NULL;
    Ctx *x = PyMem_Calloc(1, sizeof(Ctx));
    if (!x)
        return PyErr_NoMemory();
    PyObject *out = NULL;
    if (ctx_init(x, self, forbid, need, conflicts) < 0)
        goto done;
    if (rules != Py_None && rules_init(x, rules, &allowed) < 0)
        goto done;
    Py_ssize_t np = PySequence_Size(placed);
    if (np < 0 || np > MAX_PIECES) {
        PyErr_SetString(PyExc_ValueError, "bad placed list");
        goto done;
    }
    uint64_t pl[MAX_PIECES];
    if (u64_list(placed, pl, np, "placed") < 0)
        goto done;
    for (Py_ssize_t i = 0; i < np; i++)
        x->stack[x->depth++] = (int)pl[i];
    x->limit = limit;
    x->keep = keep;
    x->deadline = timeout > 0 ? now_seconds() + timeout : 0.0;
    x->sols = PyList_New(0);
    if (want_tally)
        x->tally = PyMem_Calloc(self->nplace + 1, sizeof(long long));
    if (!x->sols || (want_tally && !x->tally)) {
        PyErr_NoMemory();
        goto done;
    }
    Memo mo = {NULL, 0, {0}};
    if (!limit && !keep && !want_tally && !x->rules) {
        if (memo_open(&mo, x, MEMO_SMALL) < 0) {
            PyErr_NoMemory();
            goto done;
        }
        x->memo = mo.slots ? &mo : NULL;
    }
    run(x, covered, (uint32_t)used);
    PyMem_Free(mo.slots);
    if (x->error)
        goto done;
    PyObject *tally = Py_None;
    Py_INCREF(Py_None);
    if (x->tally) {
        Py_DECREF(tally);
        tally = PyList_New(self->nplace);
        for (int k = 0; tally && k < self->nplace; k++)
            PyList_SET_ITEM(tally, k, PyLong_FromLongLong(x->tally[k]));
    }
    if (tally)
        out = Py_BuildValue("(LOOLN)", x->count, x->sols, x->timed_out ? Py_True : Py_False,
                            x->nodes, tally);
done:
    if (allowed.obj)
        PyBuffer_Release(&allowed);
    Py_XDECREF(x->sols);
    PyMem_Free(x->tally);
    PyMem_Free(x->live);
    PyMem_Free(x);
    return out;
}

PyDoc_STRVAR(batch_doc,
"batch(covered_list, conflicts, limit, keep_first, timeout) -> (counts, firsts, timed_out, nodes)\n\n"
"Many questions that differ only in the cells covered at the start (no\n"
"piece given or forced): per start mask the solution count (up to\n"
"``limit``, 0 = all) and, with ``keep_first``, the first solution (a\n"
"tuple of placements) or None.  ``timeout`` for the whole batch.");

static PyObject *core_batch(Core *self, PyObject *args)
{
    PyObject *cov_list, *conflicts;
    long long limit;
    int keep_first;
    double timeout;
    if (!PyArg_ParseTuple(args, "OOLpd", &cov_list, &conflicts, &limit, &keep_first, &timeout))
        return NULL;
    PyObject *fast = PySequence_Fast(cov_list, "covered_list");
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject *zeros = PyList_New(self->npieces);
    for (int p = 0; zeros && p < self->npieces; p++)
        PyList_SET_ITEM(zeros, p, PyLong_FromLong(0));
    PyObject *counts = PyList_New(n), *firsts = PyList_New(n);
    Memo mo = {NULL, 0, {0}};
    Ctx *x = PyMem_Calloc(1, sizeof(Ctx));
    PyObject *out = NULL;
    long long nodes = 0;
    int timed_out = 0;
    if (!zeros || !counts || !firsts || !x) {
        PyErr_NoMemory();
        goto done;
    }
    if (ctx_init(x, self, zeros, zeros, conflicts) < 0)
        goto done;
    Ctx base = *x;
    if (!limit && !keep_first && memo_open(&mo, x, MEMO_BATCH) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    double deadline = timeout > 0 ? now_seconds() + timeout : 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t covered = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred())
            goto done;
        *x = base;
        x->limit = limit;
        x->keep = keep_first ? 1 : 0;
        x->deadline = deadline;
        x->sols = keep_first ? PyList_New(0) : NULL;
        if (keep_first && !x->sols)
            goto done;
        x->memo = mo.slots ? &mo : NULL;
        run(x, covered, 0);
        nodes += x->nodes;
        PyObject *first = Py_None;
        if (x->sols && PyList_GET_SIZE(x->sols))
            first = PyList_GET_ITEM(x->sols, 0);
        Py_INCREF(first);
        PyList_SET_ITEM(firsts, i, first);
        Py_XDECREF(x->sols);
        if (x->error)
            goto done;
        PyList_SET_ITEM(counts, i, x->timed_out ? Py_NewRef(Py_None) : PyLong_FromLongLong(x->count));
        if (x->timed_out) {
            timed_out = 1;
            for (Py_ssize_t j = i + 1; j < n; j++) {
                PyList_SET_ITEM(counts, j, Py_NewRef(Py_None));
                PyList_SET_ITEM(firsts, j, Py_NewRef(Py_None));
            }
            break;
        }
    }
    out = Py_BuildValue("(OOOL)", counts, firsts, timed_out ? Py_True : Py_False, nodes);
done:
    PyMem_Free(mo.slots);
    if (x)
        PyMem_Free(x->live);
    PyMem_Free(x);
    Py_DECREF(fast);
    Py_XDECREF(zeros);
    Py_XDECREF(counts);
    Py_XDECREF(firsts);
    return out;
}

static PyMethodDef core_methods[] = {
    {"search", (PyCFunction)core_search, METH_VARARGS, search_doc},
    {"batch", (PyCFunction)core_batch, METH_VARARGS, batch_doc},
    {"set_rules", (PyCFunction)core_set_rules, METH_VARARGS, set_rules_doc},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "visolve.tiling._core.Core",
    .tp_doc = "Core(neighbours, shifts, masks, halos, owners, order, sizes, scan): a placement table and its rule",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "the tiling search compiled (see search.py)", -1, NULL,
};

PyMODINIT_FUNC PyInit__core(void)
{
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m)
        return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
