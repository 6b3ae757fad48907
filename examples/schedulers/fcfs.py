#!/usr/bin/env python3
"""First-Come-First-Served for gridbench's space-shared simulator.

Speaks protocol 1 of docs/scheduler-protocol.md (JSON Lines over stdin and
stdout) and gives exactly the start times of the built-in "fcfs": start the
queue's head on the fastest machine it fits on (ties by machine index), as
long as heads fit; never start a job ahead of an earlier one.

    gridbench simulate --algo 'exec:python3 examples/schedulers/fcfs.py' ...

Python 3 standard library only.
"""
import json
import sys

PROTOCOL = 1


def send(msg):
    sys.stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class FCFS:
    def __init__(self, platform):
        machines = platform["machines"]
        # Fastest first, ties by index: the order the built-ins try machines.
        self.order = sorted(range(len(machines)), key=lambda m: -machines[m]["speed"])
        self.queue = []  # waiting jobs in arrival order
        self.cpus = {}  # job -> CPUs

    def decide(self, msg):
        for j in msg["submitted"]:
            self.queue.append(j["job"])
            self.cpus[j["job"]] = j["cpus"]
        free = msg["free"]
        starts = []
        while self.queue:
            j = self.queue[0]
            m = next((m for m in self.order if self.cpus[j] <= free[m]), -1)
            if m < 0:
                break
            free[m] -= self.cpus[j]
            starts.append({"job": j, "machine": m})
            self.queue.pop(0)
        return starts


def main():
    sched = None
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            if msg["protocol"] != PROTOCOL:
                sys.exit("fcfs.py: gridbench speaks protocol %d, I speak %d" % (msg["protocol"], PROTOCOL))
            sched = FCFS(msg["platform"])
            send({"type": "ready", "protocol": PROTOCOL})
        elif kind == "decide":
            send({"start": sched.decide(msg)})
        elif kind == "end":
            return


if __name__ == "__main__":
    main()
