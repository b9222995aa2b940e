/* The compiled core of Blokus's hot loops: legal placements, "can this colour still place?", the
 * one-move evaluation, and the sampled playout with its final scores.
 *
 * A twin of the pure-Python reference (bitboard.py, heuristics.py), which stays the definition and the
 * fallback: core.py loads this module when it was built and checks it against the reference in the
 * tests. Every function here gives exactly what its Python twin gives, in the same order, and the
 * playout draws from the caller's random function exactly as the Python playout does (same calls, same
 * arithmetic), so a seed gives the same game either way.
 *
 * The tables are not written here: setup() reads every placement's piece, orientation and squares from
 * bitboard.PLACEMENTS and derives rings, the relative candidates and their table the same way
 * bitboard.py does. Boards are the Python layout (bit (row + 1) * 21 + col + 1 per square) cut
 * into 64-bit words; a placement keeps a 4-word window of its mask and rings.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ABI 1 /* core.py refuses a module built from another version of this file */
#define SIZE 20
#define STRIDE 21
#define BITS 462
#define PIECE_COUNT 21
#define FULL_HAND ((1u << PIECE_COUNT) - 1u)
#define MONOMINO 0
#define MAX_CELLS 5
#define RECORD 8      /* uint16 per placement record: piece, orientation, size, 5 squares */
#define BOARD_WORDS 8 /* bits 0..511: the board, and the missing-piece bits 462..482 of a blocked set */
#define WORDS 12      /* zero words above, so a 4-word window starting at word 7 stays in bounds */
#define BYTES (BOARD_WORDS * 8)
#define KEY_SQUARES 12
#define KEYS (1 << KEY_SQUARES)
#define DRAWS 12      /* heuristics._DRAWS */
#define ALL_OUT 15
#define PAD (4 * STRIDE + 4) /* bitboard._PAD: a piece covering a square lies within PAD bits of it */
#define MAX_RELATIVE 1024 /* relative candidates: 414 for the 21 pieces */

#if defined(_MSC_VER)
#include <intrin.h>
static int popcount64(uint64_t x) { return (int)__popcnt64(x); }
static int lowest_bit(uint64_t x) {
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
}
#else
static int popcount64(uint64_t x) { return __builtin_popcountll(x); }
static int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
#endif

typedef struct {
    uint64_t mask[4], sides[4], corners[4]; /* words base .. base + 3 */
    double centre;                          /* heuristics.min_distance_to_centre */
    uint8_t base, piece, size;
} Place;

static Place *places = NULL;
static Py_ssize_t place_count = 0;
static PyObject *placement_objects = NULL; /* bitboard.PLACEMENTS: what generate() returns */
static int relative_count = 0;
static int16_t *at_square = NULL;      /* [BITS][relative_count]: placement index or -1 off the board */
static uint16_t *footprint = NULL;     /* [relative_count]: the key squares a relative candidate covers */
/* Per relative candidate: its piece, and its squares in a window around the attach cell (bit PAD + offset),
 * the same for every cell, so the test of a candidate touches only these small tables and no placement. */
static uint8_t rel_piece[MAX_RELATIVE];
static uint64_t rel_mask[MAX_RELATIVE][3];
static int16_t *lists[KEYS];           /* per key: the relative candidates avoiding it, filed on first use */
static int list_length[KEYS];
static uint64_t wall[WORDS];           /* bitboard.WALL */
static uint64_t board_bits[WORDS];     /* bitboard.BOARD */
static int piece_size[PIECE_COUNT];
static PyObject *index_name = NULL;    /* "index", "piece", "orientation", "mask": attributes of a Placement */
static PyObject *piece_name = NULL, *orientation_name = NULL, *mask_name = NULL;

/* The squares within two steps of an attach cell, as bit offsets (bitboard._KEY_SQUARES). */
static int key_offsets[KEY_SQUARES];

static void init_key_offsets(void) {
    int n = 0;
    for (int dx = -2; dx <= 2; dx++)
        for (int dy = -2; dy <= 2; dy++) {
            int steps = abs(dx) + abs(dy);
            if (steps > 0 && steps <= 2) key_offsets[n++] = dy * STRIDE + dx;
        }
}

