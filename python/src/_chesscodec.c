/*
 * _chesscodec: the CPython extension behind the `chesscodec` package.
 *
 * It binds the public API of libchesscodec (include/chesscodec.h) and nothing else. Types:
 * Move, Position (a position with a move stack), Game (a chc_game), GameReader (a chc_reader
 * over a path or a Python file object) and Engine (a chc_engine). Every library error becomes
 * a chesscodec.Error (or one of its move subclasses) carrying the library's diag.
 *
 * The GIL is released while the library reads games, searches and counts perft; a reader or
 * an engine refuses a second call from another thread while one runs (RuntimeError).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <chesscodec.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

PyMODINIT_FUNC PyInit__chesscodec(void);

/* ------------------------------------------------------------------------------------- */
/* Errors                                                                                */
/* ------------------------------------------------------------------------------------- */
static PyObject *Error, *InvalidMoveError, *IllegalMoveError, *AmbiguousMoveError;

static int set_attr_long(PyObject *o, const char *name, long v, long none_value)
{
    PyObject *x = v == none_value ? Py_NewRef(Py_None) : PyLong_FromLong(v);
    if (!x) return -1;
    int rc = PyObject_SetAttrString(o, name, x);
    Py_DECREF(x);
    return rc;
}

/* Raises the exception of library status `rc` with what `d` says (d may be NULL). */
static PyObject *raise_chc(int rc, const chc_diag *d)
{
    PyObject *type = Error;
    if (rc == CHC_E_MOVE_SYNTAX) type = InvalidMoveError;
    else if (rc == CHC_E_MOVE_ILLEGAL) type = IllegalMoveError;
    else if (rc == CHC_E_MOVE_AMBIGUOUS) type = AmbiguousMoveError;
    else if (rc == CHC_E_NO_MEMORY) return PyErr_NoMemory();
    const char *msg = d && d->message[0] ? d->message : chc_strerror(rc);
    PyObject *text = PyUnicode_DecodeUTF8(msg, (Py_ssize_t)strlen(msg), "replace");
    if (!text) return NULL;
    PyObject *e = PyObject_CallOneArg(type, text);
    Py_DECREF(text);
    if (!e) return NULL;
    PyObject *reason = PyUnicode_FromString(chc_strerror(rc));
    if (!reason || PyObject_SetAttrString(e, "reason", reason) < 0 ||
        set_attr_long(e, "code", rc, -100000) < 0 ||
        set_attr_long(e, "offset", d ? d->offset : -1, -1) < 0 ||
        set_attr_long(e, "line", d ? d->line : 0, 0) < 0 ||
        set_attr_long(e, "column", d ? d->column : 0, 0) < 0 ||
        set_attr_long(e, "index", d ? d->index : -1, -1) < 0) {
        Py_XDECREF(reason);
        Py_DECREF(e);
        return NULL;
    }
    Py_DECREF(reason);
    PyErr_SetObject(type, e);
    Py_DECREF(e);
    return NULL;
}

/* The exception being raised, taken (NULL if none), and raised again. */
static PyObject *exc_take(void)
{
#if PY_VERSION_HEX >= 0x030C0000
    return PyErr_GetRaisedException();
#else
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);
    if (!t) return NULL;
    PyErr_NormalizeException(&t, &v, &tb);
    if (tb && v) PyException_SetTraceback(v, tb);
    Py_XDECREF(t);
    Py_XDECREF(tb);
    return v;
#endif
}

static void exc_restore(PyObject *v)
{
#if PY_VERSION_HEX >= 0x030C0000
    PyErr_SetRaisedException(v);
#else
    PyErr_SetObject((PyObject *)Py_TYPE(v), v);
    Py_DECREF(v);
#endif
}

/* ------------------------------------------------------------------------------------- */
/* Helpers                                                                               */
/* ------------------------------------------------------------------------------------- */
/* Text in: str (as UTF-8) or a bytes-like object. The view must be released by the caller
 * when *view_used is set. */
typedef struct text_arg {
    const char *s;
    Py_ssize_t n;
    Py_buffer view;
    int has_view;
} text_arg;

static int text_get(PyObject *o, text_arg *t)
{
    t->has_view = 0;
    if (PyUnicode_Check(o)) {
        t->s = PyUnicode_AsUTF8AndSize(o, &t->n);
        return t->s ? 0 : -1;
    }
    if (PyObject_CheckBuffer(o)) {
        if (PyObject_GetBuffer(o, &t->view, PyBUF_SIMPLE) < 0) return -1;
        t->has_view = 1;
        t->s = t->view.buf;
        t->n = t->view.len;
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "expected str or bytes, not %.100s", Py_TYPE(o)->tp_name);
    return -1;
}

static void text_release(text_arg *t)
{
    if (t->has_view) PyBuffer_Release(&t->view);
    t->has_view = 0;
}

/* An ASCII (or UTF-8) C string of known length as str. */
static PyObject *str_n(const char *s, size_t n)
{
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)n, "strict");
}

/* A short ASCII string as str, without decoding (SAN, UCI). */
static PyObject *ascii_n(const char *s, size_t n)
{
    PyObject *o = PyUnicode_New((Py_ssize_t)n, 127);
    if (o) memcpy(PyUnicode_1BYTE_DATA(o), s, n);
    return o;
}

/* format name (or None: auto) -> enum chc_format among `kinds`. */
static int format_get(PyObject *o, unsigned kinds, int *out)
{
    if (!o || o == Py_None) {
        *out = CHC_FORMAT_AUTO;
        return 0;
    }
    const char *name = PyUnicode_Check(o) ? PyUnicode_AsUTF8(o) : NULL;
    if (!name) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "format: expected a format name (str) or None");
        return -1;
    }
    if (!strcmp(name, "auto")) {
        *out = CHC_FORMAT_AUTO;
        return 0;
    }
    int f = chc_format_by_name(name, kinds);
    if (f == CHC_FORMAT_AUTO) {
        PyErr_Format(PyExc_ValueError, "unknown %s format '%s' (chesscodec.formats() lists them)",
                     kinds == CHC_KIND_POSITION ? "position" : kinds == CHC_KIND_GAME ? "game" : "",
                     name);
        return -1;
    }
    *out = f;
    return 0;
}

static PyObject *format_name(int format)
{
    const chc_format_info *fi = chc_format_get(format);
    if (!fi) Py_RETURN_NONE;
    return PyUnicode_FromString(fi->name);
}

/* ------------------------------------------------------------------------------------- */
/* Move                                                                                  */
/* ------------------------------------------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    chc_move m;
    int c960; /* write castling king-to-rook (Chess960) */
} MoveObject;

static PyTypeObject MoveType;

static PyObject *move_new_obj(chc_move m, int c960)
{
    MoveObject *o = PyObject_New(MoveObject, &MoveType);
    if (!o) return NULL;
    o->m = m;
    o->c960 = c960 != 0;
    return (PyObject *)o;
}

/* The destination as UCI writes it: king-to-destination for standard castling. */
static int move_uci_to(chc_move m, int c960)
{
    int from = CHC_MOVE_FROM(m), to = CHC_MOVE_TO(m);
    if ((CHC_MOVE_FLAGS(m) & CHC_MF_CASTLE) && !c960)
        to = CHC_SQUARE(CHC_FILE(to) > CHC_FILE(from) ? 6 : 2, CHC_RANK(from));
    return to;
}

static size_t move_uci_text(chc_move m, int c960, char buf[8])
{
    if (m == CHC_MOVE_NULL) {
        memcpy(buf, "0000", 5);
        return 4;
    }
    const char *a = chc_square_name(CHC_MOVE_FROM(m)), *b = chc_square_name(move_uci_to(m, c960));
    size_t n = 0;
    buf[n++] = a[0];
    buf[n++] = a[1];
    buf[n++] = b[0];
    buf[n++] = b[1];
    if (CHC_MOVE_PROMO(m)) buf[n++] = "??nbrq?"[CHC_MOVE_PROMO(m)];
    buf[n] = 0;
    return n;
}

static int square_arg(PyObject *o, int *sq)
{
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > 63) {
        PyErr_SetString(PyExc_ValueError, "a square is 0 (a1) .. 63 (h8)");
        return -1;
    }
    *sq = (int)v;
    return 0;
}

static PyObject *Move_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"from_square", "to_square", "promotion", NULL};
    PyObject *fo, *to, *po = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|O:Move", kwlist, &fo, &to, &po)) return NULL;
    int from, dest, promo = 0;
    if (square_arg(fo, &from) < 0 || square_arg(to, &dest) < 0) return NULL;
    if (po != Py_None) {
        long p = PyLong_AsLong(po);
        if (p == -1 && PyErr_Occurred()) return NULL;
        if (p < CHC_KNIGHT || p > CHC_QUEEN) {
            PyErr_SetString(PyExc_ValueError, "promotion: KNIGHT (2) .. QUEEN (5) or None");
            return NULL;
        }
        promo = (int)p;
    }
    MoveObject *o = (MoveObject *)type->tp_alloc(type, 0);
    if (!o) return NULL;
    o->m = CHC_MAKE_MOVE(from, dest, promo, promo ? CHC_MF_PROMOTION : 0u);
    o->c960 = 0;
    return (PyObject *)o;
}

static PyObject *Move_from_uci(PyObject *cls, PyObject *arg)
{
    const char *s = PyUnicode_Check(arg) ? PyUnicode_AsUTF8(arg) : NULL;
    if (!s) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "Move.from_uci: expected str");
        return NULL;
    }
    if (!strcmp(s, "0000")) return move_new_obj(CHC_MOVE_NULL, 0);
    size_t n = strlen(s);
    int ok = (n == 4 || n == 5) && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
             s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8';
    int promo = 0;
    if (ok && n == 5) {
        const char *p = strchr("nbrq", s[4]);
        if (!p || !s[4]) ok = 0;
        else promo = CHC_KNIGHT + (int)(p - "nbrq");
    }
    if (!ok) {
        chc_diag d = CHC_DIAG_INIT;
        d.code = CHC_E_MOVE_SYNTAX;
        snprintf(d.message, sizeof d.message, "invalid uci: '%.60s'", s);
        return raise_chc(CHC_E_MOVE_SYNTAX, &d);
    }
    int from = CHC_SQUARE(s[0] - 'a', s[1] - '1'), to = CHC_SQUARE(s[2] - 'a', s[3] - '1');
    return move_new_obj(CHC_MAKE_MOVE(from, to, promo, promo ? CHC_MF_PROMOTION : 0u), 0);
}

static PyObject *Move_uci(PyObject *self, PyObject *unused)
{
    MoveObject *m = (MoveObject *)self;
    char buf[8];
    size_t n = move_uci_text(m->m, m->c960, buf);
    return ascii_n(buf, n);
}

static PyObject *Move_str(PyObject *self)
{
    return Move_uci(self, NULL);
}

static PyObject *Move_repr(PyObject *self)
{
    MoveObject *m = (MoveObject *)self;
    char buf[8];
    move_uci_text(m->m, m->c960, buf);
    return PyUnicode_FromFormat("Move.from_uci('%s')", buf);
}

/* Equality: the UCI meaning (from, to as UCI writes it, promotion). */
static long move_key(const MoveObject *m)
{
    if (m->m == CHC_MOVE_NULL) return 1L << 20;
    return (long)CHC_MOVE_FROM(m->m) | ((long)move_uci_to(m->m, m->c960) << 6) |
           ((long)CHC_MOVE_PROMO(m->m) << 12);
}

static Py_hash_t Move_hash(PyObject *self)
{
    return (Py_hash_t)move_key((MoveObject *)self) + 1;
}

static PyObject *Move_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &MoveType) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
    int eq = move_key((MoveObject *)a) == move_key((MoveObject *)b);
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *Move_get_from(PyObject *self, void *c)
{
    return PyLong_FromLong(CHC_MOVE_FROM(((MoveObject *)self)->m));
}
static PyObject *Move_get_to(PyObject *self, void *c)
{
    MoveObject *m = (MoveObject *)self;
    return PyLong_FromLong(move_uci_to(m->m, m->c960));
}
static PyObject *Move_get_promotion(PyObject *self, void *c)
{
    int p = CHC_MOVE_PROMO(((MoveObject *)self)->m);
    if (!p) Py_RETURN_NONE;
    return PyLong_FromLong(p);
}
static PyObject *Move_get_flag(PyObject *self, void *c)
{
    return PyBool_FromLong((CHC_MOVE_FLAGS(((MoveObject *)self)->m) & (unsigned)(uintptr_t)c) != 0);
}
static PyObject *Move_get_raw(PyObject *self, void *c)
{
    return PyLong_FromUnsignedLong(((MoveObject *)self)->m);
}
static int Move_bool(PyObject *self)
{
    return ((MoveObject *)self)->m != CHC_MOVE_NULL;
}

