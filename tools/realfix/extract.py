#!/usr/bin/env python3
"""Extract parent/fix trees for each case in cases.json (paths only, small)."""
import json, os, subprocess, sys, shutil

MIRROR = "/work/.mirror"
ROOT = os.environ.get("REALFIX_DIR", "/work/realfix")

def git(gd, *args, text=True):
    return subprocess.run(["git", "--git-dir", gd] + list(args), check=True,
                          capture_output=True, text=text).stdout

def expand(gd, rev, spec):
    """spec: 'dir/' recursive dir, 'dir/*' non-recursive files of dir, or a file path."""
    if spec == "*" or spec.endswith("/*"):
        d = spec[:-2] if spec != "*" else ""
        out = git(gd, "ls-tree", rev, *([d + "/"] if d else []))
        files = []
        for line in out.splitlines():
            meta, path = line.split("\t", 1)
            if meta.split()[1] == "blob":
                files.append(path)
        return files
    out = git(gd, "ls-tree", "-r", "--name-only", rev, "--", spec.rstrip("/"))
    return out.splitlines()

def main():
    cases = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json")))
    only = set(sys.argv[1:])
    for c in cases:
        if only and c["id"] not in only:
            continue
        gd = os.path.join(MIRROR, c["mirror"], "repo")
        fix = git(gd, "rev-parse", c["fix"]).strip()
        parent = git(gd, "rev-parse", fix + "^").strip()
        c["fix_full"], c["parent_full"] = fix, parent
        for name, rev in (("parent", parent), ("fix", fix)):
            dest = os.path.join(ROOT, "cases", c["id"], name)
            if os.path.exists(dest):
                shutil.rmtree(dest)
            os.makedirs(dest)
            files = []
            for spec in c["paths"]:
                files += expand(gd, rev, spec)
            files = sorted(set(files))
            if c["file"] not in files:
                raise SystemExit(f"{c['id']}: {c['file']} missing at {name}")
            tar = subprocess.run(["git", "--git-dir", gd, "archive", rev, "--"] + files,
                                 check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", dest], input=tar, check=True)
        print(c["id"], parent[:12], fix[:12])
    json.dump(cases, open(os.path.join(ROOT, "cases.resolved.json"), "w"), indent=1)

if __name__ == "__main__":
    main()
