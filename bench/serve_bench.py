#!/usr/bin/env python3
"""`logoc serve` under load (issue 20), run by `make bench` (bench/run.py) or alone:

    python3 bench/serve_bench.py --logoc .build/release/logoc [--quick]

In one run, on the same machine, with Debian's wrk:
  * the limit: logoc's own render time per avatar, `logoc build --data
    --template --jobs 1 --timings` of N names at 128 px (its resolve, measure,
    draw and encodePNG stages: what drawing one PNG costs, not the build's
    file writing), and the most any server could answer with that per core:
    cores / time per avatar (requests per second);
  * uncached: wrk, 64 connections, a Lua script giving each request a new
    name, against the template URL at 128 px: requests/s against the limit
    (goal >= 0.7), p99 latency (goal <= 50 ms), errors (goal 0);
  * two render workers against one (goal >= 1.8x), as one worker per core:
    `--jobs 1` held to one core (`taskset -c 0`) against `--jobs 2` on both,
    wrk free to run anywhere in both; and both on both cores, with the CPU
    seconds of wrk, of the server's render workers and of the rest of the
    server (its event loops) during each run. Unpinned, the one-worker
    server has a second core to itself for its HTTP work and wrk, so that
    ratio is bound by 2·r / (r + o) (docs/serving.md), not by the workers;
  * the render pool alone, without HTTP: `logoc-bench-render` (bench/render)
    draws the same template avatars by 1 and by 2 threads in one process,
    the throughput ratio (the same goal), and the share of a render spent
    under a font lock;
  * cached: one URL repeated against the same PNG served by nginx as a
    static file (goal >= 0.5x), both servers up, measured in turn (logoc,
    nginx, three times): the median of the pairs' ratios. nginx is
    set up as a static server at its best, and both sides alike: a worker
    per core (logoc: an event loop per core), no access log, keep-alive
    connections never closed by the server for a count of requests
    (nginx's `keepalive_requests` is 1,000 by default), `sendfile` and
    `open_file_cache` (logoc keeps the encoded picture in memory).
wrk runs on the same two cores as the server: its own CPU time is part of
every figure (docs/serving.md says how to read them).
"""

import argparse
import glob
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TEMPLATE = """template: true
size: 128
background: auto
text: {color: auto}
output: {formats: [png]}
"""
# The stages of drawing one avatar's PNG in `build --timings` (not parsing
# the CSV, writing files, the manifest or the gallery, which serve does not do).
RENDER_STAGES = ("resolve", "measure", "draw", "encodePNG")

LUA = r"""
-- Each request a new name: thread id and a counter, so no two requests share a picture.
local threads = {}
local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end
local counter = 0
function request()
  counter = counter + 1
  return wrk.format("GET", "/people/avatar/128/Person%20" .. id .. "%20" .. counter .. ".png")
end
"""

DONE = r"""
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRKJSON {\"requests\": %d, \"seconds\": %f, \"p50\": %f, \"p99\": %f, \"connect\": %d, \"read\": %d, \"write\": %d, \"status\": %d, \"timeout\": %d}\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(99) / 1e3,
    e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def thread_cpu(pid):
    """CPU seconds of each thread of `pid` by name (/proc/PID/task/*/stat, utime + stime)."""
    tick = os.sysconf("SC_CLK_TCK")
    seconds = {}
    for stat in glob.glob(f"/proc/{pid}/task/*/stat"):
        try:
            with open(stat) as fh:
                text = fh.read()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        seconds[name] = seconds.get(name, 0) + (int(fields[11]) + int(fields[12])) / tick
    return seconds


def server_cpu(before, after):
    """CPU seconds between two `thread_cpu` readings: the render workers and the rest of the server."""
    delta = {k: after.get(k, 0) - before.get(k, 0) for k in after}
    render = sum(v for k, v in delta.items() if k.startswith("logoc-render"))
    return {"renderCpu": render, "serverOtherCpu": sum(delta.values()) - render}


def wrk(url, seconds, connections, script, threads=2, pid=None):
    """wrk's figures: requests/s, p50 and p99 in ms, errors (socket and non-2xx/3xx);
    with `pid`, the CPU seconds of wrk and of that server during the run."""
    cmd = ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "10s", "-s", script, url]
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    before = thread_cpu(pid) if pid else None
    out = subprocess.run(cmd, capture_output=True, text=True)
    after = thread_cpu(pid) if pid else None
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    line = next((l for l in out.stdout.splitlines() if l.startswith("WRKJSON ")), None)
    if line is None:
        raise RuntimeError("wrk printed no summary:\n" + out.stdout + out.stderr)
    r = json.loads(line[len("WRKJSON "):])
    r["rps"] = r["requests"] / r["seconds"]
    r["errors"] = r["connect"] + r["read"] + r["write"] + r["status"] + r["timeout"]
    if pid:
        r["wrkCpu"] = (used.ru_utime + used.ru_stime) - (children.ru_utime + children.ru_stime)
        r.update(server_cpu(before, after))
    return r


