"""The statistics of a pentanomial match: Elo with its 95% margin and the SPRT's log-likelihood
ratio, as fastchess computes them, from the game-pair counts [LL, LD, WL+DD, WD, WW] alone.

`scripts/sprt.py` writes its change-table row from these and the counts of fastchess's saved
state, so that the row's figures always belong to its counts (fastchess prints its own report
only every 50 games and at the end of a match).

The examples are fastchess's own reports of three matches of this project in its normalized
model (docs/strength.md); `python3 -m doctest scripts/sprt_stats.py` checks them. The logistic
model's LLR has no such example here.

>>> "%+.2f ± %.2f" % elo_margin([18, 77, 144, 92, 19])
'+8.44 ± 17.32'
>>> round(llr([18, 77, 144, 92, 19], 0, 10), 2)
0.44
>>> "%+.2f ± %.2f, LLR %.2f" % (*elo_margin([14, 85, 195, 117, 37]), llr([14, 85, 195, 117, 37], 0, 10))
'+30.32 ± 15.18, LLR 2.99'
>>> round(llr([17, 89, 187, 143, 29], 0, 10), 2)
2.95
>>> verdict(2.95), verdict(-3.0), verdict(0.44)
('H1', 'H0', None)
>>> "(%.2f, %.2f)" % bounds()
'(-2.94, 2.94)'
"""

import math

# The score of a game pair for each pentanomial cell.
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
# Normalized Elo per unit of (score - 0.5) / standard deviation.
NELO_PER_T = 800 / math.log(10)
# A count of 0 is taken as this much, as fastchess does, so that every likelihood is positive.
EMPTY_CELL = 1e-3


def mean_and_variance(probabilities):
    """The mean and variance of a pair's score under `probabilities` (one per cell)."""
    mean = sum(x * p for x, p in zip(PAIR_SCORES, probabilities))
    return mean, sum(p * (x - mean) ** 2 for x, p in zip(PAIR_SCORES, probabilities))


def logistic_elo(score):
    """The Elo difference of an expected score."""
    return -400 * math.log10(1 / score - 1)


def elo_margin(penta):
    """Logistic Elo and the half-width of its 95% interval, from the pairs' scores."""
    pairs = sum(penta)
    mean, variance = mean_and_variance([n / pairs for n in penta])
    spread = 1.959964 * math.sqrt(variance / pairs)
    low, high = mean - spread, mean + spread
    if not 0 < low <= high < 1:
        return logistic_elo(min(max(mean, 1e-9), 1 - 1e-9)), math.inf
    return logistic_elo(mean), (logistic_elo(high) - logistic_elo(low)) / 2


def secular_root(a, p):
    """The x with sum p_i a_i / (1 + x a_i) = 0 and every 1 + x a_i > 0 (by bisection; the sum
    falls with x between its poles)."""
    low, high = -1 / max(a), -1 / min(a)
    total = lambda x: sum(pi * ai / (1 + x * ai) for ai, pi in zip(a, p))
    for _ in range(200):
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if total(mid) > 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def nearest_with(p, offsets):
    """The distribution of most likelihood for observed `p` under one linear constraint
    sum q_i offsets_i = 0: q_i = p_i / (1 + x offsets_i) for the root x."""
    x = secular_root(offsets, p)
    return [pi / (1 + x * ai) for ai, pi in zip(offsets, p)]


def nearest_with_t(p, t):
    """The distribution of most likelihood for observed `p` whose (mean - 0.5) / deviation is
    `t`: the constraint linearised around the current guess, until it settles."""
    q = [1 / len(p)] * len(p)
    for _ in range(100):
        mean, variance = mean_and_variance(q)
        sigma = math.sqrt(variance)
        offsets = [x - 0.5 - t * sigma * (1 + ((mean - x) / sigma) ** 2) / 2 for x in PAIR_SCORES]
        new = nearest_with(p, offsets)
        settled = max(abs(a - b) for a, b in zip(new, q)) < 1e-12
        q = new
        if settled:
            break
    return q


def llr(penta, elo0, elo1, model="normalized"):
    """The generalised SPRT's log-likelihood ratio of H1 (elo1) against H0 (elo0): the
    normalized model's bounds in nElo of game pairs, the logistic model's in plain Elo."""
    counts = [n if n > 0 else EMPTY_CELL for n in penta]
    total = sum(counts)
    p = [n / total for n in counts]
    if model == "normalized":
        t0, t1 = (math.sqrt(2) * e / NELO_PER_T for e in (elo0, elo1))
        q0, q1 = nearest_with_t(p, t0), nearest_with_t(p, t1)
    else:
        s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
        q0 = nearest_with(p, [x - s0 for x in PAIR_SCORES])
        q1 = nearest_with(p, [x - s1 for x in PAIR_SCORES])
    return total * sum(pi * math.log(b / a) for pi, a, b in zip(p, q0, q1))


# The SPRT's error rates: a false H1 (alpha) and a false H0 (beta).
ALPHA = BETA = 0.05


def bounds(alpha=ALPHA, beta=BETA):
    """The LLR's lower (H0 accepted) and upper (H1 accepted) bounds."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def verdict(llr_value, alpha=ALPHA, beta=BETA):
    """'H1' when the LLR reached the upper bound, 'H0' the lower one, else None."""
    lower, upper = bounds(alpha, beta)
    if llr_value >= upper:
        return "H1"
    if llr_value <= lower:
        return "H0"
    return None
