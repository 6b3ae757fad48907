package schedbased

import (
	"math/rand/v2"
	"slices"
	"sort"
)

// The naive twin: a schedule kept as plain lists and recomputed from
// scratch after every change, with feasibility checked by brute force over
// every breakpoint. Deliberately slow and obvious.

type naive struct {
	now     float64
	ref     float64
	mach    []Machine
	running [][]Entry
	queue   [][]Entry
}

func naiveOf(p *Plan) *naive {
	n := &naive{now: p.now, ref: p.ref}
	for _, mp := range p.ms {
		n.mach = append(n.mach, Machine{mp.cpus, mp.speed})
		n.running = append(n.running, slices.Clone(mp.running))
		n.queue = append(n.queue, slices.Clone(mp.queue))
	}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.running = make([][]Entry, len(n.running))
	c.queue = make([][]Entry, len(n.queue))
	for i := range n.running {
		c.running[i] = slices.Clone(n.running[i])
		c.queue[i] = slices.Clone(n.queue[i])
	}
	return &c
}

func (n *naive) dur(j Job, m int) float64 {
	if s := n.mach[m].Speed; s != n.ref {
		return j.Run * n.ref / s
	}
	return j.Run
}

func usage(es []Entry, t float64) int {
	u := 0
	for _, e := range es {
		if e.Start <= t && t < e.End {
			u += e.Job.CPUs
		}
	}
	return u
}

// fitsAt: c CPUs over [t, t+d) on top of es, checked at t and at every
// start inside the interval (usage only rises at starts).
func fitsAt(cpus int, es []Entry, t, d float64, c int) bool {
	if usage(es, t)+c > cpus {
		return false
	}
	for _, e := range es {
		if e.Start > t && e.Start < t+d && usage(es, e.Start)+c > cpus {
			return false
		}
	}
	return true
}

// recompute replans machine m's queue from scratch by the list rule.
func (n *naive) recompute(m int) {
	placed := slices.Clone(n.running[m])
	prev := n.now
	for k := range n.queue[m] {
		e := &n.queue[m][k]
		d := n.dur(e.Job, m)
		lb := max(n.now, prev)
		cands := []float64{lb}
		for _, x := range placed {
			if x.End > lb {
				cands = append(cands, x.End)
			}
		}
		sort.Float64s(cands)
		for _, t := range cands {
			if fitsAt(n.mach[m].CPUs, placed, t, d, e.Job.CPUs) {
				e.Start, e.End = t, t+d
				break
			}
		}
		placed = append(placed, *e)
		prev = e.Start
	}
}

func (n *naive) all(m int) []Entry { return append(slices.Clone(n.running[m]), n.queue[m]...) }

func (n *naive) makespan(m int) float64 {
	ms := 0.0
	for _, e := range n.all(m) {
		ms = max(ms, e.End)
	}
	return ms
}

// profile: free CPUs on [now, makespan) at every breakpoint, merged.
func (n *naive) profile(m int) ([]float64, []int) {
	es := n.all(m)
	M := n.makespan(m)
	pts := []float64{n.now}
	for _, e := range es {
		pts = append(pts, e.Start, e.End)
	}
	sort.Float64s(pts)
	pts = slices.Compact(pts)
	var ts []float64
	var free []int
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		if a < n.now || b > M {
			continue
		}
		f := n.mach[m].CPUs - usage(es, a)
		if len(free) > 0 && free[len(free)-1] == f {
			ts[len(ts)-1] = b
			continue
		}
		if len(ts) == 0 {
			ts = append(ts, a)
		}
		free = append(free, f)
		ts = append(ts, b)
	}
	return ts, free
}

// earliestGap by brute force over every breakpoint.
func (n *naive) earliestGap(m int, j Job) (float64, bool) {
	if j.CPUs > n.mach[m].CPUs {
		return 0, false
	}
	es := n.all(m)
	d := n.dur(j, m)
	M := n.makespan(m)
	lb := max(n.now, j.Submit)
	cands := []float64{lb}
	for _, e := range es {
		cands = append(cands, e.Start, e.End)
	}
	sort.Float64s(cands)
	for _, t := range cands {
		if t >= lb && t < M && t+d <= M && fitsAt(n.mach[m].CPUs, es, t, d, j.CPUs) {
			return t, true
		}
	}
	return 0, false
}

func (n *naive) objective() objective {
	var o objective
	for m := range n.mach {
		o.makespan = max(o.makespan, n.makespan(m))
		for _, e := range n.all(m) {
			if !e.Job.Late(e.End) {
				o.nondelayed++
			}
		}
	}
	return o
}

