#!/usr/bin/env python3
"""A family of six-piece burr sticks, as a BurrTools file: a disassembly
benchmark with many assemblies, most of which do not come apart.

    python3 benches/instances/burr-family.py K SEED > family.xmpuzzle

The result is the union of the six 2x2x8 sticks of the six-piece burr (three
pairs crossing in an 8x8x8 box, 152 cubes). Each of K random notchings gives
every cube claimed by several sticks to one of them at random (seeded by
SEED), which cuts the sticks into six pieces that fill the result; the
family is every piece so made, once up to rotation, each to be used at most
once. Pieces of different notchings often fit together too, so there are
many assemblies; random notches interlock, so few come apart.
"""
import itertools
import random
import sys

K, SEED = int(sys.argv[1]), int(sys.argv[2])
random.seed(SEED)
R = range(8)


def box(xs, ys, zs):
    return {(x, y, z) for x in xs for y in ys for z in zs}


STICKS = [
    box(R, range(2, 4), range(3, 5)), box(R, range(4, 6), range(3, 5)),
    box(range(3, 5), R, range(2, 4)), box(range(3, 5), R, range(4, 6)),
    box(range(2, 4), range(3, 5), R), box(range(4, 6), range(3, 5), R),
]
UNION = sorted(set().union(*STICKS))


def rotations():
    """The 24 rotations of space, as signed permutation matrices."""
    out = []
    for p in itertools.permutations(range(3)):
        for s in itertools.product([1, -1], repeat=3):
            m = [[s[i] if j == p[i] else 0 for j in range(3)] for i in range(3)]
            det = (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                   - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                   + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
            if det == 1:
                out.append(m)
    return out


ROTATIONS = rotations()


def normal(cells):
    lo = [min(c[i] for c in cells) for i in range(3)]
    return tuple(sorted(tuple(c[i] - lo[i] for i in range(3)) for c in cells))


def canonical(cells):
    """The piece up to rotation: its least normalised image."""
    return min(normal([tuple(sum(m[i][j] * c[j] for j in range(3)) for i in range(3))
                       for c in cells]) for m in ROTATIONS)


pieces = set()
for _ in range(K):
    owner = {c: random.choice([i for i, s in enumerate(STICKS) if c in s]) for c in UNION}
    for i in range(6):
        pieces.add(canonical([c for c in UNION if owner[c] == i]))


def voxel(name, cells):
    size = [max(c[i] for c in cells) + 1 for i in range(3)]
    filled = set(cells)
    text = "".join("#" if (x, y, z) in filled else "_"
                   for z in range(size[2]) for y in range(size[1]) for x in range(size[0]))
    return f'    <voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" type="0" name="{name}">{text}</voxel>'


lines = [
    '<?xml version="1.0"?>',
    f"<!-- Generated for polycover's benchmarks: benches/instances/burr-family.py {K} {SEED} -->",
    '<puzzle version="2">', '  <gridType type="0"/>', '  <colors/>', '  <shapes>',
    voxel("Burr", UNION),
]
family = sorted(pieces)
lines += [voxel(f"P{n + 1}", p) for n, p in enumerate(family)]
lines += ['  </shapes>', '  <problems>', f'    <problem name="family of {len(family)}">', '      <shapes>']
lines += [f'        <shape id="{n + 1}" min="0" max="1"/>' for n in range(len(family))]
lines += ['      </shapes>', '      <result id="0"/>', '    </problem>', '  </problems>', '</puzzle>']
print("\n".join(lines))