static PyGetSetDef Move_getset[] = {
    {"from_square", Move_get_from, NULL, "The square the piece leaves (0 = a1 .. 63 = h8).", NULL},
    {"to_square", Move_get_to, NULL,
     "The destination square as UCI names it (castling: the king's destination, or the rook's "
     "square in Chess960).", NULL},
    {"promotion", Move_get_promotion, NULL, "The promotion piece type (KNIGHT..QUEEN) or None.", NULL},
    {"is_capture", Move_get_flag, NULL, "True for a capture (en passant included); known for "
     "moves the library made (legal_moves, parse_*), False for a bare Move(from, to).",
     (void *)(uintptr_t)CHC_MF_CAPTURE},
    {"is_castling", Move_get_flag, NULL, "True for castling (see is_capture).", (void *)(uintptr_t)CHC_MF_CASTLE},
    {"is_en_passant", Move_get_flag, NULL, "True for an en-passant capture (see is_capture).",
     (void *)(uintptr_t)CHC_MF_EN_PASSANT},
    {"raw", Move_get_raw, NULL, "The library's 32-bit chc_move.", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyObject *Move_reduce(PyObject *self, PyObject *unused)
{
    MoveObject *m = (MoveObject *)self;
    PyObject *mod = PyImport_ImportModule("chesscodec._chesscodec");
    if (!mod) return NULL;
    PyObject *fn = PyObject_GetAttrString(mod, "_move_from_raw");
    Py_DECREF(mod);
    if (!fn) return NULL;
    return Py_BuildValue("(N(ki))", fn, (unsigned long)m->m, m->c960);
}

static PyMethodDef Move_methods[] = {
    {"uci", Move_uci, METH_NOARGS, "The move in UCI: e2e4, e7e8q, e1g1 (Chess960: e1h1), 0000 for the null move."},
    {"__reduce__", Move_reduce, METH_NOARGS, NULL},
    {"from_uci", Move_from_uci, METH_O | METH_CLASS,
     "Move.from_uci(text) -> Move: a move from its UCI text, not yet checked against a position "
     "(Position.push resolves it). Raises InvalidMoveError."},
    {NULL, NULL, 0, NULL}
};

static PyNumberMethods Move_as_number = {.nb_bool = Move_bool};

static PyTypeObject MoveType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "chesscodec.Move",
    .tp_basicsize = sizeof(MoveObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Move(from_square, to_square, promotion=None)\n\n"
              "A chess move. Moves from Position.legal_moves, parse_san/parse_uci and games carry "
              "the library's flags; a Move made by hand is resolved by Position.push().",
    .tp_new = Move_new,
    .tp_repr = Move_repr,
    .tp_str = Move_str,
    .tp_hash = Move_hash,
    .tp_richcompare = Move_richcompare,
    .tp_getset = Move_getset,
    .tp_methods = Move_methods,
    .tp_as_number = &Move_as_number,
};

/* ------------------------------------------------------------------------------------- */
/* Position                                                                              */
/* ------------------------------------------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    chc_position pos;
    chc_move *mv;   /* move stack (push/pop) */
    chc_undo *un;
    size_t n, cap;
} PositionObject;

static PyTypeObject PositionType;
static PyTypeObject GameType;

static PositionObject *position_alloc(PyTypeObject *type)
{
    PositionObject *o = (PositionObject *)type->tp_alloc(type, 0);
    if (!o) return NULL;
    o->mv = NULL;
    o->un = NULL;
    o->n = o->cap = 0;
    return o;
}

static PyObject *position_from(const chc_position *pos)
{
    PositionObject *o = position_alloc(&PositionType);
    if (!o) return NULL;
    o->pos = *pos;
    return (PyObject *)o;
}

static void Position_dealloc(PyObject *self)
{
    PositionObject *p = (PositionObject *)self;
    PyMem_Free(p->mv);
    PyMem_Free(p->un);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *Position_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"fen", "chess960", NULL};
    PyObject *fen = Py_None;
    int c960 = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O$p:Position", kwlist, &fen, &c960)) return NULL;
    PositionObject *o = position_alloc(type);
    if (!o) return NULL;
    if (fen == Py_None) {
        chc_position_startpos(&o->pos);
        if (c960 && chc_position_from_fen(&o->pos, CHC_STARTPOS_FEN, CHC_FEN_CHESS960, NULL) != CHC_OK) {
            Py_DECREF(o);
            return raise_chc(CHC_E_INTERNAL, NULL);
        }
        return (PyObject *)o;
    }
    const char *s = PyUnicode_Check(fen) ? PyUnicode_AsUTF8(fen) : NULL;
    if (!s) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "Position: fen must be a str or None");
        Py_DECREF(o);
        return NULL;
    }
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_from_fen(&o->pos, s, c960 ? CHC_FEN_CHESS960 : 0u, &d);
    if (rc != CHC_OK) {
        Py_DECREF(o);
        return raise_chc(rc, &d);
    }
    return (PyObject *)o;
}

static PyObject *Position_from_fen(PyObject *cls, PyObject *args, PyObject *kw)
{
    return PyObject_Call(cls, args, kw);
}

static PyObject *Position_from_chess960_pos(PyObject *cls, PyObject *arg)
{
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    PositionObject *o = position_alloc((PyTypeObject *)cls);
    if (!o) return NULL;
    if (chc_position_chess960(&o->pos, (int)(n < 0 || n > 959 ? -1 : n)) != CHC_OK) {
        Py_DECREF(o);
        PyErr_SetString(PyExc_ValueError, "a Chess960 start is numbered 0..959");
        return NULL;
    }
    return (PyObject *)o;
}

static PyObject *Position_read(PyObject *cls, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"text", "format", NULL};
    PyObject *src, *fo = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:read", kwlist, &src, &fo)) return NULL;
    int format;
    if (format_get(fo, 0, &format) < 0) return NULL;
    text_arg t;
    if (text_get(src, &t) < 0) return NULL;
    PositionObject *o = position_alloc((PyTypeObject *)cls);
    if (!o) {
        text_release(&t);
        return NULL;
    }
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_read(t.s, (size_t)t.n, format, &o->pos, NULL, &d);
    text_release(&t);
    if (rc != CHC_OK) {
        Py_DECREF(o);
        return raise_chc(rc, &d);
    }
    return (PyObject *)o;
}

static PyObject *position_copy(PyObject *self, int stack)
{
    PositionObject *p = (PositionObject *)self;
    PositionObject *o = position_alloc(Py_TYPE(self));
    if (!o) return NULL;
    o->pos = p->pos;
    if (stack && p->n) {
        o->mv = PyMem_Malloc(p->n * sizeof *o->mv);
        o->un = PyMem_Malloc(p->n * sizeof *o->un);
        if (!o->mv || !o->un) {
            Py_DECREF(o);
            return PyErr_NoMemory();
        }
        memcpy(o->mv, p->mv, p->n * sizeof *o->mv);
        memcpy(o->un, p->un, p->n * sizeof *o->un);
        o->n = o->cap = p->n;
    }
    return (PyObject *)o;
}

static PyObject *Position_copy(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"stack", NULL};
    int stack = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|p:copy", kwlist, &stack)) return NULL;
    return position_copy(self, stack);
}

static PyObject *Position_copy1(PyObject *self, PyObject *unused)
{
    return position_copy(self, 1);
}

static PyObject *Position_fen(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"shredder", "en_passant", NULL};
    int shredder = 0;
    const char *ep = "always";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$ps:fen", kwlist, &shredder, &ep)) return NULL;
    unsigned flags = shredder ? CHC_FEN_SHREDDER : 0u;
    if (!strcmp(ep, "legal")) flags |= CHC_FEN_EP_LEGAL_ONLY;
    else if (strcmp(ep, "always")) {
        PyErr_SetString(PyExc_ValueError, "en_passant: 'always' (after every double step) or 'legal'");
        return NULL;
    }
    char buf[CHC_FEN_MAX];
    size_t n = chc_position_to_fen(&((PositionObject *)self)->pos, buf, sizeof buf, flags);
    return ascii_n(buf, n);
}

static PyObject *Position_epd(PyObject *self, PyObject *unused)
{
    char buf[CHC_FEN_MAX];
    size_t n = chc_position_to_fen(&((PositionObject *)self)->pos, buf, sizeof buf, CHC_FEN_NO_COUNTERS);
    return ascii_n(buf, n);
}

static PyObject *Position_write(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"format", "resigned", "shredder", "en_passant", "version", NULL};
    PyObject *fo;
    int resigned = 0, shredder = 0, version = 0;
    const char *ep = "always";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$ppsi:write", kwlist, &fo, &resigned, &shredder, &ep,
                                     &version))
        return NULL;
    int format;
    if (format_get(fo, CHC_KIND_POSITION, &format) < 0) return NULL;
    if (format == CHC_FORMAT_AUTO) {
        PyErr_SetString(PyExc_ValueError, "write: name a format");
        return NULL;
    }
    unsigned flags = 0;
    if (version && (format != CHC_FORMAT_PACK_POSITION || version < 1 || version > CHC_PACK_POS_VERSION_MAX)) {
        PyErr_Format(PyExc_ValueError, "write: version applies to pack-position only (1..%d)",
                     CHC_PACK_POS_VERSION_MAX);
        return NULL;
    }
    if (format == CHC_FORMAT_PACK_POSITION) flags |= CHC_PACK_POS_V(version);
    if (format == CHC_FORMAT_COVERT && resigned) flags |= CHC_COVERT_RESIGNED;
    if (format == CHC_FORMAT_FEN || format == CHC_FORMAT_EPD || format == CHC_FORMAT_SHREDDER_FEN) {
        if (shredder) flags |= CHC_FEN_SHREDDER;
        if (!strcmp(ep, "legal")) flags |= CHC_FEN_EP_LEGAL_ONLY;
    }
    char buf[CHC_POSITION_TEXT_MAX];
    size_t n = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_write(&((PositionObject *)self)->pos, format, flags, buf, sizeof buf, &n, &d);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return str_n(buf, n);
}

static PyObject *moves_list(const chc_position *pos, enum chc_gen kind)
{
    chc_move mv[CHC_MAX_MOVES];
    int n = chc_legal_moves(pos, mv, kind);
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    int c960 = chc_is_chess960(pos);
    for (int i = 0; i < n; i++) {
        PyObject *m = move_new_obj(mv[i], c960);
        if (!m) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, i, m);
    }
    return l;
}

static PyObject *Position_get_legal_moves(PyObject *self, void *c)
{
    return moves_list(&((PositionObject *)self)->pos, CHC_GEN_ALL);
}

static PyObject *Position_captures(PyObject *self, PyObject *unused)
{
    return moves_list(&((PositionObject *)self)->pos, CHC_GEN_CAPTURES);
}

/* The legal move `o` means in pos (a Move: exact, or resolved from its squares). */
static int move_resolve(const chc_position *pos, PyObject *o, chc_move *out)
{
    if (!PyObject_TypeCheck(o, &MoveType)) {
        PyErr_Format(PyExc_TypeError, "expected a Move, not %.100s", Py_TYPE(o)->tp_name);
        return -1;
    }
    chc_move m = ((MoveObject *)o)->m;
    if (m == CHC_MOVE_NULL) {
        if (chc_in_check(pos)) goto illegal;
        *out = m;
        return 0;
    }
    if (chc_is_legal(pos, m)) {
        *out = m;
        return 0;
    }
    m = chc_find_move(pos, CHC_MOVE_FROM(m), CHC_MOVE_TO(m), CHC_MOVE_PROMO(m));
    if (m != CHC_MOVE_NONE) {
        *out = m;
        return 0;
    }
illegal:;
    chc_diag d = CHC_DIAG_INIT;
    char u[8], fen[CHC_FEN_MAX];
    move_uci_text(((MoveObject *)o)->m, ((MoveObject *)o)->c960, u);
    chc_position_to_fen(pos, fen, sizeof fen, 0);
    d.code = CHC_E_MOVE_ILLEGAL;
    snprintf(d.message, sizeof d.message, "illegal move %s in %s", u, fen);
    raise_chc(CHC_E_MOVE_ILLEGAL, &d);
    return -1;
}

static int position_push_move(PositionObject *p, chc_move m)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 16;
        chc_move *mv = PyMem_Realloc(p->mv, cap * sizeof *mv);
        if (!mv) return -1;
        p->mv = mv;
        chc_undo *un = PyMem_Realloc(p->un, cap * sizeof *un);
        if (!un) return -1;
        p->un = un;
        p->cap = cap;
    }
    p->mv[p->n] = m;
    if (m == CHC_MOVE_NULL) chc_make_null(&p->pos, &p->un[p->n]);
    else chc_make_move(&p->pos, m, &p->un[p->n]);
    p->n++;
    return 0;
}

