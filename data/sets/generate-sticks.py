#!/usr/bin/env python3
"""Writes pentasticks.toml: every free pentastick (5 unit segments of the
square grid, connected through their end points), enumerated from scratch
(segments grown one neighbour at a time, classes under the 8 symmetries of
the square), drawn in polycover's stick art (docs/format.md, "Sticks").

Independent of polycover's Rust code: this script has its own coordinates,
neighbours and symmetries. It checks the class counts against OEIS A019918
(1, 2, 5, 16, 55 polysticks for n = 1..5). The pentasticks have no names
everyone uses; they are numbered P01 ... P55 in the order of their
canonical forms, with symbols 0-9, a-z, A-S.
"""

import string

# A segment is a pair of grid points (x, y), the smaller first.
def seg(p, q):
    return (p, q) if p < q else (q, p)

STEPS = [(1, 0), (0, 1), (-1, 0), (0, -1)]

def neighbours(s):
    out = []
    for p in s:
        for dx, dy in STEPS:
            t = seg(p, (p[0] + dx, p[1] + dy))
            if t != s:
                out.append(t)
    return out

SYMS = [lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y), lambda x, y: (y, -x),
        lambda x, y: (-x, y), lambda x, y: (y, x), lambda x, y: (x, -y), lambda x, y: (-y, -x)]

def canon(shape):
    best = None
    for f in SYMS:
        segs = [seg(f(*p), f(*q)) for p, q in shape]
        mx = min(min(p[0], q[0]) for p, q in segs)
        my = min(min(p[1], q[1]) for p, q in segs)
        t = tuple(sorted(((p[0] - mx, p[1] - my), (q[0] - mx, q[1] - my)) for p, q in segs))
        if best is None or t < best:
            best = t
    return best

def free(n):
    level = {canon([((0, 0), (1, 0))])}
    for _ in range(n - 1):
        nxt = set()
        for shape in level:
            for s in shape:
                for t in neighbours(s):
                    if t not in shape:
                        nxt.add(canon(list(shape) + [t]))
        level = nxt
    return sorted(level)

def art(shape):
    grid = {}
    for p, q in shape:
        mx, my = p[0] + q[0], p[1] + q[1]
        grid[(mx, my)] = '-' if mx % 2 else '|'
        grid[(2 * p[0], 2 * p[1])] = '+'
        grid[(2 * q[0], 2 * q[1])] = '+'
    w = max(x for x, _ in grid) + 1
    h = max(y for _, y in grid) + 1
    return '\n'.join(''.join(grid.get((x, y), ' ') for x in range(w)).rstrip() for y in range(h))

def main():
    counts = [len(free(n)) for n in range(1, 6)]
    assert counts == [1, 2, 5, 16, 55], counts
    symbols = string.digits + string.ascii_lowercase + string.ascii_uppercase
    out = [
        '# The 55 free pentasticks: the connected sets of five unit segments of the',
        '# square grid, turned and turned over as one (OEIS A019918). Written by',
        '# generate-sticks.py; numbered in the order of their canonical forms.',
        'set = "Pentasticks"',
        'lattice = "polysticks"',
        'source = "every free pentastick, enumerated by data/sets/generate-sticks.py (55, OEIS A019918)"',
        '',
    ]
    for i, shape in enumerate(free(5)):
        out += ['[[piece]]', f'name = "P{i + 1:02}"', f'symbol = "{symbols[i]}"',
                "art = '''", art(shape), "'''", '']
    with open('pentasticks.toml', 'w') as f:
        f.write('\n'.join(out))

if __name__ == '__main__':
    main()
