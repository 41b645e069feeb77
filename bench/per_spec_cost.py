#!/usr/bin/env python3
"""What `logoc check --no-cache --jobs 1` costs per spec and what it costs
once, in instructions (callgrind), against its C floor (`check_floor`).

A project DIR (with `Specs/` and `logoc.yaml`, such as `make bench`'s
`mixed-10000`) is checked whole and as a like-for-like slice: its first
--groups folders of specs, with every folder that holds no spec (the
photos). The difference divided by the difference in spec files is the
cost of one more spec; what is left of the slice's cost is the fixed part.
Comparing two corpora written with different seeds instead mixes their
contents into the "fixed" part (a corpus with more photos per spec looks
like a larger fixed cost).

    python3 bench/per_spec_cost.py --logoc BIN --floor CHECK_FLOOR --project DIR [--groups 10]

Needs valgrind and binutils (bench/callgrind_count.sh). Takes about a
minute for a project of 10,000 specs. Prints a Markdown table.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# Stages of a check, by a piece of their mangled Swift name (inclusive costs).
STAGES = [
    ("a spec checked (front end, all below)", r"SpecCheckerV5checkyAA9FileCheck"),
    ("  file read, YAML into nodes", r"SpecCheckerV8readYAML"),
    ("    libyaml's parser (the floor runs it too)", r"^yaml_parser_parse$"),
    ("  the document's checks", r"SpecCheckerV13checkDocument"),
    ("    typed syntax decoded", r"SyntaxDecoderV4logoyAA04LogoC0VAA8YAMLNodeVF$"),
    ("    `extends`: the partials read and merged into a base", r"SpecCheckerV11extendsBase"),
    ("    mappings merged (`NodeMerger.merge`, from the document's checks)", r"^\$s13LogocFrontend10NodeMergerO5merge__3key"),
    ("    validated", r"ValidatorV8validate_4name"),
    ("    resolved to a render tree", r"ResolverV7resolvey"),
    ("texts and pictures measured (contrast, text size)", r"BuildExecutorC4draw_7context"),
]
# Exclusive costs of the runtime's memory management.
RUNTIME = ["swift_retain", "swift_release", "swift_bridgeObjectRetain", "swift_bridgeObjectRelease",
           "malloc", "_int_malloc", "free", "_int_free", "cfree"]
# Calls counted.
CALLED = ["swift_retain", "swift_release", "malloc"]


def spec_files(folder):
    return sum(1 for _, _, files in os.walk(folder) for f in files if f.endswith((".yaml", ".yml")))


def make_slice(project, groups, into):
    """The project with only its first `groups` folders of specs."""
    shutil.copy(os.path.join(project, "logoc.yaml"), into)
    specs = os.path.join(project, "Specs")
    os.mkdir(os.path.join(into, "Specs"))
    taken = 0
    for name in sorted(os.listdir(specs)):
        source = os.path.join(specs, name)
        if not os.path.isdir(source):
            continue
        if spec_files(source) == 0:
            shutil.copytree(source, os.path.join(into, "Specs", name))
        elif taken < groups:
            shutil.copytree(source, os.path.join(into, "Specs", name))
            taken += 1


ROW = re.compile(r"\s*([\d,]+) \([ \d.]+%\)\s+(?:\S*:)?(\S+)")


def annotated(profile, inclusive):
    """(instructions, function) of each line of `callgrind_annotate`."""
    text = subprocess.run(["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}", "--threshold=100", profile],
                          check=True, capture_output=True, text=True).stdout
    return [(int(m.group(1).replace(",", "")), m.group(2)) for m in map(ROW.match, text.splitlines()) if m]


def callgrind(command, cwd, profile):
    """The command's total instructions, inclusive and exclusive ones by function, and its calls into CALLED."""
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=dict(os.environ, LC_ALL="C"))
    inclusive = {}
    for cost, name in annotated(profile, inclusive=True):
        inclusive.setdefault(name, cost)  # the first line of a name is its whole cost
    exclusive = collections.Counter()
    for cost, name in annotated(profile, inclusive=False):
        exclusive[name] += cost
    return exclusive["PROGRAM"], inclusive, exclusive, calls(profile)