static PyObject *Position_push(PyObject *self, PyObject *arg)
{
    PositionObject *p = (PositionObject *)self;
    chc_move m;
    if (move_resolve(&p->pos, arg, &m) < 0) return NULL;
    if (position_push_move(p, m) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

typedef int (*parse_fn)(const chc_position *, const char *, size_t, chc_move *, chc_diag *);

static int parse_uci_n(const chc_position *pos, const char *s, size_t n, chc_move *out, chc_diag *d)
{
    char buf[32];
    if (n >= sizeof buf) n = sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return chc_move_from_uci(pos, buf, out, d);
}

static PyObject *position_parse(PositionObject *p, PyObject *arg, parse_fn fn, int push)
{
    const char *s;
    Py_ssize_t n;
    if (!PyUnicode_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "expected str, not %.100s", Py_TYPE(arg)->tp_name);
        return NULL;
    }
    s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (!s) return NULL;
    chc_move m;
    chc_diag d = CHC_DIAG_INIT;
    int rc = fn(&p->pos, s, (size_t)n, &m, &d);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    PyObject *mo = move_new_obj(m, chc_is_chess960(&p->pos));
    if (mo && push && position_push_move(p, m) < 0) {
        Py_DECREF(mo);
        return PyErr_NoMemory();
    }
    return mo;
}

static PyObject *Position_parse_san(PyObject *self, PyObject *arg)
{
    return position_parse((PositionObject *)self, arg, chc_move_from_san_n, 0);
}
static PyObject *Position_parse_uci(PyObject *self, PyObject *arg)
{
    return position_parse((PositionObject *)self, arg, parse_uci_n, 0);
}
static PyObject *Position_parse_move(PyObject *self, PyObject *arg)
{
    return position_parse((PositionObject *)self, arg, chc_move_parse, 0);
}
static PyObject *Position_push_san(PyObject *self, PyObject *arg)
{
    return position_parse((PositionObject *)self, arg, chc_move_from_san_n, 1);
}
static PyObject *Position_push_uci(PyObject *self, PyObject *arg)
{
    return position_parse((PositionObject *)self, arg, parse_uci_n, 1);
}

static PyObject *Position_pop(PyObject *self, PyObject *unused)
{
    PositionObject *p = (PositionObject *)self;
    if (!p->n) {
        PyErr_SetString(PyExc_IndexError, "pop from an empty move stack");
        return NULL;
    }
    p->n--;
    chc_move m = p->mv[p->n];
    if (m == CHC_MOVE_NULL) chc_unmake_null(&p->pos, &p->un[p->n]);
    else chc_unmake_move(&p->pos, m, &p->un[p->n]);
    return move_new_obj(m, chc_is_chess960(&p->pos));
}

static PyObject *Position_peek(PyObject *self, PyObject *unused)
{
    PositionObject *p = (PositionObject *)self;
    if (!p->n) {
        PyErr_SetString(PyExc_IndexError, "peek at an empty move stack");
        return NULL;
    }
    return move_new_obj(p->mv[p->n - 1], chc_is_chess960(&p->pos));
}

static PyObject *Position_get_move_stack(PyObject *self, void *c)
{
    PositionObject *p = (PositionObject *)self;
    PyObject *l = PyList_New((Py_ssize_t)p->n);
    int c960 = chc_is_chess960(&p->pos);
    for (size_t i = 0; l && i < p->n; i++) {
        PyObject *m = move_new_obj(p->mv[i], c960);
        if (!m) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, m);
    }
    return l;
}

/* The start of the move stack (the position before its first move). */
static void position_root(const PositionObject *p, chc_position *out)
{
    *out = p->pos;
    for (size_t i = p->n; i-- > 0;) {
        if (p->mv[i] == CHC_MOVE_NULL) chc_unmake_null(out, &p->un[i]);
        else chc_unmake_move(out, p->mv[i], &p->un[i]);
    }
}

static PyObject *Position_root(PyObject *self, PyObject *unused)
{
    chc_position r;
    position_root((PositionObject *)self, &r);
    return position_from(&r);
}

/* Pickling: the root position's FEN (Shredder form: exact for Chess960), the chess960 flag and
 * the stack's moves, restored by chesscodec._types._restore_position. */
static PyObject *Position_reduce(PyObject *self, PyObject *unused)
{
    PositionObject *p = (PositionObject *)self;
    chc_position root;
    position_root(p, &root);
    char fen[CHC_FEN_MAX];
    chc_position_to_fen(&root, fen, sizeof fen, CHC_FEN_SHREDDER);
    PyObject *moves = PyList_New((Py_ssize_t)p->n);
    for (size_t i = 0; moves && i < p->n; i++) {
        PyObject *v = PyLong_FromUnsignedLong(p->mv[i]);
        if (!v) Py_CLEAR(moves);
        else PyList_SET_ITEM(moves, (Py_ssize_t)i, v);
    }
    if (!moves) return NULL;
    PyObject *mod = PyImport_ImportModule("chesscodec._types");
    PyObject *fn = mod ? PyObject_GetAttrString(mod, "_restore_position") : NULL;
    Py_XDECREF(mod);
    if (!fn) {
        Py_DECREF(moves);
        return NULL;
    }
    return Py_BuildValue("(N(OsON))", fn, (PyObject *)Py_TYPE(self), fen,
                         chc_is_chess960(&root) ? Py_True : Py_False, moves);
}

/* Pushes the move whose raw value is `raw` (a legal move of the position: unpickling). */
static PyObject *Position_push_raw(PyObject *self, PyObject *arg)
{
    PositionObject *p = (PositionObject *)self;
    unsigned long raw = PyLong_AsUnsignedLong(arg);
    if (raw == (unsigned long)-1 && PyErr_Occurred()) return NULL;
    chc_move m = (chc_move)raw;
    if (m != CHC_MOVE_NULL ? !chc_is_legal(&p->pos, m) : chc_in_check(&p->pos)) return raise_chc(CHC_E_MOVE_ILLEGAL, NULL);
    if (position_push_move(p, m) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *Position_san(PyObject *self, PyObject *arg)
{
    PositionObject *p = (PositionObject *)self;
    chc_move m;
    if (move_resolve(&p->pos, arg, &m) < 0) return NULL;
    char buf[CHC_SAN_MAX];
    size_t n = chc_move_to_san(&p->pos, m, buf);
    return ascii_n(buf, n);
}

static PyObject *Position_uci(PyObject *self, PyObject *arg)
{
    PositionObject *p = (PositionObject *)self;
    chc_move m;
    if (move_resolve(&p->pos, arg, &m) < 0) return NULL;
    char buf[8];
    size_t n = move_uci_text(m, chc_is_chess960(&p->pos), buf);
    return ascii_n(buf, n);
}

static PyObject *Position_is_legal(PyObject *self, PyObject *arg)
{
    PositionObject *p = (PositionObject *)self;
    if (!PyObject_TypeCheck(arg, &MoveType)) {
        PyErr_SetString(PyExc_TypeError, "expected a Move");
        return NULL;
    }
    chc_move m = ((MoveObject *)arg)->m;
    if (m == CHC_MOVE_NULL) Py_RETURN_FALSE;
    int ok = chc_is_legal(&p->pos, m) ||
             chc_find_move(&p->pos, CHC_MOVE_FROM(m), CHC_MOVE_TO(m), CHC_MOVE_PROMO(m)) != CHC_MOVE_NONE;
    return PyBool_FromLong(ok);
}

static PyObject *Position_gives_check(PyObject *self, PyObject *arg)
{
    PositionObject *p = (PositionObject *)self;
    chc_move m;
    if (move_resolve(&p->pos, arg, &m) < 0) return NULL;
    return PyBool_FromLong(m != CHC_MOVE_NULL && chc_gives_check(&p->pos, m));
}

static PyObject *Position_is_check(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(chc_in_check(&((PositionObject *)self)->pos));
}

static PyObject *Position_is_checkmate(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(chc_position_outcome(&((PositionObject *)self)->pos) == CHC_OUTCOME_CHECKMATE);
}

static PyObject *Position_is_stalemate(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(chc_position_outcome(&((PositionObject *)self)->pos) == CHC_OUTCOME_STALEMATE);
}

static PyObject *Position_is_insufficient_material(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(chc_insufficient_material(&((PositionObject *)self)->pos));
}

/* Outcome(termination, winner) from chesscodec._types, or None. */
static PyObject *outcome_object(int outcome, int result, int claim_draw)
{
    if (outcome == CHC_OUTCOME_NONE) Py_RETURN_NONE;
    if (!claim_draw && (outcome == CHC_OUTCOME_FIFTY || outcome == CHC_OUTCOME_THREEFOLD)) Py_RETURN_NONE;
    PyObject *mod = PyImport_ImportModule("chesscodec._types");
    if (!mod) return NULL;
    PyObject *winner = result == CHC_RESULT_WHITE_WINS ? Py_True : result == CHC_RESULT_BLACK_WINS ? Py_False : Py_None;
    PyObject *r = PyObject_CallMethod(mod, "_outcome", "iO", outcome, winner);
    Py_DECREF(mod);
    return r;
}

/* Builds a game from the start of p's stack and its moves (for repetitions). */
static chc_game *position_game(const PositionObject *p)
{
    chc_position root;
    position_root(p, &root);
    chc_game *g = chc_game_new();
    if (!g) return NULL;
    chc_game_reset(g, &root);
    for (size_t i = 0; i < p->n; i++)
        if (chc_game_push(g, p->mv[i]) != CHC_OK) {
            chc_game_free(g);
            return NULL;
        }
    return g;
}

static PyObject *Position_outcome(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"claim_draw", NULL};
    int claim = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$p:outcome", kwlist, &claim)) return NULL;
    PositionObject *p = (PositionObject *)self;
    int oc;
    if (p->n) {
        chc_game *g = position_game(p);
        if (!g) return PyErr_NoMemory();
        oc = chc_game_outcome(g);
        chc_game_free(g);
    } else {
        oc = chc_position_outcome(&p->pos);
    }
    return outcome_object(oc, chc_outcome_result(oc, &p->pos), claim);
}

static PyObject *Position_perft(PyObject *self, PyObject *arg)
{
    long depth = PyLong_AsLong(arg);
    if (depth == -1 && PyErr_Occurred()) return NULL;
    if (depth < 0 || depth > 20) {
        PyErr_SetString(PyExc_ValueError, "perft depth: 0..20");
        return NULL;
    }
    chc_position pos = ((PositionObject *)self)->pos;
    uint64_t n;
    Py_BEGIN_ALLOW_THREADS
    n = chc_perft(&pos, (int)depth);
    Py_END_ALLOW_THREADS
    return PyLong_FromUnsignedLongLong(n);
}

static PyObject *Position_board_text(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"unicode", "flipped", "coordinates", NULL};
    int uni = 0, flip = 0, coords = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$ppp:board_text", kwlist, &uni, &flip, &coords)) return NULL;
    PositionObject *p = (PositionObject *)self;
    unsigned flags = (uni ? 0u : CHC_BOARD_ASCII) | (flip ? CHC_BOARD_FLIP : 0u) | (coords ? 0u : CHC_BOARD_NO_COORDS);
    char buf[CHC_BOARD_TEXT_MAX];
    size_t n = 0;
    int rc = chc_board_write(&p->pos, p->n ? p->mv[p->n - 1] : CHC_MOVE_NONE, flags, buf, sizeof buf, &n);
    if (rc != CHC_OK) return raise_chc(rc, NULL);
    return str_n(buf, n);
}

static PyObject *Position_str(PyObject *self)
{
    PyObject *a = PyTuple_New(0);
    if (!a) return NULL;
    PyObject *r = Position_board_text(self, a, NULL);
    Py_DECREF(a);
    return r;
}

static PyObject *Position_repr(PyObject *self)
{
    char buf[CHC_FEN_MAX];
    chc_position_to_fen(&((PositionObject *)self)->pos, buf, sizeof buf, 0);
    return PyUnicode_FromFormat("Position('%s')", buf);
}

static PyObject *Position_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &PositionType) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
    const chc_position *x = &((PositionObject *)a)->pos, *y = &((PositionObject *)b)->pos;
    int eq = chc_position_same(x, y) && chc_halfmove_clock(x) == chc_halfmove_clock(y) &&
             chc_fullmove_number(x) == chc_fullmove_number(y);
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *Position_piece_at(PyObject *self, PyObject *arg)
{
    int sq;
    if (square_arg(arg, &sq) < 0) return NULL;
    int pc = chc_piece_at(&((PositionObject *)self)->pos, sq);
    if (pc == CHC_NO_PIECE) Py_RETURN_NONE;
    char c = " pnbrqk"[CHC_PIECE_TYPE(pc)];
    if (CHC_PIECE_COLOR(pc) == CHC_WHITE) c = (char)(c - 'a' + 'A');
    return ascii_n(&c, 1);
}

static PyObject *Position_king(PyObject *self, PyObject *arg)
{
    int white = PyObject_IsTrue(arg);
    if (white < 0) return NULL;
    return PyLong_FromLong(chc_king_square(&((PositionObject *)self)->pos, white ? CHC_WHITE : CHC_BLACK));
}