def render_scaling(bench, template, quick):
    """`logoc-bench-render`: the same avatars by 1 and by 2 threads in one process (no HTTP)."""
    cmd = [bench, "--template", template, "--count", "500" if quick else "2000", "--threads", "2", "--rounds", "2" if quick else "3"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        return {"skipped": "logoc-bench-render failed: " + out.stderr[-500:]}
    r = json.loads(out.stdout.strip().splitlines()[-1])
    r["loadAverage"] = os.getloadavg()[0]
    return r


class Server:
    """`logoc serve` on a free port until stopped (SIGTERM)."""

    def __init__(self, logoc, root, jobs, flags=(), cpus=None):
        """`cpus`: the cores the server may run on (`taskset -c`), all when None."""
        pin = ["taskset", "-c", cpus] if cpus is not None else []
        self.proc = subprocess.Popen([*pin, logoc, "serve", "Specs", "--port", "0", "--jobs", str(jobs), "--queue", "1024",
                                      "--log-level", "error", *flags], cwd=root, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r":(\d+)\s*$", line)
        if not m:
            self.proc.kill()
            raise RuntimeError("logoc serve did not start: " + line)
        self.port = int(m.group(1))

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)


def nginx_static(folder, port):
    """nginx serving `folder` as static files on `port` (same machine, same wrk)."""
    prefix = os.path.join(folder, "nginx")
    for sub in ("logs", "tmp"):
        os.makedirs(os.path.join(prefix, sub), exist_ok=True)
    conf = os.path.join(prefix, "nginx.conf")
    with open(conf, "w") as fh:
        fh.write(f"""worker_processes auto;
pid logs/nginx.pid;
error_log logs/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  sendfile on;
  tcp_nopush on;
  open_file_cache max=64 inactive=60s;
  open_file_cache_valid 60s;
  keepalive_timeout 60s;
  keepalive_requests 1000000;
  client_body_temp_path tmp/body; proxy_temp_path tmp/proxy; fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi; scgi_temp_path tmp/scgi;
  types {{ image/png png; }}
  etag on;
  server {{ listen 127.0.0.1:{port}; root {folder}/static; }}
}}
""")
    proc = subprocess.Popen(["nginx", "-p", prefix + "/", "-c", conf, "-e", "stderr", "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(0.5)
    return proc


def free_port():
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def run(logoc, quick=False, seconds=None, names=None, render_bench=None):
    seconds = seconds or (3 if quick else 10)
    names = names or (200 if quick else 1000)
    cores = os.cpu_count() or 1
    if not shutil.which("wrk") or not shutil.which("nginx"):
        return {"skipped": "wrk or nginx is missing (make deps installs both)"}
    work = tempfile.mkdtemp(prefix="logoc-serve-bench-")
    # nginx started by root runs its workers as `nobody`: they must be able
    # to read the static file (mkdtemp makes the folder 0700).
    os.chmod(work, 0o755)
    try:
        os.makedirs(os.path.join(work, "Specs/people"))
        with open(os.path.join(work, "Specs/people/avatar.yaml"), "w") as fh:
            fh.write(TEMPLATE)
        with open(os.path.join(work, "people.csv"), "w") as fh:
            fh.write("name\n" + "".join(f"Person {i}\n" for i in range(names)))
        lua = os.path.join(work, "names.lua")
        with open(lua, "w") as fh:
            fh.write(LUA + DONE)
        same = os.path.join(work, "same.lua")
        with open(same, "w") as fh:
            fh.write(DONE)

        # The limit: logoc's own time per avatar at --jobs 1 (best of 3).
        per = []
        for _ in range(3):
            out = os.path.join(work, "out")
            shutil.rmtree(out, ignore_errors=True)
            t0 = time.perf_counter()
            b = subprocess.run([logoc, "build", "--data", "people.csv", "--template", "Specs/people/avatar.yaml", "-o", out,
                                "--jobs", "1", "-q", "--timings"], cwd=work, capture_output=True, text=True)
            if b.returncode != 0:
                return {"skipped": "logoc build --data failed: " + b.stderr[-500:]}
            wall = (time.perf_counter() - t0) / names
            stages = json.loads(b.stderr.strip().splitlines()[-1])["stages"]
            per.append((sum(stages[k] for k in RENDER_STAGES) / 1000 / names, wall))
        per_avatar, wall_per_avatar = min(per)
        limit = cores / per_avatar
        log(f"serve bench: {per_avatar * 1000:.2f} ms per avatar at --jobs 1, limit {limit:.0f} req/s on {cores} cores")

        result = {"cores": cores, "perAvatarMs": per_avatar * 1000, "buildWallPerAvatarMs": wall_per_avatar * 1000,
                  "limitRps": limit, "seconds": seconds}
        for jobs in (1, 2):
            server = Server(logoc, work, jobs)
            try:
                base = f"http://127.0.0.1:{server.port}"
                wrk(base + "/people/avatar/128/Warm.png", 1, 4, lua)
                result[f"uncachedJobs{jobs}"] = wrk(base + "/people/avatar/128/x.png", seconds, 64, lua, pid=server.proc.pid)
                if jobs == 2:
                    # The same PNG for nginx.
                    os.makedirs(os.path.join(work, "static"), exist_ok=True)
                    import urllib.request
                    png = urllib.request.urlopen(base + "/people/avatar/128/Same%20Name.png").read()
                    with open(os.path.join(work, "static/same.png"), "wb") as fh:
                        fh.write(png)
            finally:
                result[f"exitJobs{jobs}"] = server.stop()
        if cores >= 2 and shutil.which("taskset"):
            # One worker on one core: the server held to core 0 (wrk free to
            # run anywhere, as in every run), against two workers on both.
            server = Server(logoc, work, 1, cpus="0")
            try:
                base = f"http://127.0.0.1:{server.port}"
                wrk(base + "/people/avatar/128/Warm.png", 1, 4, lua)
                result["uncachedJobs1OneCore"] = wrk(base + "/people/avatar/128/x.png", seconds, 64, lua, pid=server.proc.pid)
            finally:
                result["exitJobs1OneCore"] = server.stop()
            result["twoOverOnePerCore"] = result["uncachedJobs2"]["rps"] / result["uncachedJobs1OneCore"]["rps"]
        result.update(cached_rounds(logoc, work, same, seconds, rounds=2 if quick else 3))
        u = result.get(f"uncachedJobs{min(2, cores)}")
        result["uncachedOverLimit"] = u["rps"] / limit
        result["p99Ms"] = u["p99"]
        result["errors"] = u["errors"]
        result["twoOverOne"] = result["uncachedJobs2"]["rps"] / result["uncachedJobs1"]["rps"]
        if render_bench and os.path.exists(render_bench):
            result["renderOnly"] = render_scaling(render_bench, os.path.join(work, "Specs/people/avatar.yaml"), quick)
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def cached_rounds(logoc, work, script, seconds, rounds):
    """One URL repeated: `logoc serve --jobs 2` (the picture in its cache) and
    nginx serving the same PNG as a static file, both running, measured in
    turn `rounds` times (logoc, nginx, logoc, nginx, ...): the ratio of each
    pair, and their median, so a burst of other load touches one pair, not
    the figure."""
    server = Server(logoc, work, 2)
    port = free_port()
    ngx = nginx_static(work, port)
    try:
        logoc_url = f"http://127.0.0.1:{server.port}/people/avatar/128/Same%20Name.png"
        nginx_url = f"http://127.0.0.1:{port}/same.png"
        wrk(logoc_url, 1, 4, script)
        pairs = []
        for _ in range(rounds):
            mine, theirs = wrk(logoc_url, seconds, 64, script), wrk(nginx_url, seconds, 64, script)
            for name, r in (("logoc", mine), ("nginx", theirs)):
                if r["errors"]:
                    # A figure of error answers compares nothing.
                    raise RuntimeError(f"{name} answered {r['errors']} requests with an error")
            pairs.append({"logoc": mine, "nginx": theirs, "ratio": mine["rps"] / theirs["rps"]})
    finally:
        exit_code = server.stop()
        ngx.send_signal(signal.SIGQUIT)
        ngx.wait(timeout=30)
    middle = sorted(pairs, key=lambda p: p["ratio"])[len(pairs) // 2]
    return {"cachedRounds": pairs, "cachedLogoc": middle["logoc"], "cachedNginx": middle["nginx"],
            "cachedOverNginx": middle["ratio"], "exitCached": exit_code}


def rows(r):
    """(label, value) rows for bench/run.py's table, and the goals met."""
    if "skipped" in r:
        return [("logoc serve", "skipped: " + r["skipped"])]
    u = r["uncachedJobs2"]
    return [
        ("serve: logoc's render time per avatar PNG at 128 px, --jobs 1 (build --data --timings)",
         f"{r['perAvatarMs']:.2f} ms (whole build {r['buildWallPerAvatarMs']:.2f} ms); limit {r['limitRps']:.0f} req/s on {r['cores']} cores"),
        ("serve uncached (wrk, 64 connections, a new name each request) / limit (goal >= 0.7)",
         f"{r['uncachedOverLimit']:.2f} ({u['rps']:.0f} req/s)"),
        ("serve uncached p99 (goal <= 50 ms)", f"{r['p99Ms']:.1f} ms (p50 {u['p50']:.1f} ms)"),
        ("serve uncached errors (goal 0)", f"{r['errors']}"),
        *([("serve two workers on two cores / one worker on one core (--jobs 1 under taskset -c 0), uncached (goal >= 1.8)",
            f"{r['twoOverOnePerCore']:.2f} ({r['uncachedJobs1OneCore']['rps']:.0f} → {u['rps']:.0f} req/s)")] if "twoOverOnePerCore" in r else []),
        ("serve --jobs 2 / --jobs 1, both on both cores, uncached (bound by the CPU split below)",
         f"{r['twoOverOne']:.2f} ({r['uncachedJobs1']['rps']:.0f} → {u['rps']:.0f} req/s)"),
        *[(f"serve --jobs {j}: CPU seconds of wrk / render workers / rest of the server",
           f"{r[f'uncachedJobs{j}']['wrkCpu']:.1f} / {r[f'uncachedJobs{j}']['renderCpu']:.1f} / {r[f'uncachedJobs{j}']['serverOtherCpu']:.1f}"
           f" ({r['seconds']} s run)") for j in (1, 2) if "wrkCpu" in r[f"uncachedJobs{j}"]],
        *scaling_rows(r),
        *render_rows(r.get("renderOnly")),
        ("serve cached (one URL) / nginx static file, median of alternated pairs (goal >= 0.5)",
         f"{r['cachedOverNginx']:.2f} ({r['cachedLogoc']['rps']:.0f} / {r['cachedNginx']['rps']:.0f} req/s; pairs "
         + ", ".join(f"{p['ratio']:.2f}" for p in r["cachedRounds"]) + ")"),
    ]


def scaling_rows(r):
    """What `--jobs 2 / --jobs 1` can be when wrk shares the two cores:
    per request, the render workers' CPU (r) and everything else's (o: the
    rest of the server and wrk). One worker is bound by its own r (one core
    for it, the other for the rest); two share both cores with the rest,
    so two workers give about 2·r₁ / (r₂ + o₂) times one, and 1.8 needs
    o₂ ≤ r/9."""
    j1, j2 = r["uncachedJobs1"], r["uncachedJobs2"]
    if not j1.get("renderCpu") or not j2.get("renderCpu") or not j1["requests"] or not j2["requests"]:
        return []
    r1 = j1["renderCpu"] / j1["requests"]
    r2 = j2["renderCpu"] / j2["requests"]
    server2, wrk2 = j2["serverOtherCpu"] / j2["requests"], j2["wrkCpu"] / j2["requests"]
    return [("serve CPU per request, --jobs 1 / --jobs 2: render workers r; --jobs 2: rest of the server, wrk",
             f"r {r1 * 1e6:.0f} / {r2 * 1e6:.0f} µs; rest {server2 * 1e6:.0f} µs, wrk {wrk2 * 1e6:.0f} µs; "
             f"expected --jobs 2 / --jobs 1 from these, 2·r₁/(r₂+o₂): {2 * r1 / (r2 + server2 + wrk2):.2f}; "
             f"1.8 would need o₂ <= {r2 / 9 * 1e6:.0f} µs (--jobs 1: the worker busy {j1['renderCpu'] / j1['seconds']:.2f} of a core)")]


def render_rows(o):
    """The render-only rows (logoc-bench-render)."""
    if not o:
        return []
    if "skipped" in o:
        return [("render only, 2 threads / 1 thread", "skipped: " + o["skipped"])]
    return [
        ("render only (logoc-bench-render, 128 px template PNGs), 2 threads / 1 thread (goal >= 1.8)",
         f"{o['ratio']:.2f} ({o['one']['perSecond']:.0f} → {o['many']['perSecond']:.0f} avatars/s; load {o['loadAverage']:.1f})"),
        ("render only: share of render CPU under a font lock, 1 thread / waiting for it, 2 threads",
         f"{o['one']['lockHeldShare'] * 100:.1f} % / {o['many']['lockWaitShare'] * 100:.1f} %"),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--logoc", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build/release/logoc"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seconds", type=int)
    ap.add_argument("--render-bench", help="logoc-bench-render (bench/render); default: next to --logoc when it is there")
    args = ap.parse_args()
    render_bench = args.render_bench or os.path.join(os.path.dirname(os.path.abspath(args.logoc)), "logoc-bench-render")
    r = run(os.path.abspath(args.logoc), quick=args.quick, seconds=args.seconds, render_bench=render_bench)
    for label, value in rows(r):
        print(f"{label}: {value}")
    print(json.dumps(r, indent=1))


if __name__ == "__main__":
    main()