static int bit_of(int col, int row) { return (row + 1) * STRIDE + col + 1; }
static int test_bit(const uint64_t *b, int i) { return (int)(b[i >> 6] >> (i & 63) & 1u); }
static void set_bit(uint64_t *b, int i) { b[i >> 6] |= (uint64_t)1 << (i & 63); }

/* -- ints <-> words ------------------------------------------------------------------------------ */
static int int_to_words(PyObject *value, uint64_t *words) {
    unsigned char buffer[BYTES];
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t needed = PyLong_AsNativeBytes(
        value, buffer, BYTES,
        Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (needed < 0) return -1;
    if (needed > BYTES) {
        PyErr_SetString(PyExc_OverflowError, "bitboard too large");
        return -1;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, buffer, BYTES, 1, 0) < 0) return -1;
#endif
    for (int w = 0; w < BOARD_WORDS; w++) {
        uint64_t word = 0;
        for (int k = 7; k >= 0; k--) word = word << 8 | buffer[w * 8 + k];
        words[w] = word;
    }
    for (int w = BOARD_WORDS; w < WORDS; w++) words[w] = 0;
    return 0;
}

static PyObject *words_to_int(const uint64_t *words) {
    unsigned char buffer[BYTES];
    for (int w = 0; w < BOARD_WORDS; w++)
        for (int k = 0; k < 8; k++) buffer[w * 8 + k] = (unsigned char)(words[w] >> (8 * k));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(buffer, BYTES, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(buffer, BYTES, 1, 0);
#endif
}

/* A placement's 4-word window put into a full board (for tests and the ring arithmetic of setup). */
static void window_to_words(const uint64_t *window, int base, uint64_t *words) {
    memset(words, 0, sizeof(uint64_t) * WORDS);
    for (int k = 0; k < 4; k++) words[base + k] = window[k];
}

/* -- the candidate lists --------------------------------------------------------------------------- */
/* The blocked/free state of the key squares around square i (outside the bit range: free). */
static int key_of(const uint64_t *blocked, int i) {
    int key = 0;
    for (int k = 0; k < KEY_SQUARES; k++) {
        int t = i + key_offsets[k];
        if (t >= 0 && t < BITS && test_bit(blocked, t)) key |= 1 << k;
    }
    return key;
}

/* The relative candidates avoiding the blocked key squares, in relative order (NULL: no memory). */
static const int16_t *list_of(int key, int *length) {
    if (lists[key] == NULL) {
        int16_t *list = (int16_t *)malloc(sizeof(int16_t) * (size_t)(relative_count ? relative_count : 1));
        int n = 0;
        if (list == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        for (int j = 0; j < relative_count; j++)
            if (!(footprint[j] & key)) list[n++] = (int16_t)j;
        list_length[key] = n;
        lists[key] = list;
    }
    *length = list_length[key];
    return lists[key];
}

/* 64 bits of a board from bit start on (bits below 0 and above the words read as free). */
static uint64_t bits_at(const uint64_t *board, int start) {
    if (start <= -64) return 0;
    if (start < 0) return board[0] << -start;
    int w = start >> 6, offset = start & 63;
    uint64_t low = w < WORDS ? board[w] >> offset : 0;
    uint64_t high = offset && w + 1 < WORDS ? board[w + 1] << (64 - offset) : 0;
    return low | high;
}

/* The blocked squares around square i: bit PAD of the window is square i (bitboard.candidates_at). */
static void window_at(const uint64_t *blocked, int i, uint64_t *window) {
    for (int k = 0; k < 3; k++) window[k] = bits_at(blocked, i - PAD + 64 * k);
}

/* The placement of relative candidate j on square i (window: window_at(i)) if it is legal (piece in
 * hand, covering nothing blocked), else -1. A legal one lies on the board: a shape reaching off it
 * covers a padding square, and the padding is blocked. */
static int legal_at(const uint64_t *window, uint32_t hand, int i, int j) {
    const uint64_t *mask = rel_mask[j];
    if (!(hand >> rel_piece[j] & 1u) || ((window[0] & mask[0]) | (window[1] & mask[1]) | (window[2] & mask[2])))
        return -1;
    return at_square[(size_t)i * (size_t)relative_count + (size_t)j];
}

/* Split a blocked set as the Python code builds it (bitboard.blocked_by) into board and hand. */
static uint32_t split_hand(uint64_t *blocked) {
    int shift = BITS - 7 * 64;
    uint32_t missing = (uint32_t)(blocked[7] >> shift) & FULL_HAND;
    blocked[7] &= ((uint64_t)1 << shift) - 1;
    return ~missing & FULL_HAND;
}

static int ready(void) {
    if (places == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the Blokus core is not set up");
        return 0;
    }
    return 1;
}

/* -- setup ------------------------------------------------------------------------------------------ */
/* bitboard.side_ring and corner_ring of a placement's squares, and the lowest and highest bit of the
 * squares and the two rings: the placement's window (setup only). */
static void ring_words(const uint16_t *squares, int size, const uint64_t *cells, uint64_t *sides,
                       uint64_t *corners, int *low, int *top) {
    static const int side_steps[4] = {1, -1, STRIDE, -STRIDE};
    static const int corner_steps[4] = {STRIDE - 1, -(STRIDE - 1), STRIDE + 1, -(STRIDE + 1)};
    memset(sides, 0, sizeof(uint64_t) * WORDS);
    memset(corners, 0, sizeof(uint64_t) * WORDS);
    *low = BITS;
    *top = 0;
    for (int k = 0; k < size; k++) {
        if (squares[k] < *low) *low = squares[k];
        if (squares[k] > *top) *top = squares[k];
    }
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < size; k++)
            for (int s = 0; s < 4; s++) {
                int t = squares[k] + (pass ? corner_steps[s] : side_steps[s]);
                if (t < 0 || t >= BITS || !test_bit(board_bits, t) || test_bit(cells, t)) continue;
                if (pass && test_bit(sides, t)) continue; /* a corner square touches only diagonally */
                set_bit(pass ? corners : sides, t);
                if (t < *low) *low = t;
                if (t > *top) *top = t;
            }
}

static void free_tables(void) {
    for (int k = 0; k < KEYS; k++) {
        free(lists[k]);
        lists[k] = NULL;
    }
    free(places);
    free(at_square);
    free(footprint);
    places = NULL;
    at_square = NULL;
    footprint = NULL;
    place_count = 0;
    relative_count = 0;
    Py_CLEAR(placement_objects);
}

/* The tables from one record per placement (piece, orientation, size, squares in the order of
 * Placement.cells), the placements being the objects generate() returns. */
static PyObject *build_tables(PyObject *objects, const uint16_t *records, Py_ssize_t count) {
    free_tables();
    memset(board_bits, 0, sizeof board_bits);
    memset(wall, 0, sizeof wall);
    for (int row = 0; row < SIZE; row++)
        for (int col = 0; col < SIZE; col++) set_bit(board_bits, bit_of(col, row));
    for (int i = 0; i < BITS; i++)
        if (!test_bit(board_bits, i)) set_bit(wall, i);

    /* Relative candidates: one per (piece, orientation, square of it), numbered as bitboard.py does. */
    int relatives = 0, previous_piece = -1, previous_orientation = -1;
    for (Py_ssize_t p = 0; p < count; p++) {
        const uint16_t *r = records + p * RECORD;
        if (r[0] != previous_piece || r[1] != previous_orientation) relatives += r[2];
        previous_piece = r[0];
        previous_orientation = r[1];
    }
    if (relatives > MAX_RELATIVE) {
        PyErr_SetString(PyExc_ValueError, "too many relative candidates");
        return NULL;
    }
    places = (Place *)calloc((size_t)count, sizeof(Place));
    at_square = (int16_t *)malloc(sizeof(int16_t) * (size_t)BITS * (size_t)relatives);
    footprint = (uint16_t *)calloc((size_t)relatives, sizeof(uint16_t));
    if (places == NULL || at_square == NULL || footprint == NULL) {
        free_tables();
        return PyErr_NoMemory();
    }
    memset(at_square, 0xff, sizeof(int16_t) * (size_t)BITS * (size_t)relatives); /* every entry -1 */
    relative_count = relatives;
    place_count = count;
    int first = -1;
    previous_piece = previous_orientation = -1;
    for (Py_ssize_t p = 0; p < count; p++) {
        const uint16_t *r = records + p * RECORD;
        int piece = r[0], size = r[2];
        if (piece >= PIECE_COUNT || size < 1 || size > MAX_CELLS) {
            free_tables();
            PyErr_SetString(PyExc_ValueError, "bad placement record");
            return NULL;
        }
        int new_shape = piece != previous_piece || r[1] != previous_orientation;
        first = new_shape ? (first < 0 ? 0 : first + places[p - 1].size) : first;
        previous_piece = piece;
        previous_orientation = r[1];
        uint64_t cells[WORDS] = {0}, sides[WORDS], corners[WORDS];
        int low, top;
        double centre = 1e9;
        for (int k = 0; k < size; k++) {
            int i = r[3 + k];
            if (i >= BITS || !test_bit(board_bits, i)) {
                free_tables();
                PyErr_SetString(PyExc_ValueError, "placement square off the board");
                return NULL;
            }
            set_bit(cells, i);
            at_square[(size_t)i * (size_t)relatives + (size_t)(first + k)] = (int16_t)p;
            int col = i % STRIDE - 1, row = i / STRIDE - 1;
            double distance = (col > 9.5 ? col - 9.5 : 9.5 - col) + (row > 9.5 ? row - 9.5 : 9.5 - row);
            if (distance < centre) centre = distance;
        }
        if (new_shape)
            for (int k = 0; k < size; k++) {
                rel_piece[first + k] = (uint8_t)piece;
                memset(rel_mask[first + k], 0, sizeof rel_mask[first + k]);
                for (int m = 0; m < size; m++) {
                    int bit = PAD + r[3 + m] - r[3 + k];
                    rel_mask[first + k][bit >> 6] |= (uint64_t)1 << (bit & 63);
                    for (int q = 0; q < KEY_SQUARES; q++)
                        if (r[3 + m] - r[3 + k] == key_offsets[q]) footprint[first + k] |= (uint16_t)(1u << q);
                }
            }
        ring_words(r + 3, size, cells, sides, corners, &low, &top);
        int base = low >> 6;
        if ((top >> 6) - base > 3 || base + 4 > WORDS) {
            free_tables();
            PyErr_SetString(PyExc_ValueError, "placement wider than its window");
            return NULL;
        }
        Place *place = &places[p];
        place->base = (uint8_t)base;
        place->piece = (uint8_t)piece;
        place->size = (uint8_t)size;
        place->centre = centre;
        for (int k = 0; k < 4; k++) {
            place->mask[k] = cells[base + k];
            place->sides[k] = sides[base + k];
            place->corners[k] = corners[base + k];
        }
        piece_size[piece] = size;
    }
    Py_INCREF(objects);
    placement_objects = objects;
    Py_RETURN_NONE;
}

static long long_attribute(PyObject *object, PyObject *name) {
    PyObject *value = PyObject_GetAttr(object, name);
    if (value == NULL) return -1;
    long result = PyLong_AsLong(value);
    Py_DECREF(value);
    return result;
}

/* setup(placements): the record of each placement read from its piece, orientation and mask (the mask's
 * squares in increasing bit order are Placement.cells: sorted by row, then column). */
static PyObject *core_setup(PyObject *self, PyObject *args) {
    PyObject *objects, *result;
    if (!PyArg_ParseTuple(args, "O!", &PyTuple_Type, &objects)) return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(objects);
    if (count > INT16_MAX) {
        PyErr_SetString(PyExc_ValueError, "too many placements");
        return NULL;
    }
    uint16_t *records = (uint16_t *)calloc((size_t)(count ? count : 1) * RECORD, sizeof(uint16_t));
    if (records == NULL) return PyErr_NoMemory();
    for (Py_ssize_t p = 0; p < count; p++) {
        PyObject *placement = PyTuple_GET_ITEM(objects, p), *mask;
        uint16_t *r = records + p * RECORD;
        uint64_t words[WORDS];
        long piece = long_attribute(placement, piece_name), orientation = long_attribute(placement, orientation_name);
        if ((piece == -1 || orientation == -1) && PyErr_Occurred()) goto error;
        if (piece < 0 || piece >= PIECE_COUNT || orientation < 0 || orientation > 7) {
            PyErr_SetString(PyExc_ValueError, "bad placement piece or orientation");
            goto error;
        }
        if ((mask = PyObject_GetAttr(placement, mask_name)) == NULL) goto error;
        int converted = int_to_words(mask, words);
        Py_DECREF(mask);
        if (converted < 0) goto error;
        int size = 0;
        for (int w = 0; w < BOARD_WORDS; w++)
            for (uint64_t bits = words[w]; bits; bits &= bits - 1) {
                if (size == MAX_CELLS) {
                    PyErr_SetString(PyExc_ValueError, "a placement of more than five squares");
                    goto error;
                }
                r[3 + size++] = (uint16_t)(w * 64 + lowest_bit(bits));
            }
        r[0] = (uint16_t)piece;
        r[1] = (uint16_t)orientation;
        r[2] = (uint16_t)size;
    }
    result = build_tables(objects, records, count);
    free(records);
    return result;
error:
    free(records);
    return NULL;
}

/* -- move generation -------------------------------------------------------------------------------- */
static PyObject *core_generate(PyObject *self, PyObject *args) {
    PyObject *blocked_int, *attach_int;
    uint64_t blocked[WORDS], attach[WORDS];
    if (!ready() || !PyArg_ParseTuple(args, "OO", &blocked_int, &attach_int)) return NULL;
    if (int_to_words(blocked_int, blocked) < 0 || int_to_words(attach_int, attach) < 0) return NULL;
    uint32_t hand = split_hand(blocked);
    PyObject *result = PyList_New(0);
    if (result == NULL) return NULL;
    for (int w = 0; w < BOARD_WORDS; w++) {
        uint64_t bits = attach[w];
        while (bits) {
            int i = w * 64 + lowest_bit(bits);
            bits &= bits - 1;
            if (i >= BITS) break;
            int length;
            const int16_t *list = list_of(key_of(blocked, i), &length);
            if (list == NULL) {
                Py_DECREF(result);
                return NULL;
            }
            uint64_t window[3];
            window_at(blocked, i, window);
            for (int n = 0; n < length; n++) {
                int p = legal_at(window, hand, i, list[n]);
                if (p >= 0 && PyList_Append(result, PyTuple_GET_ITEM(placement_objects, p)) < 0) {
                    Py_DECREF(result);
                    return NULL;
                }
            }
            set_bit(blocked, i); /* later attach cells skip placements already listed here */
        }
    }
    return result;
}

/* Whether any legal placement covers a square of attach (-1: error). */
static int any_legal(const uint64_t *blocked, uint32_t hand, const uint64_t *attach) {
    for (int w = 0; w < BOARD_WORDS; w++) {
        uint64_t bits = attach[w];
        while (bits) {
            int i = w * 64 + lowest_bit(bits);
            bits &= bits - 1;
            if (i >= BITS) return 0;
            int length;
            const int16_t *list = list_of(key_of(blocked, i), &length);
            if (list == NULL) return -1;
            uint64_t window[3];
            window_at(blocked, i, window);
            for (int n = 0; n < length; n++)
                if (legal_at(window, hand, i, list[n]) >= 0) return 1;
        }
    }
    return 0;
}

static int empty(const uint64_t *words) {
    for (int w = 0; w < WORDS; w++)
        if (words[w]) return 0;
    return 1;
}

static PyObject *core_can_place(PyObject *self, PyObject *args) {
    PyObject *closed_int, *attach_int;
    unsigned long hand;
    uint64_t blocked[WORDS], attach[WORDS];
    if (!ready() || !PyArg_ParseTuple(args, "OOk", &closed_int, &attach_int, &hand)) return NULL;
    if (int_to_words(closed_int, blocked) < 0 || int_to_words(attach_int, attach) < 0) return NULL;
    hand &= FULL_HAND;
    if (!hand || empty(attach)) Py_RETURN_FALSE;
    if (hand >> MONOMINO & 1u) Py_RETURN_TRUE; /* an attach cell is free and beside no own piece */
    for (int w = 0; w < WORDS; w++) blocked[w] |= wall[w];
    int found = any_legal(blocked, (uint32_t)hand, attach);
    if (found < 0) return NULL;
    return PyBool_FromLong(found);
}

/* -- the one-move evaluation ------------------------------------------------------------------------ */
static PyObject *core_move_values(PyObject *self, PyObject *args) {
    PyObject *moves, *attach_int, *occupied_int, *forbidden_int, *rivals_int;
    int opening;
    double size_weight, corner_weight, taken_weight, centre_weight;
    uint64_t attach[WORDS], closed[WORDS], rivals[WORDS], forbidden[WORDS];
    if (!ready() || !PyArg_ParseTuple(args, "O!OOOOpdddd", &PyList_Type, &moves, &attach_int, &occupied_int,
                                      &forbidden_int, &rivals_int, &opening, &size_weight, &corner_weight,
                                      &taken_weight, &centre_weight))
        return NULL;
    if (int_to_words(attach_int, attach) < 0 || int_to_words(occupied_int, closed) < 0 ||
        int_to_words(forbidden_int, forbidden) < 0 || int_to_words(rivals_int, rivals) < 0)
        return NULL;
    for (int w = 0; w < WORDS; w++) closed[w] |= forbidden[w];
    Py_ssize_t count = PyList_GET_SIZE(moves);
    PyObject *result = PyList_New(count);
    if (result == NULL) return NULL;
    for (Py_ssize_t m = 0; m < count; m++) {
        PyObject *number = PyObject_GetAttr(PyList_GET_ITEM(moves, m), index_name);
        if (number == NULL) goto error;
        long p = PyLong_AsLong(number);
        Py_DECREF(number);
        if (p == -1 && PyErr_Occurred()) goto error;
        if (p < 0 || p >= place_count) {
            PyErr_SetString(PyExc_ValueError, "not a placement index");
            goto error;
        }
        const Place *place = &places[p];
        int corners = 0, taken = 0;
        for (int w = 0; w < BOARD_WORDS; w++) {
            uint64_t mine = attach[w], blocked = closed[w], covered = 0;
            int k = w - place->base;
            if (k >= 0 && k < 4) {
                mine |= place->corners[k];
                blocked |= place->mask[k] | place->sides[k];
                covered = place->mask[k];
            }
            corners += popcount64(mine & ~blocked);
            taken += popcount64(rivals[w] & covered);
        }
        /* The same operations in the same order as heuristics.move_values. */
        double value = size_weight * place->size + corner_weight * corners;
        value += taken_weight * taken;
        if (opening) value -= centre_weight * place->centre;
        PyObject *item = PyFloat_FromDouble(value);
        if (item == NULL) goto error;
        PyList_SET_ITEM(result, m, item);
    }
    return result;
error:
    Py_DECREF(result);
    return NULL;
}

/* -- sampled playouts ------------------------------------------------------------------------------- */
static int next_random(PyObject *rnd, double *value) {
    PyObject *result = PyObject_CallNoArgs(rnd);
    if (result == NULL) return -1;
    *value = PyFloat_AsDouble(result);
    Py_DECREF(result);
    if (*value == -1.0 && PyErr_Occurred()) return -1;
    if (!(*value >= 0.0 && *value < 1.0)) {
        PyErr_SetString(PyExc_ValueError, "the random function must return a float in [0, 1)");
        return -1;
    }
    return 0;
}

/* int(r * n) as Python computes it, kept inside the list for safety. */
static int scaled(double r, int n) {
    int k = (int)(r * (double)n);
    return k < n ? k : n - 1;
}

/* heuristics._draw: a legal candidate at square i, uniformly (-1: none; -2: error). */
static int draw(const uint64_t *blocked, const uint64_t *window, uint32_t hand, int i, PyObject *rnd) {
    int length;
    const int16_t *list = list_of(key_of(blocked, i), &length);
    if (list == NULL) return -2;
    if (!length) return -1;
    double r;
    for (int t = 0; t < DRAWS; t++) {
        if (next_random(rnd, &r) < 0) return -2;
        int p = legal_at(window, hand, i, list[scaled(r, length)]);
        if (p >= 0) return p;
    }
    int16_t legal[MAX_RELATIVE];
    int count = 0;
    for (int n = 0; n < length; n++) {
        int p = legal_at(window, hand, i, list[n]);
        if (p >= 0) legal[count++] = (int16_t)p;
    }
    if (!count) return -1;
    if (next_random(rnd, &r) < 0) return -2;
    return legal[scaled(r, count)];
}

/* heuristics.sample_placement (-1: nothing fits; -2: error). */
static int sample(const uint64_t *blocked, uint32_t hand, const uint64_t *attach, PyObject *rnd) {
    int cells[BITS], count = 0;
    for (int w = 0; w < BOARD_WORDS; w++) {
        uint64_t bits = attach[w];
        while (bits) {
            int i = w * 64 + lowest_bit(bits);
            bits &= bits - 1;
            if (i < BITS) cells[count++] = i;
        }
    }
    while (count) {
        double r;
        if (next_random(rnd, &r) < 0) return -2;
        int pick = scaled(r, count);
        int i = cells[pick];
        uint64_t window[3];
        window_at(blocked, i, window);
        int choice = draw(blocked, window, hand, i, rnd);
        if (choice == -2) return -2;
        if (choice >= 0) {
            if (places[choice].size < 5) {
                int other = draw(blocked, window, hand, i, rnd);
                if (other == -2) return -2;
                if (other >= 0 && places[other].size > places[choice].size) choice = other;
            }
            return choice;
        }
        cells[pick] = cells[count - 1]; /* nothing fits here: drop the cell and try another */
        count--;
    }
    return -1;
}

static int tuple_of_four(PyObject *tuple, uint64_t words[4][WORDS]) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != 4) {
        PyErr_SetString(PyExc_TypeError, "expected a tuple of four bitboards");
        return -1;
    }
    for (int c = 0; c < 4; c++)
        if (int_to_words(PyTuple_GET_ITEM(tuple, c), words[c]) < 0) return -1;
    return 0;
}