static PyObject *Position_pieces(PyObject *self, PyObject *args)
{
    int type, white;
    if (!PyArg_ParseTuple(args, "ip:pieces", &type, &white)) return NULL;
    if (type < CHC_PAWN || type > CHC_KING) {
        PyErr_SetString(PyExc_ValueError, "piece type: PAWN (1) .. KING (6)");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(chc_pieces(&((PositionObject *)self)->pos, white ? CHC_WHITE : CHC_BLACK, type));
}

static PyObject *Position_get_turn(PyObject *self, void *c)
{
    return PyBool_FromLong(chc_side_to_move(&((PositionObject *)self)->pos) == CHC_WHITE);
}
static PyObject *Position_get_polyglot_key(PyObject *self, void *c)
{
    return PyLong_FromUnsignedLongLong(chc_position_key(&((PositionObject *)self)->pos));
}
static PyObject *Position_get_ep_square(PyObject *self, void *c)
{
    int sq = chc_ep_square(&((PositionObject *)self)->pos);
    if (sq == CHC_NO_SQUARE) Py_RETURN_NONE;
    return PyLong_FromLong(sq);
}
static PyObject *Position_get_castling_rights(PyObject *self, void *c)
{
    const chc_position *pos = &((PositionObject *)self)->pos;
    uint64_t bb = 0;
    for (unsigned r = 1; r <= 8; r <<= 1) {
        int sq = chc_castling_rook(pos, r);
        if (sq != CHC_NO_SQUARE) bb |= 1ull << sq;
    }
    return PyLong_FromUnsignedLongLong(bb);
}
static PyObject *Position_get_halfmove(PyObject *self, void *c)
{
    return PyLong_FromLong(chc_halfmove_clock(&((PositionObject *)self)->pos));
}
static PyObject *Position_get_fullmove(PyObject *self, void *c)
{
    return PyLong_FromLong(chc_fullmove_number(&((PositionObject *)self)->pos));
}
static PyObject *Position_get_chess960(PyObject *self, void *c)
{
    return PyBool_FromLong(chc_is_chess960(&((PositionObject *)self)->pos));
}

static PyGetSetDef Position_getset[] = {
    {"legal_moves", Position_get_legal_moves, NULL, "The legal moves (a new list each time).", NULL},
    {"move_stack", Position_get_move_stack, NULL, "The moves pushed so far (a new list).", NULL},
    {"turn", Position_get_turn, NULL, "The side to move: WHITE (True) or BLACK (False).", NULL},
    {"polyglot_key", Position_get_polyglot_key, NULL, "The Polyglot Zobrist key (int, 64 bits).", NULL},
    {"ep_square", Position_get_ep_square, NULL,
     "The en-passant target square after a double step (whether or not a capture is legal), or None.", NULL},
    {"castling_rights", Position_get_castling_rights, NULL,
     "A bitboard (int) of the rooks that still have castling rights.", NULL},
    {"halfmove_clock", Position_get_halfmove, NULL, "Plies since the last capture or pawn move.", NULL},
    {"fullmove_number", Position_get_fullmove, NULL, "The move number (starts at 1).", NULL},
    {"chess960", Position_get_chess960, NULL, "True for a Chess960 position.", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

#define KW (METH_VARARGS | METH_KEYWORDS)
#define KWFN(f) ((PyCFunction)(void (*)(void))(f))

static PyObject *mod_render(PyObject *m, PyObject *args, PyObject *kw);
/* _repr_svg_: Jupyter draws a Position or a Game (its last position) with it. */
static PyObject *repr_svg(PyObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *a = PyTuple_Pack(1, self), *r = a ? mod_render(NULL, a, NULL) : NULL;
    Py_XDECREF(a);
    return r;
}

static PyMethodDef Position_methods[] = {
    {"from_fen", KWFN(Position_from_fen), KW | METH_CLASS,
     "Position.from_fen(fen, *, chess960=False) -> Position. FEN, X-FEN or Shredder-FEN (4 or 6 "
     "fields). Raises Error: syntax (field and column) or an impossible position."},
    {"from_chess960_pos", Position_from_chess960_pos, METH_O | METH_CLASS,
     "Position.from_chess960_pos(n) -> Position: Chess960 start n (0..959, 518 is the standard "
     "setup)."},
    {"read", KWFN(Position_read), KW | METH_CLASS,
     "Position.read(text, format=None) -> Position: a position in any format (FEN, EPD, startpos, "
     "covert, mscs, mscs-hex, pack-position; a game format gives the position at its end). "
     "format None detects it."},
    {"write", KWFN(Position_write), KW,
     "write(format, *, resigned=False, shredder=False, en_passant='always') -> str: the position "
     "in any position format (fen, shredder-fen, epd, covert, mscs, mscs-hex, pack-position)."},
    {"fen", KWFN(Position_fen), KW,
     "fen(*, shredder=False, en_passant='always') -> str. en_passant='always' names the square "
     "after every double step (the PGN standard); 'legal' only when a capture is legal."},
    {"epd", Position_epd, METH_NOARGS, "epd() -> str: the first four FEN fields."},
    {"copy", KWFN(Position_copy), KW, "copy(*, stack=True) -> Position."},
    {"__copy__", Position_copy1, METH_NOARGS, NULL},
    {"__deepcopy__", Position_copy1, METH_O, NULL},
    {"captures", Position_captures, METH_NOARGS, "captures() -> list[Move]: legal captures and promotions."},
    {"push", Position_push, METH_O,
     "push(move): plays a legal move (a Move from this position, or one given by squares, "
     "resolved: Move(E1, G1) castles). Raises IllegalMoveError."},
    {"push_san", Position_push_san, METH_O,
     "push_san(san) -> Move: parses SAN (as real files write it) and plays it. Raises "
     "InvalidMoveError, IllegalMoveError, AmbiguousMoveError."},
    {"push_uci", Position_push_uci, METH_O, "push_uci(uci) -> Move: parses UCI and plays it."},
    {"parse_san", Position_parse_san, METH_O, "parse_san(san) -> Move (not played)."},
    {"parse_uci", Position_parse_uci, METH_O, "parse_uci(uci) -> Move (not played)."},
    {"parse_move", Position_parse_move, METH_O,
     "parse_move(text) -> Move: SAN, UCI, figurines or '--', as people type moves."},
    {"pop", Position_pop, METH_NOARGS, "pop() -> Move: takes back the last pushed move."},
    {"peek", Position_peek, METH_NOARGS, "peek() -> Move: the last pushed move."},
    {"root", Position_root, METH_NOARGS, "root() -> Position: the position before the first pushed move."},
    {"__reduce__", Position_reduce, METH_NOARGS, NULL},
    {"_push_raw", Position_push_raw, METH_O, NULL},
    {"san", Position_san, METH_O, "san(move) -> str: the legal move in SAN (with + or #)."},
    {"uci", Position_uci, METH_O, "uci(move) -> str: the legal move in UCI."},
    {"is_legal", Position_is_legal, METH_O, "is_legal(move) -> bool."},
    {"gives_check", Position_gives_check, METH_O, "gives_check(move) -> bool."},
    {"is_check", Position_is_check, METH_NOARGS, "is_check() -> bool: the side to move is in check."},
    {"is_checkmate", Position_is_checkmate, METH_NOARGS, "is_checkmate() -> bool."},
    {"is_stalemate", Position_is_stalemate, METH_NOARGS, "is_stalemate() -> bool."},
    {"is_insufficient_material", Position_is_insufficient_material, METH_NOARGS,
     "is_insufficient_material() -> bool: neither side can mate (as chessops decides)."},
    {"outcome", KWFN(Position_outcome), KW,
     "outcome(*, claim_draw=False) -> Outcome | None: checkmate, stalemate, insufficient material, "
     "seventy-five moves, fivefold repetition (from the move stack); with claim_draw also fifty "
     "moves and threefold repetition."},
    {"perft", Position_perft, METH_O, "perft(depth) -> int: leaf nodes of the legal move tree (GIL released)."},
    {"board_text", KWFN(Position_board_text), KW,
     "board_text(*, unicode=False, flipped=False, coordinates=True) -> str: the board, one rank a line."},
    {"piece_at", Position_piece_at, METH_O,
     "piece_at(square) -> str | None: the piece's letter (PNBRQK white, pnbrqk black)."},
    {"king", Position_king, METH_O, "king(color) -> int: the square of that side's king."},
    {"pieces", Position_pieces, METH_VARARGS, "pieces(piece_type, color) -> int: a bitboard."},
    {"_repr_svg_", repr_svg, METH_NOARGS, "The position as an SVG picture (Jupyter draws it)."},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject PositionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "chesscodec.Position",
    .tp_basicsize = sizeof(PositionObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Position(fen=None, *, chess960=False)\n\n"
              "A chess position (the standard start when fen is None) with a move stack: "
              "push/pop, legal moves, SAN and UCI, outcome, Polyglot key.",
    .tp_new = Position_new,
    .tp_dealloc = Position_dealloc,
    .tp_repr = Position_repr,
    .tp_str = Position_str,
    .tp_richcompare = Position_richcompare,
    .tp_getset = Position_getset,
    .tp_methods = Position_methods,
};

/* ------------------------------------------------------------------------------------- */
/* Game                                                                                  */
/* ------------------------------------------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    chc_game *g;
    int no_result; /* read from a PGN cut off without a result token */
} GameObject;

static PyObject *game_wrap(chc_game *g)
{
    GameObject *o = PyObject_New(GameObject, &GameType);
    if (!o) {
        chc_game_free(g);
        return NULL;
    }
    o->g = g;
    o->no_result = 0;
    return (PyObject *)o;
}

static void Game_dealloc(PyObject *self)
{
    chc_game_free(((GameObject *)self)->g);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *Game_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"start", NULL};
    PyObject *start = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:Game", kwlist, &start)) return NULL;
    if (start != Py_None && !PyObject_TypeCheck(start, &PositionType)) {
        PyErr_SetString(PyExc_TypeError, "Game: start must be a Position or None");
        return NULL;
    }
    GameObject *o = (GameObject *)type->tp_alloc(type, 0);
    if (!o) return NULL;
    o->g = chc_game_new();
    o->no_result = 0;
    if (!o->g) {
        Py_DECREF(o);
        return PyErr_NoMemory();
    }
    if (start != Py_None) chc_game_reset(o->g, &((PositionObject *)start)->pos);
    return (PyObject *)o;
}

static PyObject *Game_read(PyObject *cls, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"text", "format", NULL};
    PyObject *src, *fo = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:read", kwlist, &src, &fo)) return NULL;
    int format;
    if (format_get(fo, 0, &format) < 0) return NULL;
    text_arg t;
    if (text_get(src, &t) < 0) return NULL;
    chc_game *g = chc_game_new();
    if (!g) {
        text_release(&t);
        return PyErr_NoMemory();
    }
    chc_diag d = CHC_DIAG_INIT;
    chc_read_info info = {0, 0, 0, 0};
    int rc = chc_game_read(t.s, (size_t)t.n, format, g, &info, &d);
    text_release(&t);
    if (rc != CHC_OK) {
        chc_game_free(g);
        return raise_chc(rc, &d);
    }
    PyObject *o = game_wrap(g);
    if (o) ((GameObject *)o)->no_result = (info.flags & CHC_READ_NO_RESULT) != 0;
    return o;
}

static PyObject *Game_write(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"format", "level", "comments", "variations", "headers", NULL};
    PyObject *fo;
    int level = 0, comments = 1, variations = 1, headers = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$ippp:write", kwlist, &fo, &level, &comments, &variations, &headers))
        return NULL;
    int format;
    if (format_get(fo, 0, &format) < 0) return NULL;
    if (format == CHC_FORMAT_AUTO) {
        PyErr_SetString(PyExc_ValueError, "write: name a format");
        return NULL;
    }
    unsigned flags = 0;
    if (format == CHC_FORMAT_PACK_GAME) flags = CHC_PACK_LEVEL(level);
    else if (format == CHC_FORMAT_PGN)
        flags = (comments ? 0u : CHC_PGN_WRITE_NO_COMMENTS) | (variations ? 0u : CHC_PGN_WRITE_NO_VARIATIONS) |
                (headers ? 0u : CHC_PGN_WRITE_NO_TAGS);
    chc_game *g = ((GameObject *)self)->g;
    char small[4096];
    size_t n = 0;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_game_write(g, format, flags, small, sizeof small, &n, &d);
    if (rc == CHC_OK) return str_n(small, n);
    if (rc != CHC_E_BUFFER_TOO_SMALL) return raise_chc(rc, &d);
    char *big = PyMem_Malloc(n + 1);
    if (!big) return PyErr_NoMemory();
    rc = chc_game_write(g, format, flags, big, n + 1, &n, &d);
    PyObject *r = rc == CHC_OK ? str_n(big, n) : raise_chc(rc, &d);
    PyMem_Free(big);
    return r;
}

