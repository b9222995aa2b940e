/* The compiled core of Blokus's hot loops: legal placements, "can this colour still place?", the
 * one-move evaluation, the sampled playout with its final scores, and the tree search (mcts.py).
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
#include <math.h>

#define ABI 3 /* core.py refuses a module built from another version of this file */
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
static PyObject *perf_counter = NULL; /* time.perf_counter: the search's clock, as mcts.py reads it */
static PyObject *piece_name = NULL, *orientation_name = NULL, *mask_name = NULL, *state_name = NULL;
/* pieces.OPENING_PIECES: below until[n] pieces on the board, a playout with the opening policy places only
 * pieces[n] (set by setup). */
#define MAX_OPENING 8
static int opening_count = 0, opening_until[MAX_OPENING];
static uint32_t opening_pieces[MAX_OPENING];
#define POLICY_LOCAL 1   /* heuristics.LOCAL */
#define POLICY_OPENING 2 /* heuristics.OPENING */

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
    PyObject *objects, *result, *opening;
    if (!PyArg_ParseTuple(args, "O!O!", &PyTuple_Type, &objects, &PyTuple_Type, &opening)) return NULL;
    Py_ssize_t stages = PyTuple_GET_SIZE(opening);
    if (stages > MAX_OPENING) {
        PyErr_SetString(PyExc_ValueError, "too many opening stages");
        return NULL;
    }
    for (Py_ssize_t n = 0; n < stages; n++) {
        unsigned long pieces;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(opening, n), "ik", &opening_until[n], &pieces)) return NULL;
        opening_pieces[n] = (uint32_t)pieces & FULL_HAND;
    }
    opening_count = (int)stages;
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
typedef struct {
    double size, own_corners, taken_corners, centre;
} Weights;

/* heuristics.move_values for one placement: the same operations in the same order. closed is the
 * occupied squares and the colour's forbidden ones. */
static double move_value(const Place *place, const uint64_t *attach, const uint64_t *closed, const uint64_t *rivals,
                         int opening, const Weights *weights) {
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
    double value = weights->size * place->size + weights->own_corners * corners;
    value += weights->taken_corners * taken;
    if (opening) value -= weights->centre * place->centre;
    return value;
}

static PyObject *core_move_values(PyObject *self, PyObject *args) {
    PyObject *moves, *attach_int, *occupied_int, *forbidden_int, *rivals_int;
    int opening;
    Weights weights;
    uint64_t attach[WORDS], closed[WORDS], rivals[WORDS], forbidden[WORDS];
    if (!ready() || !PyArg_ParseTuple(args, "O!OOOOpdddd", &PyList_Type, &moves, &attach_int, &occupied_int,
                                      &forbidden_int, &rivals_int, &opening, &weights.size, &weights.own_corners,
                                      &weights.taken_corners, &weights.centre))
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
        PyObject *item = PyFloat_FromDouble(move_value(&places[p], attach, closed, rivals, opening, &weights));
        if (item == NULL) goto error;
        PyList_SET_ITEM(result, m, item);
    }
    return result;
error:
    Py_DECREF(result);
    return NULL;
}

/* -- sampled playouts ------------------------------------------------------------------------------- */
/* The playouts' random numbers: heuristics.SplitMix run here (callable NULL: state is its state), or any
 * Python function returning floats in [0, 1), called for each draw. */
typedef struct {
    PyObject *callable;
    uint64_t state;
} Rng;

/* rnd as an Rng: a heuristics.SplitMix (it has an int state) runs in C. 0, or -1 on error. */
static int rng_open(PyObject *rnd, Rng *rng) {
    rng->callable = rnd;
    rng->state = 0;
    PyObject *state = PyObject_GetAttr(rnd, state_name);
    if (state == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) return -1;
        PyErr_Clear();
        return 0;
    }
    if (PyLong_Check(state)) {
        rng->state = PyLong_AsUnsignedLongLongMask(state);
        rng->callable = NULL;
    }
    Py_DECREF(state);
    return PyErr_Occurred() ? -1 : 0;
}

/* The C generator's state written back, so the Python object goes on where C stopped. */
static int rng_close(PyObject *rnd, const Rng *rng) {
    if (rng->callable != NULL) return 0;
    PyObject *state = PyLong_FromUnsignedLongLong(rng->state);
    if (state == NULL) return -1;
    int result = PyObject_SetAttr(rnd, state_name, state);
    Py_DECREF(state);
    return result;
}