static PyObject *core_playout(PyObject *self, PyObject *args) {
    PyObject *hands_tuple, *forbidden_tuple, *attach_tuple, *occupied_int, *rnd, *record;
    int out, mono, colour;
    uint64_t forbidden[4][WORDS], attach[4][WORDS], occupied[WORDS], blocked[WORDS];
    uint32_t hands[4];
    if (!ready() || !PyArg_ParseTuple(args, "O!OOOiiiOO", &PyTuple_Type, &hands_tuple, &forbidden_tuple,
                                      &attach_tuple, &occupied_int, &out, &mono, &colour, &rnd, &record))
        return NULL;
    if (record != Py_None && !PyList_Check(record)) {
        PyErr_SetString(PyExc_TypeError, "record must be a list or None");
        return NULL;
    }
    if (PyTuple_GET_SIZE(hands_tuple) != 4) {
        PyErr_SetString(PyExc_TypeError, "expected four hands");
        return NULL;
    }
    for (int c = 0; c < 4; c++) {
        unsigned long hand = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(hands_tuple, c));
        if (hand == (unsigned long)-1 && PyErr_Occurred()) return NULL;
        hands[c] = (uint32_t)hand & FULL_HAND;
    }
    if (tuple_of_four(forbidden_tuple, forbidden) < 0 || tuple_of_four(attach_tuple, attach) < 0 ||
        int_to_words(occupied_int, occupied) < 0)
        return NULL;
    out &= ALL_OUT;
    colour &= 3;
    while (out != ALL_OUT) {
        if (!(out >> colour & 1)) {
            uint32_t hand = hands[colour];
            int move = -1;
            if (hand) {
                for (int w = 0; w < WORDS; w++) blocked[w] = occupied[w] | forbidden[colour][w] | wall[w];
                move = sample(blocked, hand, attach[colour], rnd);
                if (move == -2) return NULL;
            }
            if (move < 0) {
                out |= 1 << colour;
            } else {
                /* bitboard.after_placement */
                const Place *place = &places[move];
                int base = place->base;
                for (int k = 0; k < 4; k++) {
                    occupied[base + k] |= place->mask[k];
                    forbidden[colour][base + k] |= place->sides[k];
                    for (int c = 0; c < 4; c++) attach[c][base + k] &= ~place->mask[k];
                    attach[colour][base + k] |= place->corners[k];
                }
                for (int w = 0; w < WORDS; w++) attach[colour][w] &= ~(occupied[w] | forbidden[colour][w]);
                hands[colour] = hand & ~(1u << place->piece);
                mono = place->piece == MONOMINO ? (mono | 1 << colour) : (mono & ~(1 << colour));
                if (record != Py_None) {
                    PyObject *key = PyLong_FromLong((long)move << 2 | colour);
                    if (key == NULL || PyList_Append(record, key) < 0) {
                        Py_XDECREF(key);
                        return NULL;
                    }
                    Py_DECREF(key);
                }
            }
        }
        colour = (colour + 1) & 3;
    }
    /* heuristics._final_score */
    int points[4];
    for (int c = 0; c < 4; c++) {
        if (hands[c]) {
            int left = 0;
            for (int piece = 0; piece < PIECE_COUNT; piece++)
                if (hands[c] >> piece & 1u) left += piece_size[piece];
            points[c] = -left;
        } else {
            points[c] = mono >> c & 1 ? 20 : 15;
        }
    }
    return Py_BuildValue("[iiii]", points[0], points[1], points[2], points[3]);
}