static PyObject *Game_str(PyObject *self)
{
    PyObject *args = Py_BuildValue("(s)", "pgn");
    if (!args) return NULL;
    PyObject *r = Game_write(self, args, NULL);
    Py_DECREF(args);
    return r;
}

static PyObject *Game_repr(PyObject *self)
{
    chc_game *g = ((GameObject *)self)->g;
    const char *w = chc_game_tag(g, "White"), *b = chc_game_tag(g, "Black");
    return PyUnicode_FromFormat("<Game %s vs %s, %zu plies, %s>", w ? w : "?", b ? b : "?",
                                chc_game_ply_count(g), chc_result_string(chc_game_result(g)));
}

static PyObject *Game_get_headers(PyObject *self, void *c)
{
    chc_game *g = ((GameObject *)self)->g;
    size_t n = chc_game_tag_count(g);
    PyObject *d = PyDict_New();
    for (size_t i = 0; d && i < n; i++) {
        const char *k = chc_game_tag_name(g, i), *v = chc_game_tag_value(g, i);
        PyObject *vo = PyUnicode_DecodeUTF8(v, (Py_ssize_t)strlen(v), "replace");
        PyObject *ko = PyUnicode_DecodeUTF8(k, (Py_ssize_t)strlen(k), "replace");
        if (!vo || !ko || PyDict_SetItem(d, ko, vo) < 0) Py_CLEAR(d);
        Py_XDECREF(ko);
        Py_XDECREF(vo);
    }
    return d;
}

static PyObject *Game_header(PyObject *self, PyObject *args)
{
    const char *name;
    PyObject *dflt = Py_None;
    if (!PyArg_ParseTuple(args, "s|O:header", &name, &dflt)) return NULL;
    const char *v = chc_game_tag(((GameObject *)self)->g, name);
    if (!v) return Py_NewRef(dflt);
    return PyUnicode_DecodeUTF8(v, (Py_ssize_t)strlen(v), "replace");
}

static PyObject *Game_set_header(PyObject *self, PyObject *args)
{
    const char *name, *value = NULL;
    if (!PyArg_ParseTuple(args, "sz:set_header", &name, &value)) return NULL;
    int rc = chc_game_set_tag(((GameObject *)self)->g, name, value);
    if (rc != CHC_OK) return raise_chc(rc, NULL);
    Py_RETURN_NONE;
}

static PyObject *Game_get_result(PyObject *self, void *c)
{
    return PyUnicode_FromString(chc_result_string(chc_game_result(((GameObject *)self)->g)));
}

static int Game_set_result(PyObject *self, PyObject *v, void *c)
{
    const char *s = v && PyUnicode_Check(v) ? PyUnicode_AsUTF8(v) : NULL;
    int r = -1;
    if (s) {
        for (int i = 0; i < 4; i++)
            if (!strcmp(s, chc_result_string(i))) r = i;
    }
    if (r < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "result: '1-0', '0-1', '1/2-1/2' or '*'");
        return -1;
    }
    chc_game_set_result(((GameObject *)self)->g, r);
    return 0;
}

static PyObject *Game_get_truncated(PyObject *self, void *c)
{
    return PyBool_FromLong(((GameObject *)self)->no_result);
}

static PyObject *Game_get_termination(PyObject *self, void *c)
{
    int t = chc_game_termination(((GameObject *)self)->g);
    if (t == CHC_TERM_NONE) Py_RETURN_NONE;
    return PyUnicode_FromString(chc_termination_name(t));
}

static Py_ssize_t Game_len(PyObject *self)
{
    return (Py_ssize_t)chc_game_ply_count(((GameObject *)self)->g);
}

static PyObject *Game_mainline_moves(PyObject *self, PyObject *unused)
{
    chc_game *g = ((GameObject *)self)->g;
    size_t n = chc_game_ply_count(g);
    int c960 = chc_is_chess960(chc_game_start(g));
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        PyObject *m = move_new_obj(chc_game_move(g, i), c960);
        if (!m) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, m);
    }
    return l;
}

/* The main line as a list of SAN (san != 0) or UCI strings, replayed from the start. */
static PyObject *game_mainline_text(chc_game *g, int san)
{
    size_t n = chc_game_ply_count(g);
    chc_position pos = *chc_game_start(g);
    int c960 = chc_is_chess960(&pos);
    PyObject *l = PyList_New((Py_ssize_t)n);
    if (!l) return NULL;
    for (size_t i = 0; i < n; i++) {
        chc_move m = chc_game_move(g, i);
        char buf[CHC_SAN_MAX];
        size_t len = san ? chc_move_to_san(&pos, m, buf) : move_uci_text(m, c960, buf);
        PyObject *s = ascii_n(buf, len);
        if (!s) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, s);
        chc_undo u;
        if (m == CHC_MOVE_NULL) chc_make_null(&pos, &u);
        else chc_make_move(&pos, m, &u);
    }
    return l;
}

static PyObject *Game_mainline_san(PyObject *self, PyObject *unused)
{
    return game_mainline_text(((GameObject *)self)->g, 1);
}

static PyObject *Game_mainline_uci(PyObject *self, PyObject *unused)
{
    return game_mainline_text(((GameObject *)self)->g, 0);
}

static PyObject *Game_board(PyObject *self, PyObject *unused)
{
    return position_from(chc_game_start(((GameObject *)self)->g));
}

static PyObject *Game_position(PyObject *self, PyObject *args)
{
    chc_game *g = ((GameObject *)self)->g;
    PyObject *po = Py_None;
    if (!PyArg_ParseTuple(args, "|O:position", &po)) return NULL;
    size_t n = chc_game_ply_count(g), ply = n;
    if (po != Py_None) {
        Py_ssize_t v = PyLong_AsSsize_t(po);
        if (v == -1 && PyErr_Occurred()) return NULL;
        if (v < 0) v += (Py_ssize_t)n + 1;
        if (v < 0 || (size_t)v > n) {
            PyErr_SetString(PyExc_IndexError, "ply out of range");
            return NULL;
        }
        ply = (size_t)v;
    }
    /* The position with the moves up to `ply` on its stack (pop works, repetitions count). */
    PositionObject *o = position_alloc(&PositionType);
    if (!o) return NULL;
    o->pos = *chc_game_start(g);
    for (size_t i = 0; i < ply; i++)
        if (position_push_move(o, chc_game_move(g, i)) < 0) {
            Py_DECREF(o);
            return PyErr_NoMemory();
        }
    return (PyObject *)o;
}

static PyObject *game_push(GameObject *go, chc_move m)
{
    int rc = chc_game_push(go->g, m);
    if (rc != CHC_OK) return raise_chc(rc, NULL);
    return move_new_obj(m, chc_is_chess960(chc_game_start(go->g)));
}

static PyObject *Game_push(PyObject *self, PyObject *arg)
{
    GameObject *go = (GameObject *)self;
    chc_move m;
    const chc_position *end = chc_game_current(go->g);
    chc_position pos;
    if (chc_game_cursor(go->g) != chc_game_ply_count(go->g)) {
        if (chc_game_position(go->g, chc_game_ply_count(go->g), &pos) != CHC_OK) return raise_chc(CHC_E_INTERNAL, NULL);
        end = &pos;
    }
    if (move_resolve(end, arg, &m) < 0) return NULL;
    return game_push(go, m);
}

static PyObject *game_push_text(PyObject *self, PyObject *arg, parse_fn fn)
{
    GameObject *go = (GameObject *)self;
    chc_position pos;
    if (chc_game_position(go->g, chc_game_ply_count(go->g), &pos) != CHC_OK) return raise_chc(CHC_E_INTERNAL, NULL);
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "expected str");
        return NULL;
    }
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (!s) return NULL;
    chc_move m;
    chc_diag d = CHC_DIAG_INIT;
    int rc = fn(&pos, s, (size_t)n, &m, &d);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return game_push(go, m);
}

static PyObject *Game_push_san(PyObject *self, PyObject *arg)
{
    return game_push_text(self, arg, chc_move_from_san_n);
}

static PyObject *Game_push_uci(PyObject *self, PyObject *arg)
{
    return game_push_text(self, arg, parse_uci_n);
}

static PyObject *Game_outcome(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"claim_draw", NULL};
    int claim = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$p:outcome", kwlist, &claim)) return NULL;
    chc_game *g = ((GameObject *)self)->g;
    chc_position end;
    if (chc_game_position(g, chc_game_ply_count(g), &end) != CHC_OK) return raise_chc(CHC_E_INTERNAL, NULL);
    int oc = chc_game_outcome(g);
    return outcome_object(oc, chc_outcome_result(oc, &end), claim);
}

static PyObject *Game_copy(PyObject *self, PyObject *unused)
{
    chc_game *g = chc_game_new();
    if (!g) return PyErr_NoMemory();
    int rc = chc_game_copy(g, ((GameObject *)self)->g);
    if (rc != CHC_OK) {
        chc_game_free(g);
        return raise_chc(rc, NULL);
    }
    return game_wrap(g);
}

static PyObject *Game_deepcopy(PyObject *self, PyObject *memo)
{
    return Game_copy(self, NULL);
}

/* Pickling: the PGN text (start, moves, comments, variations, result) and the tags as they
 * are (the writer adds the seven-tag roster), restored by chesscodec._types._restore_game. */
static PyObject *Game_reduce(PyObject *self, PyObject *unused)
{
    chc_game *g = ((GameObject *)self)->g;
    PyObject *pgn = Game_str(self);
    PyObject *tags = pgn ? PyList_New(0) : NULL;
    for (size_t i = 0; tags && i < chc_game_tag_count(g); i++) {
        PyObject *t = Py_BuildValue("(ss)", chc_game_tag_name(g, i), chc_game_tag_value(g, i));
        if (!t || PyList_Append(tags, t) < 0) Py_CLEAR(tags);
        Py_XDECREF(t);
    }
    PyObject *mod = tags ? PyImport_ImportModule("chesscodec._types") : NULL;
    PyObject *fn = mod ? PyObject_GetAttrString(mod, "_restore_game") : NULL;
    Py_XDECREF(mod);
    if (!fn) {
        Py_XDECREF(pgn);
        Py_XDECREF(tags);
        return NULL;
    }
    return Py_BuildValue("(N(NNs))", fn, pgn, tags, chc_result_string(chc_game_result(g)));
}

static PyGetSetDef Game_getset[] = {
    {"headers", Game_get_headers, NULL,
     "The tags, in order, as a new dict (change them with set_header).", NULL},
    {"result", Game_get_result, Game_set_result, "'1-0', '0-1', '1/2-1/2' or '*'.", NULL},
    {"termination", Game_get_termination, NULL,
     "How the game ended ('checkmate', 'resignation', 'time forfeit', ...) or None.", NULL},
    {"truncated", Game_get_truncated, NULL,
     "True when the PGN game ended at the end of the input without a result token.", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyMethodDef Game_methods[] = {
    {"read", KWFN(Game_read), KW | METH_CLASS,
     "Game.read(text, format=None) -> Game: one game in any format (PGN: the first game; san, "
     "uci lines; urlsafe; pack-game; pack-stream bytes: the first record; a position format "
     "gives a game without moves). format None detects it."},
    {"write", KWFN(Game_write), KW,
     "write(format, *, level=0, comments=True, variations=True, headers=True) -> str: the game in "
     "any game format (pgn, san, uci, urlsafe, pack-game) or the final position in a position "
     "format."},
    {"header", Game_header, METH_VARARGS, "header(name, default=None) -> str | None: one tag."},
    {"set_header", Game_set_header, METH_VARARGS, "set_header(name, value): sets (None: removes) a tag."},
    {"mainline_moves", Game_mainline_moves, METH_NOARGS, "mainline_moves() -> list[Move]."},
    {"mainline_san", Game_mainline_san, METH_NOARGS,
     "mainline_san() -> list[str]: every main-line move in SAN (computed in C: the fast way)."},
    {"mainline_uci", Game_mainline_uci, METH_NOARGS, "mainline_uci() -> list[str]."},
    {"_repr_svg_", repr_svg, METH_NOARGS, "The game's last position as an SVG picture (Jupyter draws it)."},
    {"board", Game_board, METH_NOARGS, "board() -> Position: the start position."},
    {"position", Game_position, METH_VARARGS,
     "position(ply=None) -> Position: after the first `ply` main-line moves (None: the end), with "
     "those moves on its stack."},
    {"push", Game_push, METH_O, "push(move) -> Move: appends a legal move to the main line."},
    {"push_san", Game_push_san, METH_O, "push_san(san) -> Move."},
    {"push_uci", Game_push_uci, METH_O, "push_uci(uci) -> Move."},
    {"outcome", KWFN(Game_outcome), KW,
     "outcome(*, claim_draw=False) -> Outcome | None: at the end of the main line, repetitions "
     "counted from the game."},
    {"copy", Game_copy, METH_NOARGS, "copy() -> Game."},
    {"__reduce__", Game_reduce, METH_NOARGS, NULL},
    {"__copy__", Game_copy, METH_NOARGS, NULL},
    {"__deepcopy__", Game_deepcopy, METH_O, NULL},
    {NULL, NULL, 0, NULL}
};

static PySequenceMethods Game_as_sequence = {.sq_length = Game_len};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "chesscodec.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Game(start=None)\n\nA game: headers, start position, main line (with PGN variations "
              "and comments kept for writing) and result. len(game) is the number of plies.",
    .tp_new = Game_new,
    .tp_dealloc = Game_dealloc,
    .tp_repr = Game_repr,
    .tp_str = Game_str,
    .tp_getset = Game_getset,
    .tp_methods = Game_methods,
    .tp_as_sequence = &Game_as_sequence,
};

/* ------------------------------------------------------------------------------------- */
/* GameReader: read_games()                                                              */
/* ------------------------------------------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    chc_reader *r;
    FILE *fp;          /* a path opened here */
    chc_decompressor *dec; /* reading fp: gzip, bzip2, xz, zstd decompressed by the library */
    PyObject *file;    /* or a Python file object */
    PyObject *errors;  /* list of Error when errors='skip' */
    int skip;          /* errors='skip' */
    int busy;
    int done;
    int positions;     /* yield positions, not games */
    int binary;        /* the file object's read() gave bytes (1), str (0), or not yet known (-1) */
    PyObject *exc;     /* an exception raised by file.read() during a read (saved) */
} ReaderObject;

