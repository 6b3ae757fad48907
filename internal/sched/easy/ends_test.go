package easy

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/sched/fcfs"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// walkReserve is the reservation the way EASY first computed it: walk each
// machine's running jobs in estimated-end order until the head fits, then on
// through the jobs ending at that same instant. It returns the number of
// running jobs read beside the reservation.
func walkReserve(s *sim.State, order []int, head int) (machine int, shadow float64, spare, read int) {
	need := s.Job(head).CPUs
	now := s.Now()
	machine, shadow = -1, math.Inf(1)
	for _, m := range order {
		if s.Platform().Machines[m].CPUs < need {
			continue
		}
		free := s.Free(m)
		t := now
		for rj := range s.Running(m) {
			if free >= need && rj.EstEnd > t {
				break
			}
			read++
			free += rj.CPUs
			if free-rj.CPUs < need {
				t = max(rj.EstEnd, now)
			}
		}
		if t < shadow {
			machine, shadow, spare = m, t, free-need
		}
	}
	return machine, shadow, spare, read
}

// reserveChecker starts random waiting jobs that fit and, at every pass,
// asks both reservations for every waiting job as the head.
type reserveChecker struct {
	t     *testing.T
	r     *rand.Rand
	ends  *Ends
	order []int
	calls int
}

func (c *reserveChecker) OnArrival(s *sim.State, _ int) {
	if c.ends == nil {
		c.ends = NewEnds(s)
		c.order = s.Platform().FastestFirst()
	}
}

func (c *reserveChecker) OnCompletion(s *sim.State, j int) { c.ends.Ended(s, j) }

func (c *reserveChecker) Schedule(s *sim.State) {
	q := s.Queue()
	for _, j := range q {
		if s.Status(j) != sim.Waiting {
			continue
		}
		w0 := s.Work().Value()
		m, shadow, spare := c.ends.Reserve(s, c.order, j)
		read := s.Work().Value() - w0
		wm, wshadow, wspare, wread := walkReserve(s, c.order, j)
		if m != wm || shadow != wshadow || spare != wspare || read != int64(wread) {
			c.t.Fatalf("t=%g head %d: tree (m %d, shadow %g, spare %d, read %d), walk (m %d, shadow %g, spare %d, read %d)",
				s.Now(), j, m, shadow, spare, read, wm, wshadow, wspare, wread)
		}
		c.calls++
		// Hold some jobs back while others run, so queues and running
		// sets grow; never all, or the simulation would stall.
		if m := fcfs.FirstFit(s, c.order, j); m >= 0 && (c.r.IntN(3) > 0 || idle(s)) {
			c.ends.Start(s, j, m)
		}
	}
}

// TestEndsMatchesWalk checks the tree's reservation, spare CPUs and work
// count against the walk over running jobs, on random platforms and
// workloads whose estimates are often wrong both ways.
func TestEndsMatchesWalk(t *testing.T) {
	calls := 0
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 9))
		p := simtest.Platform(r, 3, 12, seed%2 == 0)
		jobs := simtest.Jobs(r, p, 1+r.IntN(60))
		c := &reserveChecker{t: t, r: rand.New(rand.NewPCG(seed, 10))}
		if _, err := sim.Simulate(p, jobs, c); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		calls += c.calls
	}
	if calls < 1000 {
		t.Fatalf("only %d reservations compared", calls)
	}
}

func idle(s *sim.State) bool {
	for m, mc := range s.Platform().Machines {
		if s.Free(m) < mc.CPUs {
			return false
		}
	}
	return true
}

// TestEndListInvariants adds and removes random jobs, many with equal
// estimated ends and enough on one machine to split blocks many times, and
// checks that every machine's blocks are non-empty, at most maxBlock long,
// in (end, job) order within and across blocks, with their CPU sums, and
// hold exactly the jobs added and not removed; covering, upTo and by
// must match sums and prefixes of that order computed the slow way, and
// remove give back the CPUs added.
func TestEndListInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const machines, jobs = 2, 1200
	l := newEndList(machines, jobs)
	on := make([]int, jobs) // job -> machine + 1, 0 when absent
	cpus := make([]int, jobs)
	for step := range 30000 {
		j := r.IntN(jobs)
		if m := on[j] - 1; m >= 0 && r.IntN(3) > 0 {
			if c := l.remove(m, j); c != cpus[j] {
				t.Fatalf("step %d: removing job %d gave back %d CPUs, it held %d", step, j, c, cpus[j])
			}
			on[j] = 0
		} else if m < 0 {
			m := r.IntN(machines) * r.IntN(2) // machine 0 twice as busy
			cpus[j] = 1 + r.IntN(64)
			l.add(m, j, cpus[j], float64(r.IntN(60)))
			on[j] = m + 1
		}
		if step%101 != 0 {
			continue
		}
		for m := range machines {
			var want []endEntry
			for j, o := range on {
				if o == m+1 {
					want = append(want, endEntry{l.key[j], int32(j), int32(cpus[j])})
				}
			}
			slices.SortFunc(want, func(a, b endEntry) int {
				if a.before(b) {
					return -1
				}
				return 1
			})
			var got []endEntry
			b := l.m[m]
			if len(b.b) != len(b.sum) {
				t.Fatalf("step %d machine %d: %d blocks, %d sums", step, m, len(b.b), len(b.sum))
			}
			for k, blk := range b.b {
				var sum int64
				for _, e := range blk {
					sum += int64(e.cpus)
				}
				if len(blk) == 0 || len(blk) > maxBlock || sum != b.sum[k] {
					t.Fatalf("step %d machine %d block %d: %d jobs, sum %d, recorded %d", step, m, k, len(blk), sum, b.sum[k])
				}
				got = append(got, blk...)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("step %d machine %d: holds %v, want %v", step, m, got, want)
			}
			need := int64(1 + r.IntN(40*64))
			wantEnd, wantOK, left := 0.0, false, need
			for _, e := range want {
				if left -= int64(e.cpus); left <= 0 {
					wantEnd, wantOK = e.key, true
					break
				}
			}
			if end, ok := l.covering(m, need); end != wantEnd || ok != wantOK {
				t.Fatalf("step %d machine %d: covering(%d) = %g, %v, want %g, %v", step, m, need, end, ok, wantEnd, wantOK)
			}
			end := float64(r.IntN(62) - 1)
			wantJobs, wantCPUs := 0, int64(0)
			for _, e := range want {
				if e.key <= end {
					wantJobs++
					wantCPUs += int64(e.cpus)
				}
			}
			if n, c := l.upTo(m, end); n != wantJobs || c != wantCPUs {
				t.Fatalf("step %d machine %d: upTo(%g) = %d, %d, want %d, %d", step, m, end, n, c, wantJobs, wantCPUs)
			}
			var wantBy []int
			for _, e := range want[:wantJobs] {
				wantBy = append(wantBy, int(e.job))
			}
			if by := l.by(m, end, nil); !slices.Equal(by, wantBy) {
				t.Fatalf("step %d machine %d: by(%g) = %v, want %v", step, m, end, by, wantBy)
			}
		}
	}
	if len(l.m[0].b) < 3 {
		t.Fatalf("machine 0 ended with %d blocks: the test never split one", len(l.m[0].b))
	}
}
