package gridway

import "fmt"

// check verifies the model's invariants (Config.Check): no PE
// over-committed, the schedulers' counters equal to a recount of the jobs,
// every job of an experiment in exactly one state, none started twice.
func (s *Sim) check() error {
	var onPE [2]int
	var inflight, running [2]int
	var lcgIn, lcgRun, lcgLive int
	var lrLive [2]int
	for id := range s.jobs {
		j := &s.jobs[id]
		if j.starts > 1 {
			return fmt.Errorf("t=%.3f: job %d started %d times", s.now, id, j.starts)
		}
		if j.onPE {
			onPE[j.infra]++
		}
		switch j.state {
		case jsQueued:
			inflight[j.infra]++
			if j.infra == int8(External) && j.viaGW {
				lcgIn++
			}
			if j.inGW {
				lcgLive++
			}
			if j.inLRMS {
				lrLive[j.infra]++
			}
			if j.onPE || j.starts > 0 {
				return fmt.Errorf("t=%.3f: queued job %d has started", s.now, id)
			}
		case jsRunning:
			if j.onPE {
				running[j.infra]++
				if j.infra == int8(External) {
					lcgRun++
				}
			}
		case jsPending, jsDone:
			if j.inGW || j.inLRMS || j.viaGW || j.onPE {
				return fmt.Errorf("t=%.3f: job %d is %d but still held somewhere", s.now, id, j.state)
			}
		}
	}
	for r := range 2 {
		l := s.lr[r]
		busy := 0
		for m, f := range l.free {
			if f < 0 || f > l.mach[m].PEs {
				return fmt.Errorf("t=%.3f: testbed %d machine %s has %d free of %d PEs", s.now, r, l.mach[m].Name, f, l.mach[m].PEs)
			}
			busy += l.mach[m].PEs - f
		}
		bg := 0
		if r == int(External) {
			bg = s.bgRun
		}
		if busy != onPE[r]+bg {
			return fmt.Errorf("t=%.3f: testbed %d has %d busy PEs but %d jobs on PEs", s.now, r, busy, onPE[r]+bg)
		}
		if l.nfree != l.pes-busy {
			return fmt.Errorf("t=%.3f: testbed %d free count %d, recount %d", s.now, r, l.nfree, l.pes-busy)
		}
		if inflight[r] != s.gwInflight[r] || running[r] != s.gwRunning[r] {
			return fmt.Errorf("t=%.3f: DSA GridWay counts inflight/running %d/%d on %d, recount %d/%d", s.now, s.gwInflight[r], s.gwRunning[r], r, inflight[r], running[r])
		}
		bgq := 0
		for _, q := range l.queue[l.head:] {
			if q.id >= 0 {
				bgq++
			}
		}
		if l.live != lrLive[r]+bgq {
			return fmt.Errorf("t=%.3f: testbed %d queue counts %d live, recount %d", s.now, r, l.live, lrLive[r]+bgq)
		}
	}
	if lcgIn != s.lcgInflight || lcgRun != s.lcgRunning || lcgLive != s.lcgLive {
		return fmt.Errorf("t=%.3f: LCG GridWay counts %d/%d/%d, recount %d/%d/%d", s.now, s.lcgInflight, s.lcgRunning, s.lcgLive, lcgIn, lcgRun, lcgLive)
	}
	for _, e := range s.exps {
		n := e.pending
		for r := range 2 {
			n += e.queued[r] + e.running[r] + e.done[r]
		}
		if n != e.Jobs || e.pending != len(e.unsched) {
			return fmt.Errorf("t=%.3f: user %d accounts for %d of %d jobs (%d pending, %d unscheduled)", s.now, e.User, n, e.Jobs, e.pending, len(e.unsched))
		}
	}
	return nil
}

// checkFinal verifies that every experiment job ran exactly once and ended.
func (s *Sim) checkFinal() error {
	for id := range s.jobs {
		j := &s.jobs[id]
		if j.state != jsDone || j.starts != 1 {
			return fmt.Errorf("job %d ended in state %d after %d starts", id, j.state, j.starts)
		}
	}
	return nil
}