static PyTypeObject ReaderType;

static size_t read_fp(void *ctx, char *buf, size_t cap)
{
    ReaderObject *r = ctx;
    size_t n = fread(buf, 1, cap, r->fp);
    if (n == 0 && ferror(r->fp)) return (size_t)-1;
    return n;
}

/* Reads from a Python file object (binary: read(cap); text: read(cap / 4) as UTF-8). Called
 * with the GIL released. */
static size_t read_pyfile(void *ctx, char *buf, size_t cap)
{
    ReaderObject *r = ctx;
    PyGILState_STATE st = PyGILState_Ensure();
    size_t ret = (size_t)-1;
    if (r->exc) goto out;
    /* A text file's n characters take up to 4n bytes of UTF-8. */
    PyObject *data = PyObject_CallMethod(r->file, "read", "n", (Py_ssize_t)(r->binary == 1 ? cap : cap / 4));
    if (!data) goto fail;
    const char *s = NULL;
    Py_ssize_t n = 0;
    if (PyUnicode_Check(data)) {
        r->binary = 0;
        s = PyUnicode_AsUTF8AndSize(data, &n);
        if (!s) {
            Py_DECREF(data);
            goto fail;
        }
    } else if (PyBytes_Check(data)) {
        if (r->binary < 0) r->binary = 1;
        s = PyBytes_AS_STRING(data);
        n = PyBytes_GET_SIZE(data);
    } else if (data != Py_None) { /* None: a non-blocking stream with nothing; taken as the end */
        PyErr_Format(PyExc_TypeError, "read() returned %.100s, not bytes or str", Py_TYPE(data)->tp_name);
        Py_DECREF(data);
        goto fail;
    }
    if ((size_t)n > cap) {
        PyErr_Format(PyExc_ValueError, "read(%zu) returned %zd bytes", r->binary == 1 ? cap : cap / 4, n);
        Py_DECREF(data);
        goto fail;
    }
    if (n) memcpy(buf, s, (size_t)n);
    ret = (size_t)n;
    Py_DECREF(data);
    goto out;
fail:
    r->exc = exc_take();
out:
    PyGILState_Release(st);
    return ret;
}

static void reader_close(ReaderObject *r)
{
    chc_reader_free(r->r);
    r->r = NULL;
    chc_decompressor_free(r->dec);
    r->dec = NULL;
    if (r->fp) fclose(r->fp);
    r->fp = NULL;
    Py_CLEAR(r->file);
    r->done = 1;
}

static PyObject *Reader_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"source", "format", "mainline_only", "comments", "errors", "positions", NULL};
    PyObject *src, *fo = Py_None;
    int mainline = 0, comments = 1, positions = 0;
    const char *errors = "raise";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O$ppsp:GameReader", kwlist, &src, &fo, &mainline, &comments,
                                     &errors, &positions))
        return NULL;
    int format;
    if (format_get(fo, positions ? CHC_KIND_POSITION : 0, &format) < 0) return NULL;
    int skip = !strcmp(errors, "skip");
    if (!skip && strcmp(errors, "raise")) {
        PyErr_SetString(PyExc_ValueError, "errors: 'raise' or 'skip'");
        return NULL;
    }
    ReaderObject *o = (ReaderObject *)type->tp_alloc(type, 0);
    if (!o) return NULL;
    o->skip = skip;
    o->positions = positions;
    o->binary = -1;
    o->errors = PyList_New(0);
    if (!o->errors) {
        Py_DECREF(o);
        return NULL;
    }
    unsigned flags = (mainline ? CHC_READER_MAINLINE_ONLY : 0u) | (comments ? 0u : CHC_READER_NO_COMMENTS) |
                     (positions ? CHC_READER_POSITIONS : 0u);
    if (PyObject_HasAttrString(src, "read")) {
        o->file = Py_NewRef(src);
        o->r = chc_reader_new(read_pyfile, o, format, flags);
    } else {
        PyObject *path = NULL;
        if (!PyUnicode_FSConverter(src, &path)) {
            Py_DECREF(o);
            return NULL;
        }
        o->fp = fopen(PyBytes_AS_STRING(path), "rb");
        if (!o->fp) {
            PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, src);
            Py_DECREF(path);
            Py_DECREF(o);
            return NULL;
        }
        Py_DECREF(path);
        o->dec = chc_decompressor_new(read_fp, o, 1);
        o->r = o->dec ? chc_reader_new(chc_decompressor_read, o->dec, format, flags) : NULL;
    }
    if (!o->r) {
        Py_DECREF(o);
        return PyErr_NoMemory();
    }
    return (PyObject *)o;
}