def calls(profile):
    """Calls into CALLED, from the profile's `calls=` lines. Names are
    compressed: `(n) name` the first time, in an `fn=` or a `cfn=` line,
    and `(n)` after."""
    names, counted, target = {}, collections.Counter(), None
    for line in open(profile, errors="replace"):
        if line.startswith(("fn=", "cfn=")):
            written = line.split("=", 1)[1].strip()
            m = re.match(r"\((\d+)\)(?: (.*))?", written)
            if m and m.group(2):
                names[m.group(1)] = m.group(2)
            if line.startswith("cfn="):
                target = names.get(m.group(1)) if m else written
        elif line.startswith("calls=") and target in CALLED:
            counted[target] += int(line[6:].split()[0])
    return counted


def stage(inclusive, pattern):
    found = [cost for name, cost in inclusive.items() if re.search(pattern, name) and "'" not in name]
    return max(found, default=0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logoc", required=True)
    parser.add_argument("--floor", required=True, help="check_floor, compiled from bench/check_floor.c")
    parser.add_argument("--project", required=True)
    parser.add_argument("--groups", type=int, default=10, help="folders of specs in the slice (default 10)")
    args = parser.parse_args()
    logoc, floor, project = (os.path.abspath(p) for p in (args.logoc, args.floor, args.project))
    with tempfile.TemporaryDirectory() as tmp:
        part = os.path.join(tmp, "slice")
        os.mkdir(part)
        make_slice(project, args.groups, part)
        runs = {}
        for label, folder in (("slice", part), ("whole", project)):
            files = spec_files(os.path.join(folder, "Specs"))
            profile = os.path.join(tmp, label + ".logoc")
            checked = callgrind([os.path.join(HERE, "callgrind_count.sh"), "--profile", profile, logoc,
                                 "check", "--no-cache", "--jobs", "1", "Specs"], folder, profile)
            profile = os.path.join(tmp, label + ".floor")
            floored = callgrind(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + profile, floor, "Specs"],
                                folder, profile)
            runs[label] = (files, checked, floored)
    (n0, a, fa), (n1, b, fb) = runs["slice"], runs["whole"]
    if n1 <= n0:
        sys.exit("per_spec_cost: the slice has as many spec files as the project; lower --groups")

    def split(x0, x1):
        per = (x1 - x0) / (n1 - n0)
        return per, x0 - per * n0

    print(f"{n0:,} and {n1:,} spec files (slice and whole), `check --no-cache --jobs 1`, instructions\n")
    print("| | per spec | fixed |\n|---|---:|---:|")
    per, fixed = split(a[0], b[0])
    print(f"| **logoc check, all** | **{per / 1e3:,.1f} k** | **{fixed / 1e6:,.0f} M** |")
    floor_per, floor_fixed = split(fa[0], fb[0])
    print(f"| **C floor, all** | **{floor_per / 1e3:,.1f} k** | **{floor_fixed / 1e6:,.1f} M** |")
    for name, pattern in STAGES:
        p, f = split(stage(a[1], pattern), stage(b[1], pattern))
        print(f"| {name.replace('  ', '&nbsp;&nbsp;')} | {p / 1e3:,.1f} k | {f / 1e6:,.0f} M |")
    p, f = split(sum(a[2][n] for n in RUNTIME), sum(b[2][n] for n in RUNTIME))
    print(f"| retain, release, malloc and free (their own instructions) | {p / 1e3:,.1f} k | {f / 1e6:,.0f} M |")
    for name in CALLED:
        p, _ = split(a[3][name], b[3][name])
        print(f"| calls of `{name}` | {p:,.0f} | |")
    print(f"\nlogoc / floor, per spec: {per / floor_per:.2f}; whole project: {b[0] / fb[0]:.2f}")


if __name__ == "__main__":
    main()
