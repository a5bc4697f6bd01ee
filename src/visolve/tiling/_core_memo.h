/* visolve.tiling._core: the counting memo (see _core.c).  A lossy cache:
 * one slot per hash, the last state stored wins; a hit needs the whole key. */

static inline uint64_t memo_hash(uint64_t covered, uint32_t used, uint64_t sig)
{
    uint64_t h = covered * 0x9E3779B97F4A7C15ULL ^ (used + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= sig * 0x165667B19E3779F9ULL;
    return h ^ (h >> 29);
}

static inline uint64_t c_free(const Ctx *x, uint64_t covered) { return x->c->full & ~covered; }

/* the memo key's last part after laying placement k of piece p (a piece with conflicts):
 * for one clique, the cells next to its laid pieces (only the free ones count, see
 * memo_find); else where each such piece lies */
static inline uint64_t memo_sig(const Ctx *x, uint64_t sig, int k, int p)
{
    if (!x->memo)
        return sig;
    if (x->memo->clique)
        return sig | x->c->halos[k];
    return sig | (uint64_t)(k + 1) << (16 * x->memo->rank[p]);
}

/* the memo slot of a state (NULL: no memo or too few free cells); *hit when it holds it */
static Slot *memo_find(Ctx *x, uint64_t covered, uint32_t used, uint64_t sig, uint64_t free,
                       int *hit)
{
    if (!x->memo || __builtin_popcountll(free) < MEMO_MIN_FREE)
        return NULL;
    if (x->memo->clique)
        sig &= free;
    Slot *slot = x->memo->slots + (memo_hash(covered, used, sig) & x->memo->mask);
    *hit = slot->full && slot->covered == covered && slot->used == used && slot->sig == sig;
    return slot;
}

static void memo_store(const Ctx *x, Slot *slot, uint64_t covered, uint32_t used, uint64_t sig,
                       long long total)
{
    if (!slot)
        return;
    if (x->memo->clique)
        sig &= c_free(x, covered);
    slot->covered = covered;
    slot->used = used;
    slot->sig = sig;
    slot->full = 1;
    slot->count = total;
}

/* a memo for counting, when its key can say where every piece with conflicts lies */
static int memo_open(Memo *mo, const Ctx *x, size_t slots)
{
    int next = 0;
    uint32_t group = 0;
    mo->slots = NULL;
    mo->mask = slots - 1;
    for (int p = 0; p < x->c->npieces; p++)
        if (x->conflicts[p])
            group |= 1u << p;
    mo->clique = 1;
    for (int p = 0; p < x->c->npieces; p++)
        if (x->conflicts[p] && x->conflicts[p] != (group & ~(1u << p)))
            mo->clique = 0;
    for (int p = 0; p < x->c->npieces && !mo->clique; p++) {
        mo->rank[p] = -1;
        if (x->conflicts[p]) {
            if (next >= MEMO_RANKS || x->c->nplace >= 0xffff)
                return 0;
            mo->rank[p] = next++;
        }
    }
    mo->slots = PyMem_Calloc(slots, sizeof(Slot));
    return mo->slots ? 0 : -1;
}
