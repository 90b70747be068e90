#!/usr/bin/env python3
# extract.py GITDIR COMMIT DEST: write the tree of COMMIT into DEST, skipping
# blobs the snapshot lacks (files of 4 MiB and more); prints the skipped paths.
import os, subprocess, sys
gd, commit, dest = sys.argv[1:4]
ls = subprocess.run(["git", "--git-dir", gd, "ls-tree", "-r", "-z", "--full-tree", commit],
                    check=True, capture_output=True).stdout.split(b"\0")
entries = []
for e in ls:
    if not e:
        continue
    meta, path = e.split(b"\t", 1)
    mode, typ, sha = meta.split()
    entries.append((mode.decode(), typ.decode(), sha.decode(), path.decode()))
p = subprocess.Popen(["git", "--git-dir", gd, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for mode, typ, sha, path in entries:
    if typ != "blob":
        continue  # submodules
    p.stdin.write((sha + "\n").encode()); p.stdin.flush()
    hdr = p.stdout.readline().decode().split()
    if len(hdr) < 3 or hdr[1] == "missing":
        print("missing", path)
        continue
    data = p.stdout.read(int(hdr[2])); p.stdout.read(1)
    full = os.path.join(dest, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    if mode == "120000":
        if os.path.lexists(full): os.remove(full)
        os.symlink(data.decode(), full)
    else:
        with open(full, "wb") as f:
            f.write(data)
        if mode == "100755":
            os.chmod(full, 0o755)
p.stdin.close(); p.wait()
