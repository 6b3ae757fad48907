package backfill

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/internal/sim/simtest"
)

// naiveOrder is EASY with queue and backfill orders written the slow,
// obvious way: orders by repeated selection of the lowest key, the head's
// earliest start by trying every instant at which a running job's
// estimate (or prediction) ends, and a later job allowed on the reserved
// machine only if, counted as running, it leaves that start unchanged.
type naiveOrder struct {
	queue, backfill Key
	pp              bool       // predictions (EASY++ with backfill SJF, EASY-pred without)
	model           string     // prediction: reqtime, double, clairvoyant, avg2 (default) or sgd
	sgd             SGDConfig  // for model sgd
	corr            Correction // correction
	done            []int      // completions, in the order reported
	pred0           map[int]float64
}

func (n *naiveOrder) OnArrival(s *sim.State, j int) {
	if !n.pp {
		return
	}
	if n.pred0 == nil {
		n.pred0 = map[int]float64{}
	}
	n.pred0[j] = naivePredict(s, j, n.model, n.sgd, n.done)
}

func (n *naiveOrder) OnCompletion(s *sim.State, j int) { n.done = append(n.done, j) }

// est is job j's estimate now: for predictions the arrival prediction,
// corrected from scratch for a running job that outlived it.
func (n *naiveOrder) est(s *sim.State, j int) float64 {
	if !n.pp {
		return s.Job(j).Est()
	}
	x, req := n.pred0[j], s.Job(j).Est()
	if s.Status(j) != sim.Running || n.corr == NoCorrection {
		return x
	}
	r := s.Record(j)
	x0 := x
	for k := 1; r.Start < s.Now() && r.Start+s.Platform().Scale(x, r.Machine) <= s.Now(); k++ {
		var c float64
		switch {
		case n.corr == ReqTime:
			c = req
		case n.corr == Doubling && x == 0:
			c = req
		case n.corr == Doubling:
			c = 2 * x
		case k <= 11: // Tsafrir: the first prediction plus the k-th step
			c = math.Min(x0+[]float64{0, 60, 300, 900, 1800, 3600, 7200, 18000, 36000, 72000, 180000, 360000}[k], req)
		default:
			c = req
		}
		if c <= x {
			break
		}
		x = c
	}
	return x
}

func (n *naiveOrder) sorted(s *sim.State, jobs []int, key Key) []int {
	left := append([]int(nil), jobs...)
	if key == nil {
		return left
	}
	var out []int
	for len(left) > 0 {
		best := 0
		for i := range left {
			if key(s, left[i], n.est(s, left[i])) < key(s, left[best], n.est(s, left[best])) {
				best = i
			}
		}
		out = append(out, left[best])
		left = append(left[:best], left[best+1:]...)
	}
	return out
}

// earliest is the first instant at which need CPUs are free on m by the
// running jobs' estimates, extra jobs included; past ends count as now.
func (n *naiveOrder) earliest(s *sim.State, m, need int, extra []simtest.Extra) float64 {
	now := s.Now()
	var bs []simtest.Extra
	for _, r := range s.RunningJobs(m) {
		bs = append(bs, simtest.Extra{CPUs: r.CPUs, EstEnd: math.Max(now, r.Start+s.Platform().Scale(n.est(s, r.Job), m))})
	}
	bs = append(bs, extra...)
	best := math.Inf(1)
	for _, c := range append([]simtest.Extra{{EstEnd: now}}, bs...) {
		t, used := math.Max(c.EstEnd, now), 0
		for _, b := range bs {
			if math.Max(b.EstEnd, now) > t {
				used += b.CPUs
			}
		}
		if s.Platform().Machines[m].CPUs-used >= need && t < best {
			best = t
		}
	}
	return best
}

func (n *naiveOrder) Schedule(s *sim.State) {
	order := s.Platform().FastestFirst()
	waiting := n.sorted(s, s.Queue(), n.queue)
	for len(waiting) > 0 {
		j, started := waiting[0], false
		for _, m := range order {
			if s.Fits(j, m) {
				s.Start(j, m)
				started = true
				break
			}
		}
		if !started {
			break
		}
		waiting = waiting[1:]
	}
	if len(waiting) < 2 {
		return
	}
	head := waiting[0]
	need := s.Job(head).CPUs
	resM, shadow := -1, math.Inf(1)
	for _, m := range order {
		if s.Platform().Machines[m].CPUs < need {
			continue
		}
		if t := n.earliest(s, m, need, nil); t < shadow {
			resM, shadow = m, t
		}
	}
	bf := n.backfill
	if bf == nil {
		bf = n.queue
	}
	var extra []simtest.Extra // jobs backfilled on the reserved machine
	for _, j := range n.sorted(s, waiting[1:], bf) {
		for _, m := range order {
			if !s.Fits(j, m) {
				continue
			}
			if m == resM {
				x := append(append([]simtest.Extra(nil), extra...), simtest.Extra{CPUs: s.Job(j).CPUs, EstEnd: s.Now() + s.Platform().Scale(n.est(s, j), m)})
				if n.earliest(s, m, need, x) > shadow {
					continue
				}
			}
			s.Start(j, m)
			break
		}
	}
}

