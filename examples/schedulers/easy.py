#!/usr/bin/env python3
"""EASY backfilling for gridbench's space-shared simulator.

Speaks protocol 1 of docs/scheduler-protocol.md (JSON Lines over stdin and
stdout) and gives exactly the start times of the built-in "easy":

1. Start queue heads, each on the fastest machine it fits on, while they fit.
2. Reserve the first head that does not fit: on each machine large enough,
   walk the running jobs by estimated end (ties by start order) until the
   head fits; the machine where that happens first is the reservation
   machine, the instant is the shadow time, the CPUs left over are spare.
3. Backfill later jobs in queue order: a job may start on a machine where it
   fits if, on the reservation machine, it ends by estimate no later than
   the shadow time or takes no more than the spare CPUs (which it uses up).

    gridbench simulate --algo 'exec:python3 examples/schedulers/easy.py' ...

Python 3 standard library only.
"""
import json
import sys

PROTOCOL = 1


def send(msg):
    sys.stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class EASY:
    def __init__(self, platform):
        self.machines = platform["machines"]
        self.ref = platform["ref_speed"]
        self.order = sorted(range(len(self.machines)), key=lambda m: -self.machines[m]["speed"])
        self.queue = []  # waiting jobs in arrival order
        self.jobs = {}  # job -> (cpus, estimate at the reference speed)
        self.running = [dict() for _ in self.machines]  # job -> (est end, start seq, cpus)
        self.seq = 0

    def est_duration(self, j, m):
        speed = self.machines[m]["speed"]
        est = self.jobs[j][1]
        return est if speed == self.ref else est * self.ref / speed

    def decide(self, msg):
        now, free = msg["time"], msg["free"]
        for j in msg["completed"]:
            for run in self.running:
                run.pop(j, None)
        for j in msg["submitted"]:
            self.queue.append(j["job"])
            self.jobs[j["job"]] = (j["cpus"], j["estimate"])
        starts = []

        def start(j, m):
            free[m] -= self.jobs[j][0]
            self.running[m][j] = (now + self.est_duration(j, m), self.seq, self.jobs[j][0])
            self.seq += 1
            starts.append({"job": j, "machine": m})

        while self.queue:
            head = self.queue[0]
            m = next((m for m in self.order if self.jobs[head][0] <= free[m]), -1)
            if m < 0:
                break
            start(head, m)
            self.queue.pop(0)
        if len(self.queue) < 2 or sum(free) == 0:
            return starts
        head = self.queue[0]
        res_m, shadow, spare = self.reserve(head, now, free)
        left = [head]
        for j in self.queue[1:]:
            m = -1
            if sum(free) > 0:
                m, spare = self.backfill_machine(j, now, free, res_m, shadow, spare)
            if m >= 0:
                start(j, m)
            else:
                left.append(j)
        self.queue = left
        return starts

    def reserve(self, head, now, free_now):
        need = self.jobs[head][0]
        res_m, shadow, spare = -1, float("inf"), 0
        for m in self.order:
            if self.machines[m]["cpus"] < need:
                continue
            free, t = free_now[m], now
            for est_end, _, cpus in sorted(self.running[m].values()):
                # Past the point where the head fits, only jobs whose
                # estimates end at that same instant free CPUs for it too.
                if free >= need and est_end > t:
                    break
                free += cpus
                if free - cpus < need:
                    t = max(est_end, now)
            if t < shadow:
                res_m, shadow, spare = m, t, free - need
        return res_m, shadow, spare

    def backfill_machine(self, j, now, free, res_m, shadow, spare):
        cpus = self.jobs[j][0]
        for m in self.order:
            if cpus > free[m]:
                continue
            if m == res_m:
                if now + self.est_duration(j, m) <= shadow:
                    pass  # gone by the shadow time: cannot delay the head
                elif cpus <= spare:
                    spare -= cpus
                else:
                    continue
            return m, spare
        return -1, spare


def main():
    sched = None
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            if msg["protocol"] != PROTOCOL:
                sys.exit("easy.py: gridbench speaks protocol %d, I speak %d" % (msg["protocol"], PROTOCOL))
            sched = EASY(msg["platform"])
            send({"type": "ready", "protocol": PROTOCOL})
        elif kind == "decide":
            send({"start": sched.decide(msg)})
        elif kind == "end":
            return


if __name__ == "__main__":
    main()