static int next_random(Rng *rng, double *value) {
    if (rng->callable == NULL) { /* heuristics.SplitMix.__call__ */
        uint64_t z = rng->state += 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        *value = (double)((z ^ (z >> 31)) >> 11) * (1.0 / 9007199254740992.0);
        return 0;
    }
    PyObject *result = PyObject_CallNoArgs(rng->callable);
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
static int draw(const uint64_t *blocked, const uint64_t *window, uint32_t hand, int i, Rng *rnd) {
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
static int sample(const uint64_t *blocked, uint32_t hand, const uint64_t *attach, Rng *rnd) {
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

/* Word w of x shifted up by n bits (n < 0: down), as Python shifts an int (bits below 0 are dropped). */
static uint64_t shifted(const uint64_t *x, int w, int n) {
    if (n > 0) return x[w] << n | (w > 0 ? x[w - 1] >> (64 - n) : 0);
    n = -n;
    return x[w] >> n | (w + 1 < WORDS ? x[w + 1] << (64 - n) : 0);
}

static int local_score(int move, const uint64_t *local, const uint64_t *attach);

/* heuristics.sample_local (-1: nothing fits; -2: error). */
static int sample_local(const uint64_t *blocked, uint32_t hand, const uint64_t *attach, const uint64_t *local,
                        Rng *rnd) {
    int cells[BITS], count = 0;
    for (int w = 0; w < BOARD_WORDS; w++) {
        uint64_t bits = attach[w] & local[w];
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
            int other = draw(blocked, window, hand, i, rnd);
            if (other == -2) return -2;
            if (other >= 0 && local_score(other, local, attach) > local_score(choice, local, attach)) choice = other;
            return choice;
        }
        cells[pick] = cells[count - 1];
        count--;
    }
    return sample(blocked, hand, attach, rnd);
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

/* A position of the classic board as the playout and the tree keep it. */
typedef struct {
    uint64_t forbidden[4][WORDS], attach[4][WORDS], occupied[WORDS];
    uint32_t hands[4];
    int out, mono, colour, seat; /* seat -1: the game is over */
} Position;

/* A position's hands and bitboards as Python passes them (the playout and the search read them alike). */
static int read_position(PyObject *hands_tuple, PyObject *forbidden_tuple, PyObject *attach_tuple,
                         PyObject *occupied_int, Position *s) {
    if (PyTuple_GET_SIZE(hands_tuple) != 4) {
        PyErr_SetString(PyExc_TypeError, "expected four hands");
        return -1;
    }
    for (int c = 0; c < 4; c++) {
        unsigned long hand = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(hands_tuple, c));
        if (hand == (unsigned long)-1 && PyErr_Occurred()) return -1;
        s->hands[c] = (uint32_t)hand & FULL_HAND;
    }
    if (tuple_of_four(forbidden_tuple, s->forbidden) < 0 || tuple_of_four(attach_tuple, s->attach) < 0 ||
        int_to_words(occupied_int, s->occupied) < 0)
        return -1;
    return 0;
}

/* bitboard.after_placement, the hand and rules' monomino_last: colour places placement move. */
static void place_move(Position *s, int colour, int move) {
    const Place *place = &places[move];
    int base = place->base;
    for (int k = 0; k < 4; k++) {
        s->occupied[base + k] |= place->mask[k];
        s->forbidden[colour][base + k] |= place->sides[k];
        for (int c = 0; c < 4; c++) s->attach[c][base + k] &= ~place->mask[k];
        s->attach[colour][base + k] |= place->corners[k];
    }
    for (int w = 0; w < WORDS; w++) s->attach[colour][w] &= ~(s->occupied[w] | s->forbidden[colour][w]);
    s->hands[colour] &= ~(1u << place->piece);
    s->mono = place->piece == MONOMINO ? (s->mono | 1 << colour) : (s->mono & ~(1 << colour));
}

/* heuristics.local_count for placement move and heuristics._local_score. */
static int local_score(int move, const uint64_t *local, const uint64_t *attach) {
    const Place *place = &places[move];
    int count = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t covered = place->mask[k] & local[place->base + k];
        count += popcount64(covered) + popcount64(covered & attach[place->base + k]);
    }
    return 8 * count + place->size;
}

/* heuristics.local_points: the squares near the opponents' latest moves (recent: move << 2 | colour). */
static void local_points(const Position *s, const int32_t *recent, int recent_count, int colour, uint64_t *local) {
    memset(local, 0, sizeof(uint64_t) * WORDS);
    for (int n = 0; n < recent_count; n++) {
        int other = recent[n] & 3;
        if (other == colour || other == (colour ^ 2)) continue;
        const Place *place = &places[recent[n] >> 2];
        uint64_t fresh[WORDS] = {0};
        for (int k = 0; k < 4; k++) fresh[place->base + k] = place->corners[k] & s->attach[other][place->base + k];
        for (int w = 0; w < BOARD_WORDS; w++) {
            uint64_t beside = shifted(fresh, w, 1) | shifted(fresh, w, -1) | shifted(fresh, w, STRIDE) |
                              shifted(fresh, w, -STRIDE);
            local[w] |= fresh[w] | (beside & board_bits[w] & ~(s->occupied[w] | s->forbidden[other][w]));
        }
    }
}

/* heuristics.playout_pieces */
static uint32_t playout_pieces(int down) {
    for (int n = 0; n < opening_count; n++)
        if (down < opening_until[n]) return opening_pieces[n];
    return FULL_HAND;
}

/* heuristics.playout from s (changed on the way) with policy (POLICY_LOCAL, POLICY_OPENING): each move
 * made goes to record (a Python list) or keys (a C array with room for every move), as move << 2 | colour;
 * the last three already there are the latest moves. 0, or -1 on error. */
static int run_playout(Position *s, Rng *rnd, PyObject *record, int32_t *keys, int *key_count, int policy,
                       int points[4]) {
    uint64_t blocked[WORDS], local[WORDS];
    int out = s->out & ALL_OUT, colour = s->colour & 3;
    int32_t recent[3];
    int recent_count = 0, down = 0;
    if (keys != NULL) {
        for (int n = *key_count > 3 ? *key_count - 3 : 0; n < *key_count; n++) recent[recent_count++] = keys[n];
    } else if (record != NULL && record != Py_None) {
        Py_ssize_t length = PyList_GET_SIZE(record);
        for (Py_ssize_t n = length > 3 ? length - 3 : 0; n < length; n++) {
            long key = PyLong_AsLong(PyList_GET_ITEM(record, n));
            if (key == -1 && PyErr_Occurred()) return -1;
            if (key < 0 || (key >> 2) >= place_count) {
                PyErr_SetString(PyExc_ValueError, "not a move key");
                return -1;
            }
            recent[recent_count++] = (int32_t)key;
        }
    }
    for (int c = 0; c < 4; c++) down += PIECE_COUNT - popcount64(s->hands[c]);
    while (out != ALL_OUT) {
        if (!(out >> colour & 1)) {
            uint32_t hand = s->hands[colour];
            int move = -1;
            if (hand) {
                for (int w = 0; w < WORDS; w++) blocked[w] = s->occupied[w] | s->forbidden[colour][w] | wall[w];
                if (policy) {
                    if (policy & POLICY_LOCAL)
                        local_points(s, recent, recent_count, colour, local);
                    else
                        memset(local, 0, sizeof local);
                    uint32_t pieces = policy & POLICY_OPENING ? hand & playout_pieces(down) : hand;
                    move = sample_local(blocked, pieces ? pieces : hand, s->attach[colour], local, rnd);
                    if (move == -1 && pieces && pieces != hand)
                        move = sample_local(blocked, hand, s->attach[colour], local, rnd);
                } else {
                    move = sample(blocked, hand, s->attach[colour], rnd);
                }
                if (move == -2) return -1;
            }
            if (move < 0) {
                out |= 1 << colour;
            } else {
                place_move(s, colour, move);
                if (keys != NULL) keys[(*key_count)++] = move << 2 | colour;
                if (record != NULL && record != Py_None) {
                    PyObject *key = PyLong_FromLong((long)move << 2 | colour);
                    if (key == NULL || PyList_Append(record, key) < 0) {
                        Py_XDECREF(key);
                        return -1;
                    }
                    Py_DECREF(key);
                }
                if (recent_count == 3) {
                    recent[0] = recent[1];
                    recent[1] = recent[2];
                    recent_count = 2;
                }
                recent[recent_count++] = move << 2 | colour;
                down++;
            }
        }
        colour = (colour + 1) & 3;
    }
    /* heuristics._final_score */
    for (int c = 0; c < 4; c++) {
        if (s->hands[c]) {
            int left = 0;
            for (int piece = 0; piece < PIECE_COUNT; piece++)
                if (s->hands[c] >> piece & 1u) left += piece_size[piece];
            points[c] = -left;
        } else {
            points[c] = s->mono >> c & 1 ? 20 : 15;
        }
    }
    return 0;
}

static PyObject *core_playout(PyObject *self, PyObject *args) {
    PyObject *hands_tuple, *forbidden_tuple, *attach_tuple, *occupied_int, *rnd, *record;
    Position s;
    Rng rng;
    int policy;
    if (!ready() || !PyArg_ParseTuple(args, "O!OOOiiiOOi", &PyTuple_Type, &hands_tuple, &forbidden_tuple,
                                      &attach_tuple, &occupied_int, &s.out, &s.mono, &s.colour, &rnd, &record,
                                      &policy))
        return NULL;
    if (record != Py_None && !PyList_Check(record)) {
        PyErr_SetString(PyExc_TypeError, "record must be a list or None");
        return NULL;
    }
    if (read_position(hands_tuple, forbidden_tuple, attach_tuple, occupied_int, &s) < 0) return NULL;
    int points[4];
    if (rng_open(rnd, &rng) < 0) return NULL;
    int done = run_playout(&s, &rng, record, NULL, NULL, policy, points);
    if (rng_close(rnd, &rng) < 0 || done < 0) return NULL;
    return Py_BuildValue("[iiii]", points[0], points[1], points[2], points[3]);
}

/* -- the tree search ---------------------------------------------------------------------------------
 * mcts.Search (simulate, _select, _rewards) for the classic board with 2 or 4 seats: the same tree,
 * the same scores computed with the same operations in the same order, and the same draws of the
 * caller's random function (the playouts only), so a seed gives the same root statistics either way.
 * A node keeps its moves in prior order, the statistics of the moves let in so far, and its AMAF
 * statistics in a small hash table keyed by placement (a node only ever reads its own colour's). */
typedef struct {
    long long work;
    double seconds, widen_base, widen_power, explore, prior_bias, rave_equivalence, win_share, margin_scale;
    Weights weights;
    int opening_plies, players, teams;
    long long max_simulations;
    int policy;
    double prior_visits, prior_value;
} Knobs;

typedef struct {
    int32_t key; /* placement index, -1: empty */
    int32_t count;
    double sum;
} Amaf;

typedef struct Node Node;
struct Node {
    Position *s;           /* made on the second visit (a leaf visited once is most of the tree) */
    Node *parent;          /* the position is the parent's after its move */
    int16_t move;
    int count;             /* moves, -1 until listed */
    int16_t *moves;        /* placement indexes in prior order */
    double *priors;        /* 0..1, the best 1 */
    int tried, room;       /* moves let in, and room in the arrays below */
    long total;            /* visits of all moves */
    int32_t *visits;
    double *rewards;
    Node **children;
    Amaf *amaf;
    int amaf_count, amaf_room; /* room: a power of two */
};

typedef struct {
    Knobs k;
    Rng rnd;
    Node **nodes; /* every node, to free them */
    Py_ssize_t node_count, node_room;
    double *outcomes;   /* with results kept: per root move, each seat's share of the playouts' wins */
    int16_t *scratch;   /* place_count legal moves */
    double *values;     /* their values */
    int *order;
    long long work, simulations;
} Tree;

/* The seat placing colour (rules.seat_of_colour for 2 and 4 players). */
static int seat_of(int players, int colour) { return players == 4 ? colour : colour % 2; }

/* rules.scoring_colours as a bit set. */
static int scoring_set(const Knobs *k, int seat) {
    if (k->players == 4 && k->teams) return 1 << (seat % 2) | 1 << (seat % 2 + 2);
    if (k->players == 2) return 1 << seat | 1 << (seat + 2);
    return 1 << seat;
}

/* core_can_place for a position's colour (-1: error). */
static int colour_can_place(const Position *s, int colour) {
    uint32_t hand = s->hands[colour];
    if (!hand || empty(s->attach[colour])) return 0;
    if (hand >> MONOMINO & 1u) return 1;
    uint64_t blocked[WORDS];
    for (int w = 0; w < WORDS; w++) blocked[w] = s->occupied[w] | s->forbidden[colour][w] | wall[w];
    return any_legal(blocked, hand, s->attach[colour]);
}

/* rules.apply then rules._advance: the next colour that can still place, the others marked out. */
static int advance(Position *s, int players) {
    int colour = s->colour;
    for (int n = 0; n < 4; n++) {
        colour = (colour + 1) % 4;
        if (s->out >> colour & 1) continue;
        int can = colour_can_place(s, colour);
        if (can < 0) return -1;
        if (can) {
            s->colour = colour;
            s->seat = seat_of(players, colour);
            return 0;
        }
        s->out |= 1 << colour;
    }
    s->colour = 0;
    s->seat = -1;
    s->out = ALL_OUT;
    return 0;
}

static Node *new_node(Tree *t, Node *parent, int move) {
    if (t->node_count == t->node_room) {
        Py_ssize_t room = t->node_room ? 2 * t->node_room : 1024;
        Node **nodes = (Node **)realloc(t->nodes, sizeof(Node *) * (size_t)room);
        if (nodes == NULL) return NULL;
        t->nodes = nodes;
        t->node_room = room;
    }
    Node *node = (Node *)calloc(1, sizeof(Node));
    if (node == NULL) return NULL;
    node->parent = parent;
    node->move = (int16_t)move;
    node->count = -1;
    t->nodes[t->node_count++] = node;
    return node;
}

static void free_tree(Tree *t) {
    for (Py_ssize_t n = 0; n < t->node_count; n++) {
        Node *node = t->nodes[n];
        free(node->s);
        free(node->moves);
        free(node->priors);
        free(node->visits);
        free(node->rewards);
        free(node->children);
        free(node->amaf);
        free(node);
    }
    free(t->nodes);
    free(t->outcomes);
    free(t->scratch);
    free(t->values);
    free(t->order);
}

/* The parent's position after the move that leads to this node (rules.apply): kept once the node is
 * visited again. NULL: no memory, or an error. */
static const Position *position_of(Tree *t, Node *node) {
    if (node->s == NULL) {
        Position *s = (Position *)malloc(sizeof(Position));
        if (s == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        *s = *node->parent->s;
        place_move(s, s->colour, node->move);
        if (advance(s, t->k.players) < 0) {
            free(s);
            return NULL;
        }
        node->s = s;
    }
    return node->s;
}

/* Values high first, ties in listing order: Python's stable sort with reverse=True. */
static const double *sort_values;
static int by_value(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    if (sort_values[i] != sort_values[j]) return sort_values[i] > sort_values[j] ? -1 : 1;
    return (i > j) - (i < j);
}

/* mcts.Node.expand: the legal moves (rules.legal_moves, in generate's order), sorted by
 * heuristics.move_values with the search's weights, and their priors. 0, or -1 on error. */
static int expand(Tree *t, Node *node) {
    const Position *s = node->s;
    int colour = s->colour, count = 0;
    uint32_t hand = s->hands[colour];
    uint64_t blocked[WORDS], closed[WORDS], rivals[WORDS] = {0}, attach[WORDS] = {0};
    for (int w = 0; w < WORDS; w++) {
        closed[w] = s->occupied[w] | s->forbidden[colour][w];
        blocked[w] = closed[w] | wall[w];
    }
    /* bitboard.generate */
    for (int w = 0; w < BOARD_WORDS; w++) {
        uint64_t bits = s->attach[colour][w];
        while (bits) {
            int i = w * 64 + lowest_bit(bits);
            bits &= bits - 1;
            if (i >= BITS) break;
            int length;
            const int16_t *list = list_of(key_of(blocked, i), &length);
            if (list == NULL) return -1;
            uint64_t window[3];
            window_at(blocked, i, window);
            for (int n = 0; n < length; n++) {
                int p = legal_at(window, hand, i, list[n]);
                if (p >= 0) t->scratch[count++] = (int16_t)p;
            }
            set_bit(blocked, i);
        }
    }
    /* heuristics.move_values: the attach cells count once the colour has a piece down */
    int friends = scoring_set(&t->k, s->seat);
    for (int other = 0; other < 4; other++)
        if (other != colour && !(friends >> other & 1) && !(s->out >> other & 1))
            for (int w = 0; w < WORDS; w++) rivals[w] |= s->attach[other][w];
    if (hand != FULL_HAND) memcpy(attach, s->attach[colour], sizeof attach);
    int opening = PIECE_COUNT - popcount64(hand) < t->k.opening_plies;
    for (int m = 0; m < count; m++) {
        t->values[m] = move_value(&places[t->scratch[m]], attach, closed, rivals, opening, &t->k.weights);
        t->order[m] = m;
    }
    sort_values = t->values;
    qsort(t->order, (size_t)count, sizeof(int), by_value);
    node->moves = (int16_t *)malloc(sizeof(int16_t) * (size_t)(count ? count : 1));
    node->priors = (double *)malloc(sizeof(double) * (size_t)(count ? count : 1));
    if (node->moves == NULL || node->priors == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    double best = count ? t->values[t->order[0]] : 0.0, worst = count ? t->values[t->order[count - 1]] : 0.0;
    double spread = best - worst;
    if (spread == 0.0) spread = 1.0;
    for (int m = 0; m < count; m++) {
        node->moves[m] = t->scratch[t->order[m]];
        node->priors[m] = (t->values[t->order[m]] - worst) / spread;
    }
    node->count = count;
    return 0;
}

/* Room for one more move let in. */
static int grow_tried(Node *node) {
    if (node->tried < node->room) return 0;
    int room = node->room ? 2 * node->room : 4;
    int32_t *visits = (int32_t *)realloc(node->visits, sizeof(int32_t) * (size_t)room);
    if (visits) node->visits = visits;
    double *rewards = (double *)realloc(node->rewards, sizeof(double) * (size_t)room);
    if (rewards) node->rewards = rewards;
    Node **children = (Node **)realloc(node->children, sizeof(Node *) * (size_t)room);
    if (children) node->children = children;
    if (!visits || !rewards || !children) {
        PyErr_NoMemory();
        return -1;
    }
    node->room = room;
    return 0;
}

static Amaf *amaf_find(Node *node, int key) {
    if (!node->amaf_room) return NULL;
    unsigned mask = (unsigned)node->amaf_room - 1u;
    for (unsigned h = (unsigned)key * 2654435761u & mask;; h = (h + 1u) & mask) {
        if (node->amaf[h].key == key) return &node->amaf[h];
        if (node->amaf[h].key < 0) return NULL;
    }
}

/* The entry of key, made when missing (NULL: no memory). */
static Amaf *amaf_entry(Node *node, int key) {
    if (2 * (node->amaf_count + 1) > node->amaf_room) {
        int room = node->amaf_room ? 2 * node->amaf_room : 16;
        Amaf *table = (Amaf *)malloc(sizeof(Amaf) * (size_t)room);
        if (table == NULL) return NULL;
        for (int h = 0; h < room; h++) table[h].key = -1;
        unsigned mask = (unsigned)room - 1u;
        for (int h = 0; h < node->amaf_room; h++)
            if (node->amaf[h].key >= 0) {
                unsigned g = (unsigned)node->amaf[h].key * 2654435761u & mask;
                while (table[g].key >= 0) g = (g + 1u) & mask;
                table[g] = node->amaf[h];
            }
        free(node->amaf);
        node->amaf = table;
        node->amaf_room = room;
    }
    unsigned mask = (unsigned)node->amaf_room - 1u;
    unsigned h = (unsigned)key * 2654435761u & mask;
    while (node->amaf[h].key >= 0) {
        if (node->amaf[h].key == key) return &node->amaf[h];
        h = (h + 1u) & mask;
    }
    node->amaf[h].key = key;
    node->amaf[h].count = 0;
    node->amaf[h].sum = 0.0;
    node->amaf_count++;
    return &node->amaf[h];
}

/* mcts.Search._select (-1: no memory). */
static int select_move(const Knobs *k, Node *node) {
    long total = node->total;
    int allowed = (int)(k->widen_base * pow((double)(total + 1), k->widen_power));
    if (allowed > node->count) allowed = node->count;
    if (node->tried < (allowed > 1 ? allowed : 1)) {
        if (grow_tried(node) < 0) return -1;
        int pick = node->tried++;
        node->visits[pick] = 0;
        node->rewards[pick] = 0.0;
        node->children[pick] = NULL;
        return pick;
    }
    double log_total = log((double)total);
    int best = 0;
    double best_score = -INFINITY;
    for (int i = 0; i < node->tried; i++) {
        int visits = node->visits[i];
        double mean = (node->rewards[i] + k->prior_visits * (0.5 + k->prior_value * (node->priors[i] - 0.5))) /
                      ((double)visits + k->prior_visits);
        const Amaf *entry = amaf_find(node, node->moves[i]);
        if (entry != NULL) {
            double beta = sqrt(k->rave_equivalence / ((double)(3 * visits) + k->rave_equivalence));
            mean = (1 - beta) * mean + beta * entry->sum / entry->count;
        }
        double score = mean + k->explore * sqrt(log_total / visits) + k->prior_bias * node->priors[i] / (visits + 1);
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    return best;
}

/* mcts.Search._rewards: each seat's reward for a finished game. */
static void seat_rewards(const Knobs *k, const int points[4], double rewards[4]) {
    int totals[4] = {0}, sets[4];
    for (int seat = 0; seat < k->players; seat++) {
        sets[seat] = scoring_set(k, seat);
        for (int c = 0; c < 4; c++)
            if (sets[seat] >> c & 1) totals[seat] += points[c];
    }
    for (int seat = 0; seat < k->players; seat++) {
        int others = INT32_MIN;
        for (int s = 0; s < k->players; s++)
            if (sets[s] != sets[seat] && totals[s] > others) others = totals[s];
        int margin = totals[seat] - others;
        double result = margin > 0 ? 1.0 : margin == 0 ? 0.5 : 0.0;
        double part = (double)margin / (2 * k->margin_scale);
        double share = 0.5 + (part > 0.5 ? 0.5 : part < -0.5 ? -0.5 : part);
        rewards[seat] = k->win_share * result + (1 - k->win_share) * share;
    }
}

/* mcts.Search._count_result: each seat's share of this playout's win added to the root move's outcomes
 * (1 for a sole winner, shared out among tied winners; team mates count as one winner). */
static void count_result(const Knobs *k, const int points[4], double *outcomes) {
    int totals[4] = {0}, sets[4], best = INT32_MIN, winners = 0;
    for (int seat = 0; seat < k->players; seat++) {
        sets[seat] = scoring_set(k, seat);
        for (int c = 0; c < 4; c++)
            if (sets[seat] >> c & 1) totals[seat] += points[c];
        if (totals[seat] > best) best = totals[seat];
    }
    for (int seat = 0; seat < k->players; seat++) {
        if (totals[seat] != best) continue;
        int first = 1; /* a winner's colours counted once */
        for (int other = 0; other < seat; other++)
            if (totals[other] == best && sets[other] == sets[seat]) first = 0;
        winners += first;
    }
    for (int seat = 0; seat < k->players; seat++)
        if (totals[seat] == best) outcomes[seat] += 1.0 / winners;
}

#define MAX_PLY 128 /* 84 placements at most in a game */

/* mcts.Search.simulate (-1: error). */
static int simulate(Tree *t, Node *root) {
    Node *path[MAX_PLY];
    int picks[MAX_PLY], depth = 0, played_count = 0;
    int32_t played[MAX_PLY];
    Node *node = root;
    Position leaf;
    int fresh = 0; /* the walk ended on a new leaf, whose position is leaf */
    for (;;) {
        const Position *at = position_of(t, node);
        if (at == NULL) return -1;
        if (at->seat < 0) break;
        if (node->count < 0 && expand(t, node) < 0) return -1;
        if (node->count == 0) { /* a colour to play without a legal move: not a position of the rules */
            PyErr_SetString(PyExc_ValueError, "the colour to play has no legal placement");
            return -1;
        }
        int pick = select_move(&t->k, node);
        if (pick < 0) return -1;
        path[depth] = node;
        picks[depth++] = pick;
        played[played_count++] = node->moves[pick] << 2 | at->colour;
        Node *child = node->children[pick];
        if (child == NULL) {
            leaf = *at;
            place_move(&leaf, leaf.colour, node->moves[pick]);
            if (advance(&leaf, t->k.players) < 0) return -1;
            fresh = 1;
            child = new_node(t, node, node->moves[pick]);
            if (child == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            node->children[pick] = child;
            node = child;
            break;
        }
        node = child;
    }
    Position s = fresh ? leaf : *node->s;
    if (s.seat < 0) s.out = ALL_OUT;
    int points[4];
    if (run_playout(&s, &t->rnd, NULL, played, &played_count, t->k.policy, points) < 0) return -1;
    t->work += played_count;
    t->simulations++;
    double rewards[4];
    seat_rewards(&t->k, points, rewards);
    if (t->outcomes != NULL) count_result(&t->k, points, t->outcomes + 4 * picks[0]);
    /* Walk back up: each node credits its move, and every later move of its colour as AMAF. */
    int32_t by_colour[4][MAX_PLY];
    int colour_count[4] = {0};
    for (int n = depth; n < played_count; n++) by_colour[played[n] & 3][colour_count[played[n] & 3]++] = played[n];
    for (int d = depth - 1; d >= 0; d--) {
        Node *at = path[d];
        int pick = picks[d];
        double reward = rewards[at->s->seat];
        at->visits[pick] += 1;
        at->rewards[pick] += reward;
        at->total += 1;
        by_colour[played[d] & 3][colour_count[played[d] & 3]++] = played[d];
        int colour = at->s->colour;
        for (int n = 0; n < colour_count[colour]; n++) {
            Amaf *entry = amaf_entry(at, by_colour[colour][n] >> 2);
            if (entry == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            entry->count += 1;
            entry->sum += reward;
        }
    }
    return 0;
}

static double now(void) {
    PyObject *value = PyObject_CallNoArgs(perf_counter);
    if (value == NULL) return -1.0;
    double seconds = PyFloat_AsDouble(value);
    Py_DECREF(value);
    return seconds;
}

/* search(hands, forbidden, attach, occupied, out, monomino_last, colour, seat, players, teams, knobs,
 * rnd, stop[, outcomes, shortcut]) -> ([(placement, visits, reward sum), ...] in the order let in,
 * simulations, work, outcomes): with outcomes, each root move's per-seat win shares in the same order
 * (else None); without shortcut, a single legal move is searched too (the analysis wants its chances).
 * knobs: (work, seconds, widen_base, widen_power, explore, prior_bias, rave_equivalence, win_share,
 * margin_scale, size, own_corners, taken_corners, centre, opening_plies, max_simulations, policy, prior_visits,
 * prior_value). */
static PyObject *core_search(PyObject *self, PyObject *args) {
    PyObject *hands_tuple, *forbidden_tuple, *attach_tuple, *occupied_int, *rnd, *stop;
    int keep_outcomes = 0, shortcut = 1;
    Position s;
    Tree t;
    memset(&t, 0, sizeof t);
    Knobs *k = &t.k;
    if (!ready() || !PyArg_ParseTuple(args, "O!OOOiiiiii(LddddddddddddiLidd)OO|pp", &PyTuple_Type, &hands_tuple,
                                      &forbidden_tuple, &attach_tuple, &occupied_int, &s.out, &s.mono, &s.colour,
                                      &s.seat, &k->players, &k->teams, &k->work, &k->seconds, &k->widen_base,
                                      &k->widen_power, &k->explore, &k->prior_bias, &k->rave_equivalence,
                                      &k->win_share, &k->margin_scale, &k->weights.size, &k->weights.own_corners,
                                      &k->weights.taken_corners, &k->weights.centre, &k->opening_plies,
                                      &k->max_simulations, &k->policy, &k->prior_visits, &k->prior_value, &rnd,
                                      &stop, &keep_outcomes, &shortcut))
        return NULL;
    if (k->players != 2 && k->players != 4) {
        PyErr_SetString(PyExc_ValueError, "the compiled search plays 2 or 4 seats");
        return NULL;
    }
    if (read_position(hands_tuple, forbidden_tuple, attach_tuple, occupied_int, &s) < 0) return NULL;
    s.out &= ALL_OUT;
    s.colour &= 3;
    if (s.seat < 0 || s.seat >= k->players) {
        PyErr_SetString(PyExc_ValueError, "no seat to play");
        return NULL;
    }
    if (rng_open(rnd, &t.rnd) < 0) return NULL;
    PyObject *result = NULL, *stats = NULL, *outcomes = NULL;
    t.scratch = (int16_t *)malloc(sizeof(int16_t) * (size_t)place_count);
    t.values = (double *)malloc(sizeof(double) * (size_t)place_count);
    t.order = (int *)malloc(sizeof(int) * (size_t)place_count);
    Node *root = t.scratch && t.values && t.order ? new_node(&t, NULL, 0) : NULL;
    if (root != NULL && (root->s = (Position *)malloc(sizeof(Position))) != NULL) *root->s = s;
    if (root == NULL || root->s == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (expand(&t, root) < 0) goto done;
    if (keep_outcomes && (t.outcomes = (double *)calloc((size_t)root->count * 4, sizeof(double))) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (shortcut && root->count == 1) {
        result = Py_BuildValue("([(iid)]iiO)", (int)root->moves[0], 1, 0.0, 0, 0, Py_None);
        goto done;
    }
    double start = now();
    if (start < 0) goto done;
    double deadline = start + k->seconds;
    for (;;) {
        if (simulate(&t, root) < 0) goto done;
        if (t.work >= k->work || t.simulations >= k->max_simulations) break;
        PyObject *stopped = PyObject_CallNoArgs(stop);
        if (stopped == NULL) goto done;
        int truth = PyObject_IsTrue(stopped);
        Py_DECREF(stopped);
        if (truth < 0) goto done;
        if (truth) break;
        double time = now();
        if (time < 0) goto done;
        if (time >= deadline) break;
    }
    stats = PyList_New(root->tried);
    if (stats == NULL) goto done;
    for (int i = 0; i < root->tried; i++) {
        PyObject *item = Py_BuildValue("(iid)", (int)root->moves[i], root->visits[i], root->rewards[i]);
        if (item == NULL) goto done;
        PyList_SET_ITEM(stats, i, item);
    }
    if (keep_outcomes) {
        outcomes = PyList_New(root->tried);
        if (outcomes == NULL) goto done;
        for (int i = 0; i < root->tried; i++) {
            const double *o = t.outcomes + 4 * i;
            PyObject *item = k->players == 2 ? Py_BuildValue("[dd]", o[0], o[1])
                                             : Py_BuildValue("[dddd]", o[0], o[1], o[2], o[3]);
            if (item == NULL) goto done;
            PyList_SET_ITEM(outcomes, i, item);
        }
    }
    result = Py_BuildValue("(OLLO)", stats, t.simulations, t.work, outcomes ? outcomes : Py_None);
done:
    Py_XDECREF(stats);
    Py_XDECREF(outcomes);
    free_tree(&t);
    if (result != NULL && rng_close(rnd, &t.rnd) < 0) Py_CLEAR(result);
    return result;
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
    {"setup", core_setup, METH_VARARGS,
     "setup(placements, opening): build the tables from every placement, in order, and the opening pieces."},
    {"generate", core_generate, METH_VARARGS, "generate(blocked, attach) -> list: bitboard.generate."},
    {"can_place", core_can_place, METH_VARARGS, "can_place(closed, attach, hand) -> bool: bitboard.can_place_at."},
    {"move_values", core_move_values, METH_VARARGS,
     "move_values(moves, attach, occupied, forbidden, rivals, opening, size, corners, taken, centre) -> list."},
    {"playout", core_playout, METH_VARARGS,
     "playout(hands, forbidden, attach, occupied, out, monomino_last, colour, rnd, record, policy) -> points."},
    {"search", core_search, METH_VARARGS,
     "search(hands, forbidden, attach, occupied, out, monomino_last, colour, seat, players, teams, knobs, rnd,"
     " stop) -> (stats, simulations, work): mcts.Search.run."},
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
    if (state_name == NULL && (state_name = PyUnicode_InternFromString("state")) == NULL) return NULL;
    if (perf_counter == NULL) {
        PyObject *time_module = PyImport_ImportModule("time");
        if (time_module == NULL) return NULL;
        perf_counter = PyObject_GetAttrString(time_module, "perf_counter");
        Py_DECREF(time_module);
        if (perf_counter == NULL) return NULL;
    }
    PyObject *module = PyModule_Create(&core_module);
    if (module == NULL) return NULL;
    if (PyModule_AddIntConstant(module, "ABI", ABI) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