static void Reader_dealloc(PyObject *self)
{
    ReaderObject *r = (ReaderObject *)self;
    reader_close(r);
    Py_CLEAR(r->errors);
    Py_CLEAR(r->exc);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *Reader_next(PyObject *self)
{
    ReaderObject *r = (ReaderObject *)self;
    if (r->done || !r->r) return NULL;
    if (r->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this reader is already reading in another thread");
        return NULL;
    }
    chc_game *g = r->positions ? NULL : chc_game_new();
    if (!r->positions && !g) return PyErr_NoMemory();
    chc_position pos;
    for (;;) {
        chc_diag d = CHC_DIAG_INIT;
        chc_read_info info = {0, 0, 0, 0};
        int rc;
        r->busy = 1;
        Py_BEGIN_ALLOW_THREADS
        rc = r->positions ? chc_reader_next_position(r->r, &pos, &info, &d) : chc_reader_next_game(r->r, g, &info, &d);
        Py_END_ALLOW_THREADS
        r->busy = 0;
        if (rc == CHC_OK) {
            if (r->positions) return position_from(&pos);
            PyObject *o = game_wrap(g);
            if (o) ((GameObject *)o)->no_result = (info.flags & CHC_READ_NO_RESULT) != 0;
            return o;
        }
        if (rc == CHC_E_EMPTY) continue;
        if (rc == CHC_E_GAME_END || rc == CHC_E_IO) {
            chc_game_free(g);
            PyObject *exc = r->exc;
            r->exc = NULL;
            int io = rc == CHC_E_IO;
            if (io && chc_decompressor_error(r->dec, NULL) != CHC_OK)
                rc = chc_decompressor_error(r->dec, &d); /* why the compressed file stopped */
            reader_close(r);
            if (exc) {
                exc_restore(exc);
                return NULL;
            }
            if (io) return raise_chc(rc, &d);
            return NULL; /* StopIteration */
        }
        if (r->skip && rc != CHC_E_NO_MEMORY) {
            raise_chc(rc, &d);
            PyObject *e = exc_take();
            if (!e) {
                chc_game_free(g);
                return NULL;
            }
            int ok = PyList_Append(r->errors, e);
            Py_DECREF(e);
            if (ok < 0) {
                chc_game_free(g);
                return NULL;
            }
            continue;
        }
        chc_game_free(g);
        return raise_chc(rc, &d);
    }
}

static PyObject *Reader_close(PyObject *self, PyObject *unused)
{
    ReaderObject *r = (ReaderObject *)self;
    if (r->busy) {
        PyErr_SetString(PyExc_RuntimeError, "cannot close a reader while it reads");
        return NULL;
    }
    reader_close(r);
    Py_RETURN_NONE;
}

static PyObject *Reader_enter(PyObject *self, PyObject *unused)
{
    return Py_NewRef(self);
}

static PyObject *Reader_exit(PyObject *self, PyObject *args)
{
    PyObject *r = Reader_close(self, NULL);
    if (!r) return NULL;
    Py_DECREF(r);
    Py_RETURN_FALSE;
}

static PyObject *Reader_get_errors(PyObject *self, void *c)
{
    return Py_NewRef(((ReaderObject *)self)->errors);
}

static PyObject *Reader_get_item(PyObject *self, void *c)
{
    ReaderObject *r = (ReaderObject *)self;
    return PyLong_FromLong(r->r ? chc_reader_item(r->r) : 0);
}

static PyObject *Reader_get_bytes(PyObject *self, void *c)
{
    ReaderObject *r = (ReaderObject *)self;
    return PyLong_FromUnsignedLongLong(r->r ? chc_reader_bytes(r->r) : 0);
}

static PyObject *Reader_get_format(PyObject *self, void *c)
{
    ReaderObject *r = (ReaderObject *)self;
    if (!r->r) Py_RETURN_NONE;
    return format_name(chc_reader_format(r->r));
}

static PyGetSetDef Reader_getset[] = {
    {"errors", Reader_get_errors, NULL, "With errors='skip': the Error of every bad item skipped.", NULL},
    {"item", Reader_get_item, NULL, "The number (1-based) of the last item read.", NULL},
    {"bytes_read", Reader_get_bytes, NULL, "Input bytes consumed so far.", NULL},
    {"format", Reader_get_format, NULL, "The input's format once known ('pgn', 'pack-stream', a line format).", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyMethodDef Reader_methods[] = {
    {"close", Reader_close, METH_NOARGS, "close(): frees the reader and closes a file it opened."},
    {"__enter__", Reader_enter, METH_NOARGS, NULL},
    {"__exit__", Reader_exit, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject ReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "chesscodec.GameReader",
    .tp_basicsize = sizeof(ReaderObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "GameReader(source, format=None, *, mainline_only=False, comments=True, errors='raise', "
              "positions=False)\n\nAn iterator over the games (or positions) of a path or a file "
              "object: PGN, one game or position a line in any format, or a pack stream. Use "
              "chesscodec.read_games().",
    .tp_new = Reader_new,
    .tp_dealloc = Reader_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = Reader_next,
    .tp_getset = Reader_getset,
    .tp_methods = Reader_methods,
};

/* ------------------------------------------------------------------------------------- */
/* Engine                                                                                */
/* ------------------------------------------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    chc_engine *e;
    int busy;
} EngineObject;

static PyTypeObject EngineType;

static PyObject *Engine_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"hash_mb", NULL};
    Py_ssize_t mb = 16;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|n:Engine", kwlist, &mb)) return NULL;
    if (mb < 1 || mb > 65536) {
        PyErr_SetString(PyExc_ValueError, "hash_mb: 1..65536");
        return NULL;
    }
    EngineObject *o = (EngineObject *)type->tp_alloc(type, 0);
    if (!o) return NULL;
    o->e = chc_engine_new((size_t)mb);
    if (!o->e) {
        Py_DECREF(o);
        return PyErr_NoMemory();
    }
    return (PyObject *)o;
}

static void Engine_dealloc(PyObject *self)
{
    chc_engine_free(((EngineObject *)self)->e);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *pv_list(const chc_move *pv, int n, int c960)
{
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        PyObject *m = move_new_obj(pv[i], c960);
        if (!m) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, i, m);
    }
    return l;
}

static PyObject *Engine_analyse(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"board", "depth", "nodes", "time", "mate", NULL};
    EngineObject *eo = (EngineObject *)self;
    PyObject *board;
    int depth = 0, mate = 0;
    unsigned long long nodes = 0;
    double secs = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$iKdi:analyse", kwlist, &board, &depth, &nodes, &secs, &mate))
        return NULL;
    if (depth < 0 || mate < 0 || secs < 0) {
        PyErr_SetString(PyExc_ValueError, "depth, time and mate must not be negative");
        return NULL;
    }
    chc_position start;
    chc_move *moves = NULL;
    size_t n = 0;
    if (PyObject_TypeCheck(board, &PositionType)) {
        PositionObject *p = (PositionObject *)board;
        position_root(p, &start);
        n = p->n;
        moves = PyMem_Malloc((n ? n : 1) * sizeof *moves);
        if (!moves) return PyErr_NoMemory();
        if (n) memcpy(moves, p->mv, n * sizeof *moves);
    } else if (PyObject_TypeCheck(board, &GameType)) {
        chc_game *g = ((GameObject *)board)->g;
        start = *chc_game_start(g);
        n = chc_game_ply_count(g);
        moves = PyMem_Malloc((n ? n : 1) * sizeof *moves);
        if (!moves) return PyErr_NoMemory();
        for (size_t i = 0; i < n; i++) moves[i] = chc_game_move(g, i);
    } else {
        PyErr_SetString(PyExc_TypeError, "analyse: expected a Position or a Game");
        return NULL;
    }
    if (n > (size_t)0x7fffffff) {
        PyMem_Free(moves);
        PyErr_SetString(PyExc_ValueError, "too many moves");
        return NULL;
    }
    if (eo->busy) {
        PyMem_Free(moves);
        PyErr_SetString(PyExc_RuntimeError, "this engine is already searching");
        return NULL;
    }
    chc_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    lim.nodes = nodes;
    lim.movetime_ms = (int64_t)(secs * 1000.0 + 0.5);
    if (secs > 0 && lim.movetime_ms == 0) lim.movetime_ms = 1;
    lim.mate = mate;
    if (!depth && !nodes && !lim.movetime_ms && !mate) lim.depth = 8;
    chc_search_result res;
    int rc;
    eo->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    rc = chc_engine_search(eo->e, &start, moves, (int)n, &lim, NULL, NULL, &res);
    Py_END_ALLOW_THREADS
    eo->busy = 0;
    PyMem_Free(moves);
    if (rc != CHC_OK) return raise_chc(rc, NULL);
    int c960 = chc_is_chess960(&start);
    PyObject *best = res.best == CHC_MOVE_NONE ? Py_NewRef(Py_None) : move_new_obj(res.best, c960);
    PyObject *ponder = res.ponder == CHC_MOVE_NONE ? Py_NewRef(Py_None) : move_new_obj(res.ponder, c960);
    PyObject *pv = pv_list(res.pv, res.pv_len, c960);
    PyObject *score = res.mate ? Py_NewRef(Py_None) : PyLong_FromLong(res.score);
    PyObject *matev = res.mate ? PyLong_FromLong(res.mate) : Py_NewRef(Py_None);
    PyObject *r = NULL;
    if (best && ponder && pv && score && matev)
        r = Py_BuildValue("{s:O,s:O,s:O,s:O,s:O,s:i,s:i,s:K,s:d,s:K,s:i,s:s}", "best", best, "ponder", ponder,
                          "pv", pv, "score", score, "mate", matev, "depth", res.depth, "seldepth", res.seldepth,
                          "nodes", (unsigned long long)res.nodes, "time", (double)res.time_ms / 1000.0,
                          "nps", (unsigned long long)res.nps, "hashfull", res.hashfull, "bound",
                          res.bound == 0 ? "exact" : res.bound == 1 ? "lower" : "upper");
    Py_XDECREF(best);
    Py_XDECREF(ponder);
    Py_XDECREF(pv);
    Py_XDECREF(score);
    Py_XDECREF(matev);
    return r;
}

static PyObject *Engine_stop(PyObject *self, PyObject *unused)
{
    chc_engine_stop(((EngineObject *)self)->e);
    Py_RETURN_NONE;
}

static PyObject *Engine_clear(PyObject *self, PyObject *unused)
{
    EngineObject *eo = (EngineObject *)self;
    if (eo->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this engine is searching");
        return NULL;
    }
    chc_engine_clear(eo->e);
    Py_RETURN_NONE;
}

static PyMethodDef Engine_methods[] = {
    {"analyse", KWFN(Engine_analyse), KW,
     "analyse(board, *, depth=0, nodes=0, time=0.0, mate=0) -> dict: searches a Position (its "
     "move stack counts for repetitions) or the end of a Game's main line. Limits combine (the "
     "first reached stops); none given: depth 8. The GIL is released while it thinks, so stop() "
     "from another thread ends it. Keys: best, ponder, pv (Moves), score (centipawns for the side "
     "to move, None for a mate), mate (moves, negative when mated, else None), depth, seldepth, "
     "nodes, time (s), nps, hashfull, bound."},
    {"stop", Engine_stop, METH_NOARGS, "stop(): asks a running analyse() to end now (any thread)."},
    {"clear", Engine_clear, METH_NOARGS, "clear(): forgets the hash table and history (new game)."},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "chesscodec.Engine",
    .tp_basicsize = sizeof(EngineObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Engine(hash_mb=16)\n\nThe library's alpha-beta engine with its own hash table.",
    .tp_new = Engine_new,
    .tp_dealloc = Engine_dealloc,
    .tp_methods = Engine_methods,
};

/* ------------------------------------------------------------------------------------- */
/* Module functions: binary codes, mix, detect, formats                                  */
/* ------------------------------------------------------------------------------------- */
static int position_arg(PyObject *o, const chc_position **pos)
{
    if (!PyObject_TypeCheck(o, &PositionType)) {
        PyErr_Format(PyExc_TypeError, "expected a Position, not %.100s", Py_TYPE(o)->tp_name);
        return -1;
    }
    *pos = &((PositionObject *)o)->pos;
    return 0;
}

static int game_arg(PyObject *o, chc_game **g)
{
    if (!PyObject_TypeCheck(o, &GameType)) {
        PyErr_Format(PyExc_TypeError, "expected a Game, not %.100s", Py_TYPE(o)->tp_name);
        return -1;
    }
    *g = ((GameObject *)o)->g;
    return 0;
}

static PyObject *mod_mscs_encode(PyObject *m, PyObject *arg)
{
    const chc_position *pos;
    if (position_arg(arg, &pos) < 0) return NULL;
    uint8_t out[CHC_MSCS_BYTES];
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_mscs_encode(pos, out, &d);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return PyBytes_FromStringAndSize((const char *)out, sizeof out);
}

static int bytes_arg(PyObject *o, Py_buffer *v, Py_ssize_t want)
{
    if (PyObject_GetBuffer(o, v, PyBUF_SIMPLE) < 0) return -1;
    if (want >= 0 && v->len != want) {
        PyErr_Format(PyExc_ValueError, "expected %zd bytes, got %zd", want, v->len);
        PyBuffer_Release(v);
        return -1;
    }
    return 0;
}

static PyObject *mod_mscs_decode(PyObject *m, PyObject *arg)
{
    Py_buffer v;
    if (bytes_arg(arg, &v, CHC_MSCS_BYTES) < 0) return NULL;
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_mscs_decode(v.buf, &pos, &d);
    PyBuffer_Release(&v);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return position_from(&pos);
}

static PyObject *mod_pack_position_encode(PyObject *m, PyObject *args)
{
    PyObject *po;
    int version = CHC_PACK_POS_VERSION;
    if (!PyArg_ParseTuple(args, "O|i:pack_position_encode", &po, &version)) return NULL;
    const chc_position *pos;
    if (position_arg(po, &pos) < 0) return NULL;
    uint8_t out[CHC_PACK_POS_BYTES];
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_pack_position_encode_version(pos, version, out, &d);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return PyBytes_FromStringAndSize((const char *)out, sizeof out);
}

static PyObject *mod_pack_position_decode(PyObject *m, PyObject *args)
{
    PyObject *data;
    int version = CHC_PACK_POS_VERSION;
    if (!PyArg_ParseTuple(args, "O|i:pack_position_decode", &data, &version)) return NULL;
    Py_buffer v;
    if (bytes_arg(data, &v, CHC_PACK_POS_BYTES) < 0) return NULL;
    chc_position pos;
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_pack_position_decode_version(v.buf, version, &pos, &d);
    PyBuffer_Release(&v);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return position_from(&pos);
}

static PyObject *mod_pack_game_encode(PyObject *m, PyObject *args)
{
    PyObject *go;
    int level = 0;
    if (!PyArg_ParseTuple(args, "O|i:pack_game_encode", &go, &level)) return NULL;
    chc_game *g;
    if (game_arg(go, &g) < 0) return NULL;
    size_t n = chc_game_ply_count(g);
    chc_move *mv = PyMem_Malloc((n ? n : 1) * sizeof *mv);
    if (!mv) return PyErr_NoMemory();
    for (size_t i = 0; i < n; i++) mv[i] = chc_game_move(g, i);
    size_t cap = CHC_PACK_GAME_MAX(n), len = 0;
    uint8_t *out = PyMem_Malloc(cap);
    if (!out) {
        PyMem_Free(mv);
        return PyErr_NoMemory();
    }
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_pack_game_encode(chc_game_start(g), mv, n, chc_game_result(g), CHC_PACK_LEVEL(level), out, cap,
                                  &len, &d);
    PyObject *r = rc == CHC_OK ? PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)len) : raise_chc(rc, &d);
    PyMem_Free(mv);
    PyMem_Free(out);
    return r;
}

static PyObject *mod_pack_game_decode(PyObject *m, PyObject *arg)
{
    Py_buffer v;
    if (bytes_arg(arg, &v, -1) < 0) return NULL;
    chc_position start;
    size_t cap = 256, n = 0;
    chc_move *mv = NULL;
    int result = 0, rc;
    chc_diag d;
    for (;;) {
        chc_move *nm = PyMem_Realloc(mv, cap * sizeof *mv);
        if (!nm) {
            PyMem_Free(mv);
            PyBuffer_Release(&v);
            return PyErr_NoMemory();
        }
        mv = nm;
        chc_diag_init(&d);
        rc = chc_pack_game_decode(v.buf, (size_t)v.len, &start, mv, cap, &n, &result, NULL, &d);
        if (rc != CHC_E_BUFFER_TOO_SMALL) break;
        cap = n;
    }
    PyBuffer_Release(&v);
    if (rc != CHC_OK) {
        PyMem_Free(mv);
        return raise_chc(rc, &d);
    }
    chc_game *g = chc_game_new();
    if (!g) {
        PyMem_Free(mv);
        return PyErr_NoMemory();
    }
    chc_game_reset(g, &start);
    for (size_t i = 0; i < n; i++)
        if ((rc = chc_game_push(g, mv[i])) != CHC_OK) break;
    PyMem_Free(mv);
    if (rc != CHC_OK) {
        chc_game_free(g);
        return raise_chc(rc, NULL);
    }
    chc_game_set_result(g, result);
    return game_wrap(g);
}

static PyObject *mod_pack_stream_header(PyObject *m, PyObject *unused)
{
    uint8_t h[CHC_PACK_STREAM_HEADER_BYTES];
    size_t n = 0;
    int rc = chc_pack_stream_header(h, sizeof h, &n);
    if (rc != CHC_OK) return raise_chc(rc, NULL);
    return PyBytes_FromStringAndSize((const char *)h, (Py_ssize_t)n);
}

static PyObject *mod_pack_stream_record(PyObject *m, PyObject *args)
{
    PyObject *o;
    int level = 0;
    if (!PyArg_ParseTuple(args, "O|i:pack_stream_record", &o, &level)) return NULL;
    chc_diag d = CHC_DIAG_INIT;
    size_t len = 0;
    int rc;
    if (PyObject_TypeCheck(o, &PositionType)) {
        uint8_t buf[64];
        rc = chc_pack_stream_write_position(&((PositionObject *)o)->pos, buf, sizeof buf, &len, &d);
        if (rc != CHC_OK) return raise_chc(rc, &d);
        return PyBytes_FromStringAndSize((const char *)buf, (Py_ssize_t)len);
    }
    chc_game *g;
    if (game_arg(o, &g) < 0) return NULL;
    size_t cap = CHC_PACK_STREAM_RECORD_MAX(chc_game_ply_count(g));
    uint8_t *buf = PyMem_Malloc(cap);
    if (!buf) return PyErr_NoMemory();
    rc = chc_pack_stream_write_game(g, CHC_PACK_LEVEL(level), buf, cap, &len, &d);
    PyObject *r = rc == CHC_OK ? PyBytes_FromStringAndSize((const char *)buf, (Py_ssize_t)len) : raise_chc(rc, &d);
    PyMem_Free(buf);
    return r;
}

static PyObject *mod_covert_mix(PyObject *m, PyObject *args)
{
    PyObject *mo, *co;
    if (!PyArg_ParseTuple(args, "UU:mix", &mo, &co)) return NULL;
    Py_ssize_t ml, cl;
    const char *ms = PyUnicode_AsUTF8AndSize(mo, &ml), *cs = PyUnicode_AsUTF8AndSize(co, &cl);
    if (!ms || !cs) return NULL;
    size_t cap = CHC_COVERT_MIX_MAX((size_t)ml) + (size_t)cl, n = 0;
    char *buf = PyMem_Malloc(cap);
    if (!buf) return PyErr_NoMemory();
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_covert_mix_write(ms, (size_t)ml, cs, (size_t)cl, buf, cap, &n, &d);
    PyObject *r = rc == CHC_OK ? str_n(buf, n) : raise_chc(rc, &d);
    PyMem_Free(buf);
    return r;
}

static PyObject *info_tuple(const chc_read_info *info)
{
    PyObject *f = format_name(info->format);
    if (!f) return NULL;
    return Py_BuildValue("(NiIl)", f, info->version, info->flags, info->offset);
}

static PyObject *mod_covert_unmix(PyObject *m, PyObject *arg)
{
    text_arg t;
    if (text_get(arg, &t) < 0) return NULL;
    chc_position pos;
    chc_read_info info = {0, 0, 0, 0};
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_covert_mix_read(t.s, (size_t)t.n, &pos, &info, &d);
    text_release(&t);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return Py_BuildValue("(NO)", position_from(&pos), (info.flags & CHC_READ_RESIGNED) ? Py_True : Py_False);
}

static PyObject *mod_read_position_info(PyObject *m, PyObject *args)
{
    PyObject *src, *fo = Py_None;
    if (!PyArg_ParseTuple(args, "O|O:read_position_info", &src, &fo)) return NULL;
    int format;
    if (format_get(fo, 0, &format) < 0) return NULL;
    text_arg t;
    if (text_get(src, &t) < 0) return NULL;
    chc_position pos;
    chc_read_info info = {0, 0, 0, 0};
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_position_read(t.s, (size_t)t.n, format, &pos, &info, &d);
    text_release(&t);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return Py_BuildValue("(NN)", position_from(&pos), info_tuple(&info));
}

static PyObject *mod_detect(PyObject *m, PyObject *args)
{
    PyObject *src;
    unsigned kinds = 0;
    if (!PyArg_ParseTuple(args, "O|I:detect", &src, &kinds)) return NULL;
    text_arg t;
    if (text_get(src, &t) < 0) return NULL;
    chc_read_info info = {0, 0, 0, 0};
    chc_diag d = CHC_DIAG_INIT;
    int rc = chc_detect(t.s, (size_t)t.n, kinds, &info, &d);
    text_release(&t);
    if (rc != CHC_OK) return raise_chc(rc, &d);
    return info_tuple(&info);
}

static PyObject *mod_formats(PyObject *m, PyObject *unused)
{
    size_t n = chc_format_count();
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        const chc_format_info *f = chc_format_at(i);
        PyObject *t = Py_BuildValue("(sssII)", f->name, f->label, f->summary, f->kind, f->caps);
        if (!t) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, t);
    }
    return l;
}

static PyObject *mod_evaluate(PyObject *m, PyObject *arg)
{
    const chc_position *pos;
    if (position_arg(arg, &pos) < 0) return NULL;
    return PyLong_FromLong(chc_evaluate(pos));
}

static PyObject *mod_strerror(PyObject *m, PyObject *arg)
{
    long c = PyLong_AsLong(arg);
    if (c == -1 && PyErr_Occurred()) return NULL;
    return PyUnicode_FromString(chc_strerror((int)c));
}

static PyObject *mod_move_from_raw(PyObject *m, PyObject *args)
{
    unsigned long raw;
    int c960 = 0;
    if (!PyArg_ParseTuple(args, "k|i:_move_from_raw", &raw, &c960)) return NULL;
    return move_new_obj((chc_move)raw, c960);
}

/* ---- pictures: chc_render_svg, chc_render_png, chc_render_gif --------------------------- */
typedef struct pic_buf {
    char *data;
    size_t len, cap;
} pic_buf;

static int pic_write(void *ctx, const void *data, size_t len)
{
    pic_buf *b = ctx;
    if (b->len + len > b->cap) {
        size_t cap = (b->len + len) * 2 + 4096;
        char *d = realloc(b->data, cap);
        if (!d) return -1;
        b->data = d, b->cap = cap;
    }
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

static PyObject *mod_render(PyObject *m, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"what", "format", "flip", "size", "coordinates", "theme", "arrows",
                             "marks", "plies", "delay_ms", NULL};
    PyObject *what;
    const char *fmt = "svg", *theme = "light", *arrows_s = "", *marks_s = "";
    int flip = 0, size = 0, coords = 1, delay = 1000;
    Py_ssize_t plies = -1;
    (void)m;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|s$pipsssni:render", kwlist, &what, &fmt, &flip, &size,
                                     &coords, &theme, &arrows_s, &marks_s, &plies, &delay))
        return NULL;
    int is_game = PyObject_TypeCheck(what, &GameType);
    if (!is_game && !PyObject_TypeCheck(what, &PositionType))
        return PyErr_Format(PyExc_TypeError, "render() draws a Position or a Game, not %.80s", Py_TYPE(what)->tp_name);
    int kind = !strcmp(fmt, "svg") ? 0 : !strcmp(fmt, "png") ? 1 : !strcmp(fmt, "gif") ? 2 : -1;
    if (kind < 0) return PyErr_Format(PyExc_ValueError, "format: 'svg', 'png' or 'gif' (not %.40s)", fmt);
    if (strcmp(theme, "light") && strcmp(theme, "dark"))
        return PyErr_Format(PyExc_ValueError, "theme: 'light' or 'dark' (not %.40s)", theme);
    chc_render_options o = CHC_RENDER_OPTIONS_INIT;
    chc_move arrows[CHC_RENDER_MAX_ARROWS];
    chc_diag d = CHC_DIAG_INIT;
    o.flip = flip, o.size = size, o.coords = coords, o.arrows = arrows;
    o.theme = !strcmp(theme, "dark") ? CHC_RENDER_THEME_DARK : CHC_RENDER_THEME_LIGHT;
    for (int i = 0; i < 2; i++) {
        const char *l = i ? marks_s : arrows_s;
        size_t n = 0;
        int rc = chc_render_annotations_read(l, strlen(l), arrows + o.n_arrows, CHC_RENDER_MAX_ARROWS - o.n_arrows,
                                             &n, &o.marks, &d);
        if (rc != CHC_OK) return raise_chc(rc, &d);
        o.n_arrows += n;
    }
    chc_position at;
    const chc_position *pos = &at;
    chc_game *g = is_game ? ((GameObject *)what)->g : NULL;
    size_t ply = 0;
    if (g) {
        ply = plies < 0 || (size_t)plies > chc_game_ply_count(g) ? chc_game_ply_count(g) : (size_t)plies;
        chc_game_position(g, ply, &at);
        o.last_move = ply ? chc_game_move(g, ply - 1) : CHC_MOVE_NONE;
    } else {
        PositionObject *p = (PositionObject *)what;
        pos = &p->pos;
        o.last_move = p->n ? p->mv[p->n - 1] : CHC_MOVE_NONE;
    }
    if (kind == 2 && !g) return PyErr_Format(PyExc_TypeError, "a GIF is drawn from a Game");
    pic_buf b = {NULL, 0, 0};
    int rc;
    Py_BEGIN_ALLOW_THREADS
    if (kind == 2) {
        rc = chc_render_gif(g, ply, &o, delay, pic_write, &b, &d);
    } else if (kind == 1) {
        rc = chc_render_png(pos, &o, pic_write, &b, &d);
    } else if ((b.data = malloc(CHC_RENDER_SVG_MAX))) {
        rc = chc_render_svg(pos, &o, b.data, CHC_RENDER_SVG_MAX, &b.len, &d);
    } else {
        rc = CHC_E_NO_MEMORY;
    }
    Py_END_ALLOW_THREADS
    PyObject *r = rc != CHC_OK ? raise_chc(rc, &d)
                  : kind ? PyBytes_FromStringAndSize(b.data, (Py_ssize_t)b.len) : str_n(b.data, b.len);
    free(b.data);
    return r;
}

