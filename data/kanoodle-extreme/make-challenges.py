#!/usr/bin/env python3
"""Makes booklet-style challenges for the Kanoodle Extreme pyramid: a
solution printed by `polycover solve pyramid.toml --limit N` with only
some pieces kept in place.

    polycover solve pyramid.toml --limit 20000 > solutions.txt
    python3 make-challenges.py solutions.txt

The 2-piece challenges are chosen as a booklet's designer would: the pair
of pieces that leaves the fewest solutions, among all 66 pairs of solutions
1, 5000, 10000 and 15000 (about 1,100 to 40,000 solutions are left; a pair
taken at random typically leaves tens of thousands). The real booklet's
level 100 is booklet-level-100.toml (3 pieces placed, 107 solutions).

The expected counts in the files are NOT computed here (nor by polycover's
exact-cover code): crates/polyform/tests/kanoodle_extreme.rs counts each
challenge with its own brute-force search and its own placement rule.
"""
import sys

# (file, solution number, pieces kept in place, solutions, seconds): the
# solution counts are those of the brute force in
# crates/polyform/tests/kanoodle_extreme.rs (which checks them); the
# seconds are no longer written (the size of each search, `[expect]
# nodes`, is recorded by `polycover verify --update data/kanoodle-extreme`
# after generating).
CHALLENGES = [
    ("challenge-01.toml", 1, "LYOBDRUWEP", 1, 0.01),
    ("challenge-02.toml", 1, "LYODRUA", 1, 0.01),
    ("challenge-03.toml", 500, "LBPYO", 6, 0.01),
    ("challenge-04.toml", 1200, "LBP", 677, 0.1),
    ("challenge-05.toml", 5000, "OW", 1920, 0.1),
    ("challenge-06.toml", 5000, "GO", 1605, 0.2),
    ("challenge-07.toml", 15000, "GY", 1404, 0.3),
]

def solutions(text):
    """Each solution as rows[r][layer]: the picture has the layers side by
    side, each as wide as the bottom row of the bottom layer, 2 blanks
    apart, blanks between spheres and lines trimmed."""
    out, cur = {}, []
    for line in text.splitlines() + ["solution end:"]:
        if line.startswith("solution "):
            if cur:
                w = len(cur[-1])
                layers = (len(cur[0]) + 2 + w) // (w + 2)
                out[number] = [
                    [l.ljust(layers * (w + 2))[k * (w + 2):k * (w + 2) + w].replace(" ", ".")
                     for k in range(layers)]
                    for l in cur]
            number, cur = line.split()[1].rstrip(":"), []
        elif line.strip():
            cur.append(line)
    return {int(k): v for k, v in out.items()}

sols = solutions(open(sys.argv[1]).read())
for name, number, keep, count, seconds in CHALLENGES:
    rows = sols[number]  # rows[r][layer]
    layers = []
    for layer in range(len(rows[0])):
        block = []
        for r in range(len(rows)):
            block.append("".join(ch if ch in keep or ch == "." else "#" for ch in rows[r][layer]))
        layers.append("\n".join(block))
    art = "\n\n".join(layers)
    to_go = 12 - len(keep)
    level = f"{len(keep)} pieces placed, {to_go} to go"
    open(name, "w").write(f'''name = "Kanoodle Extreme pyramid challenge {name[10:12]} ({level})"
lattice = "fcc-triangle"
source = "constructed for polycover: solution {number} of `polycover solve pyramid.toml --limit 20000` with pieces {' '.join(keep)} kept in place (make-challenges.py), in the style of the booklet's 3D challenges"
notes = "Layers bottom first; in each layer a sphere rests on the sphere drawn at the same place in the layer below and the two drawn below that one."

[board]
art = """
{art}
"""

[[use]]
set = "../sets/kanoodle-extreme.toml"

[expect]
solutions = {count}
source = "independent brute-force search with its own placement rule (crates/polyform/tests/kanoodle_extreme.rs), not the exact-cover code"
''')