func randomCase(seed uint64) (sim.Platform, []sim.Job) {
	r := rand.New(rand.NewPCG(seed, 7))
	p := simtest.Platform(r, 3, 10, seed%3 == 2)
	if seed%3 == 0 {
		p = sim.SingleMachine(1 + r.IntN(16))
	}
	jobs := simtest.Jobs(r, p, 1+r.IntN(80))
	for i := range jobs {
		jobs[i].User = r.IntN(4)
	}
	return p, jobs
}

func agree(t *testing.T, name string, seeds uint64, fast func() sim.Scheduler, slow func() sim.Scheduler) {
	t.Helper()
	moved := 0
	for seed := range seeds {
		p, jobs := randomCase(seed)
		a, err := sim.Simulate(p, jobs, fast())
		if err != nil {
			t.Fatalf("%s seed %d: %v", name, seed, err)
		}
		if err := sim.Check(p, jobs, a); err != nil {
			t.Fatalf("%s seed %d: %v", name, seed, err)
		}
		b, err := sim.Simulate(p, jobs, slow())
		if err != nil {
			t.Fatalf("%s seed %d: naive: %v", name, seed, err)
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s seed %d: job %d (%+v): fast %+v, naive %+v", name, seed, i, jobs[i], a[i], b[i])
			}
		}
		for i := 1; i < len(a); i++ {
			if a[i].Start < a[i-1].Start {
				moved++
				break
			}
		}
	}
	// The comparison proves something only if jobs were reordered.
	if moved < int(seeds)/4 {
		t.Errorf("%s: only %d of %d workloads started a job before an earlier one", name, moved, seeds)
	}
}

func TestOrdersMatchNaive(t *testing.T) {
	keys := []struct {
		name            string
		queue, backfill Key
	}{
		{"fcfs-order", nil, nil}, {"easy-sjbf", nil, SJF}, {"easy-sjf", SJF, SJF}, {"easy-ljf", LJF, LJF},
		{"easy-saf", SAF, SAF}, {"easy-f1", F1, F1}, {"easy-f2", F2, F2}, {"easy-f3", F3, F3}, {"easy-f4", F4, F4},
		{"easy-wfp3", WFP3, WFP3}, {"easy-unicep", UNICEP, UNICEP},
	}
	for _, k := range keys {
		agree(t, k.name, 300,
			func() sim.Scheduler { return &Order{Queue: k.queue, Backfill: k.backfill} },
			func() sim.Scheduler { return &naiveOrder{queue: k.queue, backfill: k.backfill} })
	}
}

// TestPredictionsMatchNaive runs every registered prediction × correction
// pair, EASY++ and EASY-pred, against the naive twin.
func TestPredictionsMatchNaive(t *testing.T) {
	for _, sjbf := range []bool{false, true} {
		for _, pn := range predictionNames {
			cs := append([]Correction{NoCorrection}, corrections...)
			for _, c := range cs {
				seeds := uint64(300)
				if pn == "sgd" {
					seeds = 40 // the twin replays every fit at every arrival
				}
				var bf Key
				if sjbf {
					bf = SJF
				}
				agree(t, fmt.Sprintf("%s/%v/sjbf=%v", pn, c, sjbf), seeds,
					func() sim.Scheduler { return NewPredicted(newModel[pn](), c, sjbf) },
					func() sim.Scheduler {
						return &naiveOrder{backfill: bf, pp: true, model: pn, sgd: DefaultSGD, corr: c}
					})
			}
		}
	}
}

// With arrival order for both orders and the jobs' own estimates, Order is
// package easy, on every platform shape.
func TestArrivalOrderIsEASY(t *testing.T) {
	agree(t, "easy", 300,
		func() sim.Scheduler { return &Order{} },
		func() sim.Scheduler { return easy.New() })
}