static PyObject *mod_build_features(PyObject *m, PyObject *unused)
{
    (void)m, (void)unused;
    unsigned f = chc_build_features();
    return Py_BuildValue("{s:O,s:O,s:O,s:O,s:O,s:O}", "png", f & CHC_FEATURE_PNG ? Py_True : Py_False, "gif",
                         f & CHC_FEATURE_GIF ? Py_True : Py_False, "gzip", f & CHC_FEATURE_GZIP ? Py_True : Py_False,
                         "bzip2", f & CHC_FEATURE_BZIP2 ? Py_True : Py_False, "xz",
                         f & CHC_FEATURE_XZ ? Py_True : Py_False, "zstd", f & CHC_FEATURE_ZSTD ? Py_True : Py_False);
}

static PyMethodDef module_methods[] = {
    {"mscs_encode_bytes", mod_mscs_encode, METH_O, "The 24-byte MSCS v1 code of a Position."},
    {"mscs_decode_bytes", mod_mscs_decode, METH_O, "The Position of a 24-byte MSCS v1 code."},
    {"pack_position_encode", mod_pack_position_encode, METH_VARARGS, "The 20-byte pack position code (version)."},
    {"pack_position_decode", mod_pack_position_decode, METH_VARARGS, "The Position of a 20-byte pack position code (version)."},
    {"pack_game_encode", mod_pack_game_encode, METH_VARARGS, "The binary pack game code of a Game (level)."},
    {"pack_game_decode", mod_pack_game_decode, METH_O, "The Game of a binary pack game code."},
    {"pack_stream_header", mod_pack_stream_header, METH_NOARGS, "The 8-byte pack stream header."},
    {"pack_stream_record", mod_pack_stream_record, METH_VARARGS, "One pack stream record of a Game or Position."},
    {"covert_mix", mod_covert_mix, METH_VARARGS, "Hides a covert code in a message."},
    {"covert_unmix", mod_covert_unmix, METH_O, "(Position, resigned) of the emoji spread in a message."},
    {"read_position_info", mod_read_position_info, METH_VARARGS, "(Position, (format, version, flags, offset))."},
    {"detect", mod_detect, METH_VARARGS, "(format, version, flags, offset) of a text (kinds mask)."},
    {"formats", mod_formats, METH_NOARGS, "The format registry: (name, label, summary, kind, caps) tuples."},
    {"evaluate", mod_evaluate, METH_O, "The static evaluation of a Position (centipawns, side to move)."},
    {"strerror", mod_strerror, METH_O, "The library's text for an error code."},
    {"render", KWFN(mod_render), KW, "render(what, format='svg', *, flip, size, coordinates, theme, arrows, "
     "marks, plies, delay_ms) -> str (svg) | bytes (png, gif): a picture of a Position or Game."},
    {"build_features", mod_build_features, METH_NOARGS, "{'png', 'gif', 'gzip', 'bzip2', 'xz', 'zstd': bool}: the optional parts built."},
    {"_move_from_raw", mod_move_from_raw, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "chesscodec._chesscodec",
    .m_doc = "The compiled core of the chesscodec package (libchesscodec bound with the CPython C API).",
    .m_size = -1,
    .m_methods = module_methods,
};

static PyObject *new_error(PyObject *mod, const char *name, PyObject *base, const char *doc)
{
    char full[64];
    snprintf(full, sizeof full, "chesscodec.%s", name);
    PyObject *e = PyErr_NewExceptionWithDoc(full, doc, base, NULL);
    if (e && PyModule_AddObjectRef(mod, name, e) < 0) Py_CLEAR(e);
    return e;
}

PyMODINIT_FUNC PyInit__chesscodec(void)
{
    PyObject *mod = PyModule_Create(&module_def);
    if (!mod) return NULL;
    static PyTypeObject *types[] = {&MoveType, &PositionType, &GameType, &ReaderType, &EngineType};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        const char *dot = strrchr(types[i]->tp_name, '.');
        if (PyType_Ready(types[i]) < 0 || PyModule_AddObjectRef(mod, dot + 1, (PyObject *)types[i]) < 0) goto fail;
    }
    Error = new_error(mod, "Error", PyExc_ValueError,
                      "A libchesscodec error: str(e) is the library's one-line diagnostic (what and where); "
                      "e.code the error number, e.reason its text, e.offset/e.line/e.column/e.index where "
                      "(None when not applicable).");
    if (!Error) goto fail;
    InvalidMoveError = new_error(mod, "InvalidMoveError", Error, "A move text that is malformed.");
    IllegalMoveError = new_error(mod, "IllegalMoveError", Error, "A well-formed move that is not legal.");
    AmbiguousMoveError = new_error(mod, "AmbiguousMoveError", Error, "A SAN that matches several legal moves.");
    if (!InvalidMoveError || !IllegalMoveError || !AmbiguousMoveError) goto fail;
    if (PyModule_AddStringConstant(mod, "library_version", chc_version_string()) < 0) goto fail;
    return mod;
fail:
    Py_DECREF(mod);
    return NULL;
}