/* -- views of the tables, for the tests that hold the twin to the reference ----------------------- */
static PyObject *core_placement_bits(PyObject *self, PyObject *args) {
    int p;
    uint64_t words[WORDS];
    if (!ready() || !PyArg_ParseTuple(args, "i", &p)) return NULL;
    if (p < 0 || p >= place_count) {
        PyErr_SetString(PyExc_IndexError, "placement index out of range");
        return NULL;
    }
    const Place *place = &places[p];
    PyObject *mask, *sides, *corners;
    window_to_words(place->mask, place->base, words);
    mask = words_to_int(words);
    window_to_words(place->sides, place->base, words);
    sides = words_to_int(words);
    window_to_words(place->corners, place->base, words);
    corners = words_to_int(words);
    if (mask == NULL || sides == NULL || corners == NULL) {
        Py_XDECREF(mask);
        Py_XDECREF(sides);
        Py_XDECREF(corners);
        return NULL;
    }
    return Py_BuildValue("(NNNid)", mask, sides, corners, (int)place->piece, place->centre);
}

static PyObject *core_candidates(PyObject *self, PyObject *args) {
    PyObject *blocked_int;
    int i, length;
    uint64_t blocked[WORDS];
    if (!ready() || !PyArg_ParseTuple(args, "Oi", &blocked_int, &i)) return NULL;
    if (i < 0 || i >= BITS) {
        PyErr_SetString(PyExc_IndexError, "square index out of range");
        return NULL;
    }
    if (int_to_words(blocked_int, blocked) < 0) return NULL;
    split_hand(blocked);
    const int16_t *list = list_of(key_of(blocked, i), &length);
    if (list == NULL) return NULL;
    PyObject *result = PyList_New(length);
    if (result == NULL) return NULL;
    for (int n = 0; n < length; n++) {
        PyObject *number = PyLong_FromLong(list[n]);
        if (number == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, n, number);
    }
    return result;
}

