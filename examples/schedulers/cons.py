#!/usr/bin/env python3
"""Conservative backfilling for gridbench's space-shared simulator.

Speaks protocol 1 of docs/scheduler-protocol.md (JSON Lines over stdin and
stdout) and gives exactly the start times of the built-in "cons":

1. Every waiting job holds a reservation (machine, start). A new job, in
   arrival order, gets the earliest start at which its CPUs stay free for
   its whole estimate beside the running jobs (by estimated end; an overdue
   job counts as ending now) and every reservation made before; the machine
   where it starts first, fastest first on ties.
2. Compression: when a job ended before its estimated end, or a reservation
   lies in the past (a running job outlived its estimate), every
   reservation is dropped and the jobs are placed again in order of their
   old start (ties by arrival), so none moves later than it was.
3. Jobs whose reservation has come start, in arrival order, if they fit.

    gridbench simulate --algo 'exec:python3 examples/schedulers/cons.py' ...

Python 3 standard library only.
"""
import json
import sys

PROTOCOL = 1


def send(msg):
    sys.stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class Profile:
    """Free CPUs of one machine over time: fr[i] on [ts[i], ts[i+1])."""

    def __init__(self, now, free, releases):
        self.ts, self.fr = [now], [free]
        for t, cpus in sorted(releases):
            if t == self.ts[-1]:
                self.fr[-1] += cpus
            else:
                self.ts.append(t)
                self.fr.append(self.fr[-1] + cpus)

    def earliest(self, cpus, dur):
        """The first breakpoint from which cpus are free for dur seconds."""
        ts, fr, n = self.ts, self.fr, len(self.ts)
        i = 0
        while i < n:
            if fr[i] < cpus:
                i += 1
                continue
            end, j = ts[i] + dur, i + 1
            while j < n and ts[j] < end and fr[j] >= cpus:
                j += 1
            if j == n or ts[j] >= end:
                return ts[i]
            i = j + 1
        return None  # more CPUs than the machine will ever have free

    def split(self, t):
        ts = self.ts
        lo, hi = 0, len(ts)
        while lo < hi:
            mid = (lo + hi) // 2
            if ts[mid] < t:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(ts) or ts[lo] != t:
            ts.insert(lo, t)
            self.fr.insert(lo, self.fr[lo - 1])
        return lo

    def reserve(self, start, dur, cpus):
        if dur <= 0:
            return  # holds its CPUs for no stretch of time
        i = self.split(start)
        k = self.split(start + dur)
        for x in range(i, k):
            self.fr[x] -= cpus


class CONS:
    def __init__(self, platform):
        self.machines = platform["machines"]
        self.ref = platform["ref_speed"]
        # Fastest first, ties by index: the order the built-ins try machines.
        self.order = sorted(range(len(self.machines)), key=lambda m: -self.machines[m]["speed"])
        self.queue = []  # waiting jobs in arrival order
        self.jobs = {}  # job -> (cpus, estimate at the reference speed, arrival rank)
        self.res = {}  # waiting job -> (reserved start, machine)
        self.running = [dict() for _ in self.machines]  # job -> (estimated end, cpus)

    def duration(self, j, m):
        speed = self.machines[m]["speed"]
        est = self.jobs[j][1]
        return est if speed == self.ref else est * self.ref / speed

    def decide(self, msg):
        now, free = msg["time"], msg["free"]
        # An early end is seen at its own instant: a completion is sent late
        # only when nothing was waiting, and then no reservation existed.
        compress = False
        for j in msg["completed"]:
            for run in self.running:
                if j in run:
                    compress |= now < run.pop(j)[0]
        for j in msg["submitted"]:
            self.queue.append(j["job"])
            self.jobs[j["job"]] = (j["cpus"], j["estimate"], len(self.jobs))
        held = [j for j in self.queue if j in self.res]
        fresh = [j for j in self.queue if j not in self.res]
        compress |= any(self.res[j][0] < now for j in held)
        profiles = [
            Profile(now, free[m], [(max(end, now), cpus) for end, cpus in self.running[m].values()])
            for m in range(len(self.machines))
        ]
        if compress:
            held.sort(key=lambda j: (self.res[j][0], self.jobs[j][2]))
            for j in held:
                self.place(j, profiles)
        else:
            for j in held:
                t, m = self.res[j]
                profiles[m].reserve(t, self.duration(j, m), self.jobs[j][0])
        for j in fresh:
            self.place(j, profiles)
        starts, left = [], []
        for j in self.queue:  # arrival order
            t, m = self.res[j]
            cpus = self.jobs[j][0]
            if t <= now and cpus <= free[m]:
                free[m] -= cpus
                del self.res[j]
                self.running[m][j] = (now + self.duration(j, m), cpus)
                starts.append({"job": j, "machine": m})
            else:
                left.append(j)
        self.queue = left
        return starts

    def place(self, j, profiles):
        cpus = self.jobs[j][0]
        best_m, best_t = -1, None
        for m in self.order:
            if self.machines[m]["cpus"] < cpus:
                continue
            t = profiles[m].earliest(cpus, self.duration(j, m))
            if t is not None and (best_t is None or t < best_t):
                best_m, best_t = m, t
        if best_m < 0:
            sys.exit("cons.py: job %d needs %d CPUs, more than any machine has" % (j, cpus))
        self.res[j] = (best_t, best_m)
        profiles[best_m].reserve(best_t, self.duration(j, best_m), cpus)


def main():
    sched = None
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            if msg["protocol"] != PROTOCOL:
                sys.exit("cons.py: gridbench speaks protocol %d, I speak %d" % (msg["protocol"], PROTOCOL))
            sched = CONS(msg["platform"])
            send({"type": "ready", "protocol": PROTOCOL})
        elif kind == "decide":
            send({"start": sched.decide(msg)})
        elif kind == "end":
            return


if __name__ == "__main__":
    main()