func (n *naive) insertAt(m, pos, id int, j Job) {
	n.queue[m] = slices.Insert(n.queue[m], pos, Entry{ID: id, Job: j})
	n.recompute(m)
}

func (n *naive) insertGap(m, id int, j Job, t float64) {
	pos := 0
	for pos < len(n.queue[m]) && n.queue[m][pos].Start <= t {
		pos++
	}
	n.insertAt(m, pos, id, j)
}

func (n *naive) edfPos(m int, j Job) int {
	for k, e := range n.queue[m] {
		if e.Job.Deadline > j.Deadline {
			return k
		}
	}
	return len(n.queue[m])
}

// egedf is Algorithm 1 on whole copied schedules, with the tie-break: a
// candidate that neither is accepted over the best nor has the best
// accepted over it wins by an earlier planned start of the job.
func (n *naive) egedf(id int, j Job) (*naive, Placement) {
	var best *naive
	var bestStart float64
	bp := Placement{Machine: -1}
	gapFound := false
	for i := range n.mach {
		if n.mach[i].CPUs < j.CPUs {
			continue
		}
		c := n.clone()
		var cp Placement
		if t, ok := n.earliestGap(i, j); ok {
			gapFound = true
			c.insertGap(i, id, j, t)
			cp = Placement{Machine: i, Gap: true, Pos: -1}
		} else if !gapFound {
			pos := n.edfPos(i, j)
			c.insertAt(i, pos, id, j)
			cp = Placement{Machine: i, Pos: pos}
		} else {
			continue
		}
		st := c.startOf(i, id)
		if best == nil || accept(best.objective(), c.objective()) ||
			(!accept(c.objective(), best.objective()) && st < bestStart) {
			best, bp, bestStart = c, cp, st
		}
	}
	if best == nil {
		return n, bp
	}
	return best, bp
}

// startOf returns queued job id's planned start on machine m.
func (n *naive) startOf(m, id int) float64 {
	for _, e := range n.queue[m] {
		if e.ID == id {
			return e.Start
		}
	}
	panic("naive: job not queued")
}

func (n *naive) lateQ(m int) int {
	c := 0
	for _, e := range n.queue[m] {
		if e.Job.Late(e.End) {
			c++
		}
	}
	return c
}

// tabu is Algorithms 3-4 on whole copied schedules: run number run of a
// Tabu search seeded with seed. Every move draws its whole permutation of
// the machines (a Fisher–Yates shuffle from the front) from the move's own
// source, seeded as Tabu seeds it, and tries every machine in that order.
func (n *naive) tabu(opt TabuOptions, seed uint64, run int) (*naive, int) {
	bestS := n.clone()
	var tabu []int
	used := make([]bool, len(n.mach))
	moves := 0
	for it := 0; it < opt.Iterations; it++ {
		src, anyLate := -1, false
		for k := range bestS.mach {
			lq := bestS.lateQ(k)
			anyLate = anyLate || lq > 0
			if used[k] || (!opt.AllSources && lq == 0) {
				continue
			}
			if src < 0 || lq > bestS.lateQ(src) {
				src = k
			}
		}
		if !opt.AllSources && !anyLate {
			break
		}
		if src < 0 {
			clear(used)
			continue
		}
		k := len(bestS.queue[src]) - 1
		for k >= 0 && slices.Contains(tabu, bestS.queue[src][k].ID) {
			k--
		}
		if k < 0 {
			used[src] = true
			continue
		}
		e := bestS.queue[src][k]
		newS := bestS.clone()
		newS.queue[src] = slices.Delete(newS.queue[src], k, k+1)
		newS.recompute(src)
		rng := rand.New(rand.NewPCG(moveSeed(seed, run, it)))
		perm := make([]int, len(n.mach))
		for i := range perm {
			perm[i] = i
		}
		for i := range perm {
			r := i + int(rng.Uint64N(uint64(len(perm)-i)))
			perm[i], perm[r] = perm[r], perm[i]
		}
		moved := false
		for _, mm := range perm {
			if n.mach[mm].CPUs < e.Job.CPUs {
				continue
			}
			t, ok := newS.earliestGap(mm, e.Job)
			if !ok {
				continue
			}
			c := newS.clone()
			c.insertGap(mm, e.ID, e.Job, t)
			if accept(bestS.objective(), c.objective()) {
				bestS = c
				moved = true
				break
			}
		}
		if moved {
			moves++
		}
		if opt.TabuLen > 0 {
			if len(tabu) == opt.TabuLen {
				tabu = tabu[1:]
			}
			tabu = append(tabu, e.ID)
		}
	}
	return bestS, moves
}
