#!/usr/bin/env python3
"""The cost of `build --remote-cache` (issue 21 part 3, docs/performance.md).

    python3 bench/remote_bench.py --logoc .build/release/logoc --project /tmp/corpus-remote/mixed-1000 [--rounds 3] [--jobs 2]

Starts Debian's nginx as a WebDAV remote cache on a loopback port (in a
temporary folder, removed after), then, alternating in each round, times
three cold builds of the project into an empty output folder:

  local     no remote cache (the baseline);
  upload    an empty remote cache: every spec a miss, drawn and uploaded;
  download  the cache the upload run filled: every spec a hit, nothing drawn.

Prints, per kind, the median wall time and CPU time (user + system of the
logoc process) and their ratios to `local`, with the load average.
"""
import argparse, os, resource, shutil, socket, statistics, subprocess, sys, tempfile, time


from serve_bench import free_port  # the same loopback port picker


def start_nginx(prefix):
    port = free_port()
    for d in ("logs", "tmp", "store"):
        os.makedirs(os.path.join(prefix, d), exist_ok=True)
    user = "user root root;" if os.geteuid() == 0 else ""
    conf = f"""{user}
worker_processes 2;
pid {prefix}/nginx.pid;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/tmp/body;
    proxy_temp_path {prefix}/tmp/proxy;
    fastcgi_temp_path {prefix}/tmp/fastcgi;
    uwsgi_temp_path {prefix}/tmp/uwsgi;
    scgi_temp_path {prefix}/tmp/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {prefix}/store;
        client_max_body_size 0;
        location /cache/ {{ dav_methods PUT; create_full_put_path on; dav_access user:rw; }}
    }}
}}
"""
    with open(os.path.join(prefix, "nginx.conf"), "w") as f:
        f.write(conf)
    proc = subprocess.Popen(["nginx", "-p", prefix + "/", "-c", prefix + "/nginx.conf", "-e", "stderr", "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return proc, port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    sys.exit("nginx did not start")


def timed(cmd, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    run = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if run.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({run.returncode}):\n{run.stderr[-2000:]}")
    return wall, cpu, run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--logoc", required=True)
    p.add_argument("--project", required=True)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args()
    logoc = os.path.abspath(a.logoc)
    prefix = tempfile.mkdtemp(prefix="logoc-remote-bench-")
    proc, port = start_nginx(prefix)
    url = f"http://127.0.0.1:{port}/cache"
    out = os.path.join(prefix, "dist")
    store = os.path.join(prefix, "store", "cache")
    results = {"local": [], "upload": [], "download": []}
    summaries = {}
    loads = []
    try:
        for _ in range(a.rounds):
            for kind in ("local", "upload", "download"):
                shutil.rmtree(out, ignore_errors=True)
                if kind == "upload":
                    shutil.rmtree(store, ignore_errors=True)
                cmd = [logoc, "build", "Specs", "-o", out, "--jobs", str(a.jobs), "--verbose"]
                if kind != "local":
                    cmd += ["--remote-cache", url]
                loads.append(os.getloadavg()[0])
                wall, cpu, summary = timed(cmd, a.project)
                results[kind].append((wall, cpu))
                summaries[kind] = summary
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(prefix, ignore_errors=True)
    base_wall = statistics.median(w for w, _ in results["local"])
    base_cpu = statistics.median(c for _, c in results["local"])
    print(f"project {a.project}, --jobs {a.jobs}, {a.rounds} rounds, load average (1 min) {min(loads):.2f}–{max(loads):.2f}")
    print("| build | wall (median) | CPU (median) | wall / local | CPU / local |")
    print("|---|---:|---:|---:|---:|")
    for kind, runs in results.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"| {kind} | {wall:.2f} s | {cpu:.2f} s | {wall / base_wall:.2f} | {cpu / base_cpu:.2f} |")
    for kind, summary in summaries.items():
        print(f"{kind}: {summary}")


if __name__ == "__main__":
    main()