static PyMethodDef methods[] = {
    {"setup", core_setup, METH_VARARGS, "setup(placements): build the tables from every placement, in order."},
    {"generate", core_generate, METH_VARARGS, "generate(blocked, attach) -> list: bitboard.generate."},
    {"can_place", core_can_place, METH_VARARGS, "can_place(closed, attach, hand) -> bool: bitboard.can_place_at."},
    {"move_values", core_move_values, METH_VARARGS,
     "move_values(moves, attach, occupied, forbidden, rivals, opening, size, corners, taken, centre) -> list."},
    {"playout", core_playout, METH_VARARGS,
     "playout(hands, forbidden, attach, occupied, out, monomino_last, colour, rnd, record) -> points."},
    {"placement_bits", core_placement_bits, METH_VARARGS,
     "placement_bits(index) -> (mask, sides, corners, piece, centre): the tables, for tests."},
    {"candidates", core_candidates, METH_VARARGS,
     "candidates(blocked, square) -> list: the relative candidates filed for that key, for tests."},
    {NULL, NULL, 0, NULL},
};

static void core_free(void *module) { free_tables(); }

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "The compiled core of Blokus's hot loops (see core.py).", -1, methods,
    NULL, NULL, NULL, core_free,
};

PyMODINIT_FUNC PyInit__core(void) {
    init_key_offsets();
    if (index_name == NULL && (index_name = PyUnicode_InternFromString("index")) == NULL) return NULL;
    if (piece_name == NULL && (piece_name = PyUnicode_InternFromString("piece")) == NULL) return NULL;
    if (orientation_name == NULL && (orientation_name = PyUnicode_InternFromString("orientation")) == NULL)
        return NULL;
    if (mask_name == NULL && (mask_name = PyUnicode_InternFromString("mask")) == NULL) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (module == NULL) return NULL;
    if (PyModule_AddIntConstant(module, "ABI", ABI) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
