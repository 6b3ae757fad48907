package easy

import (
	"math"
	"math/rand/v2"
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

// TestEndTreeInvariants adds and removes random jobs, many with equal
// estimated ends, and checks after each step that every treap is ordered
// by (end, job), heap-ordered by priority, holds exactly the jobs added and
// not removed, and that each node's sum and count are those of its
// subtree, which the descents of add and remove update by difference.
func TestEndTreeInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const machines, jobs = 2, 300
	tr := newEndTree(machines, jobs)
	on := make([]int, jobs) // job -> machine + 1, 0 when absent
	var walk func(x int32, lo, hi int32) (sum int64, cnt int32)
	walk = func(x int32, lo, hi int32) (int64, int32) {
		if x < 0 {
			return 0, 0
		}
		if lo >= 0 && !tr.before(lo, x) || hi >= 0 && !tr.before(x, hi) {
			t.Fatalf("node %d out of order", x)
		}
		for _, c := range []int32{tr.n[x].l, tr.n[x].r} {
			if c >= 0 && tr.n[c].pri > tr.n[x].pri {
				t.Fatalf("node %d: child %d has a higher priority", x, c)
			}
		}
		ls, lc := walk(tr.n[x].l, lo, x)
		rs, rc := walk(tr.n[x].r, x, hi)
		sum, cnt := ls+rs+int64(tr.n[x].cpus), lc+rc+1
		if tr.n[x].sum != sum || tr.n[x].cnt != cnt {
			t.Fatalf("node %d: sum %d count %d, subtree holds %d in %d jobs", x, tr.n[x].sum, tr.n[x].cnt, sum, cnt)
		}
		return sum, cnt
	}
	for step := range 20000 {
		j := r.IntN(jobs)
		if m := on[j] - 1; m >= 0 {
			tr.remove(m, j)
			on[j] = 0
		} else {
			m := r.IntN(machines)
			tr.add(m, j, 1+r.IntN(64), float64(r.IntN(40)))
			on[j] = m + 1
		}
		if step%97 != 0 {
			continue
		}
		for m := range machines {
			want := int32(0)
			for _, o := range on {
				if o == m+1 {
					want++
				}
			}
			if _, cnt := walk(tr.root[m], -1, -1); cnt != want {
				t.Fatalf("step %d: machine %d holds %d jobs, want %d", step, m, cnt, want)
			}
		}
	}
}
