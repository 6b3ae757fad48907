package schedbased

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// TabuOptions are the parameters of the Tabu search. The papers give none;
// the defaults are ours.
type TabuOptions struct {
	// Iterations bounds the iterations of Algorithm 3 run after each
	// arrival (default 100). Iterations that only pick a source machine
	// and find nothing to move count too, as in the paper.
	Iterations int
	// TabuLen is the length of the tabu list of recently moved jobs
	// (default 10).
	TabuLen int
	// AllSources makes every machine a source candidate, as Algorithm 3
	// reads literally. By default (false) only machines with a delayed
	// queued job are sources and the search stops once no queued job is
	// delayed, as the Baraglia et al. text says ("the process continues
	// until there are no delayed non-tabu jobs").
	AllSources bool
}

// DefaultTabuOptions returns the documented defaults.
func DefaultTabuOptions() TabuOptions { return TabuOptions{Iterations: 100, TabuLen: 10} }

// Tabu is the Tabu search of Algorithms 3–4. It keeps nothing between
// runs except its seed and the number of runs so far (one per arrival):
// each move draws its random machine order (Algorithm 4, line 1) from a
// source seeded by (seed, run, iteration), so a move's order depends on
// nothing else, and a move that tries no machine draws nothing.
type Tabu struct {
	opt   TabuOptions
	seed  uint64
	runs  int
	pcg   rand.PCG
	rng   *rand.Rand
	perm  []int // the identity between moves
	swaps []int // the lazy shuffle's swaps of the current move
	// gapAt is, per machine, the start of the gap that accepts the moved
	// job, or NaN; acc lists the machines where it is not NaN, cands the
	// machines tested.
	gapAt []float64
	acc   []int
	cands []int
	used  []int // machines excluded as sources in this run
	tabu  []int // FIFO of job ids; oldest first
	// marked[id] says whether job id is in tabu (isTabu).
	marked []bool
	// cyc finds the iterations that repeat an earlier one (cycle.go);
	// skipped counts the iterations it let Run skip, for the tests.
	cyc     cycle
	skipped int
}

// NewTabu returns a Tabu search whose machine orders derive from seed.
// It panics if an option is negative.
func NewTabu(opt TabuOptions, seed uint64) *Tabu {
	if opt.Iterations < 0 || opt.TabuLen < 0 {
		panic(fmt.Sprintf("schedbased: bad Tabu options %+v", opt))
	}
	ts := &Tabu{opt: opt, seed: seed}
	ts.rng = rand.New(&ts.pcg)
	return ts
}

// moveSeed is the PCG seed of the machine order of iteration it of run
// (arrival) number run of a Tabu search seeded with seed.
func moveSeed(seed uint64, run, it int) (uint64, uint64) {
	return mix64(seed ^ mix64(uint64(run))), mix64(uint64(it) ^ 0x746162756d6f7665)
}

// mix64 is the SplitMix64 finaliser: nearby inputs give unrelated outputs.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Run optimises the plan in place and returns the number of accepted moves.
func (ts *Tabu) Run(p *Plan) (moves int) {
	run := ts.runs
	ts.runs++
	if len(ts.perm) != len(p.ms) {
		ts.perm = make([]int, len(p.ms))
		ts.gapAt = make([]float64, len(p.ms))
		for i := range ts.perm {
			ts.perm[i] = i
			ts.gapAt[i] = math.NaN()
		}
	}
	ts.clearTabu()
	defer ts.release(p)
	n := ts.opt.Iterations
	detect := !p.direct && n > 1
	if detect {
		ts.cyc.start(n)
		p.logLeaves(true)
		defer p.logLeaves(false)
	}
	// tried says the last iteration tried to move a job. Only the start
	// states after such an iteration are looked up and recorded: a period
	// that tries no move would have to exclude every machine in turn,
	// and the many such iterations of a light load never recur. Nor does
	// a state whose tabu list is not full: the list grows with every try
	// until it is.
	tried := false
	for it := 0; it < n; it++ {
		if detect && tried && len(ts.tabu) == ts.opt.TabuLen {
			if it0, w0, ok := ts.repeat(p, it); ok {
				// Iterations it0..it-1 repeat from here: skip the whole
				// periods the bound leaves, counting their work.
				period := it - it0
				k := (n - it) / period
				p.work += int64(k) * (p.work - w0)
				ts.skipped += k * period
				it += k * period
				detect = false
				p.logLeaves(false)
				if it == n {
					break
				}
			}
		}
		p.work++
		tried = false
		src, anyLate := p.source(ts.opt.AllSources)
		if !ts.opt.AllSources && !anyLate {
			break
		}
		if src < 0 {
			ts.release(p) // every candidate was a source: a new round
			continue
		}
		q := p.ms[src].queue
		k := len(q) - 1
		for ; k >= 0 && ts.isTabu(p, q[k].ID); k-- {
			p.work++
		}
		if k < 0 {
			p.exclude(src, true)
			ts.used = append(ts.used, src)
			ts.cyc.usedLog = append(ts.cyc.usedLog, src)
			continue
		}
		id := q[k].ID
		tried = true
		mk, nd := p.Objective()
		best := objective{mk, nd}
		// A move's objective is the plan's after the removal plus at most
		// one on-time job (see moveJob). If neither can be accepted, the
		// move fails whatever the gaps: skip the removal and the search.
		if mk2, dnd := p.whatIfRemove(src, k); accept(best, objective{mk2, nd + dnd + 1}) ||
			accept(best, objective{mk2, nd + dnd}) {
			g := p.gstamp // the plan before the move
			p.save(src)
			j, memo := p.removeForMove(src, k)
			if ts.moveJob(p, src, id, j, best, run, it, memo, g) {
				moves++
				ts.cyc.forget() // the plan is new: no earlier state recurs
			} else {
				p.restore(id) // a rejected move changed only src: exact undo
			}
		}
		if ts.opt.TabuLen > 0 {
			if len(ts.tabu) == ts.opt.TabuLen {
				ts.mark(ts.tabu[0], false)
				ts.tabu = slices.Delete(ts.tabu, 0, 1)
			}
			ts.tabu = append(ts.tabu, id)
			ts.mark(id, true)
			ts.cyc.tabuLog = append(ts.cyc.tabuLog, id)
		}
	}
	return moves
}

// maxMarked bounds the job ids whose tabu membership is kept in
// Tabu.marked; others are looked up in the list.
const maxMarked = 1 << 22

// isTabu reports whether job id is in the tabu list: from its mark, or
// (Plan.direct, and ids without a mark) by a scan of the list.
func (ts *Tabu) isTabu(p *Plan, id int) bool {
	if uint(id) < uint(len(ts.marked)) && !p.direct {
		return ts.marked[id]
	}
	if p.direct || uint(id) >= maxMarked {
		return slices.Contains(ts.tabu, id)
	}
	return false // never marked
}

// mark records whether job id is in the tabu list (a job is never in it
// twice: only jobs not in it are moved and added).
func (ts *Tabu) mark(id int, on bool) {
	if uint(id) >= maxMarked {
		return
	}
	if id >= len(ts.marked) {
		if !on {
			return
		}
		ts.marked = append(ts.marked, make([]bool, id+1-len(ts.marked))...)
	}
	ts.marked[id] = on
}

// clearTabu empties the tabu list.
func (ts *Tabu) clearTabu() {
	for _, id := range ts.tabu {
		ts.mark(id, false)
	}
	ts.tabu = ts.tabu[:0]
}

// release makes every machine a source candidate again.
func (ts *Tabu) release(p *Plan) {
	for _, m := range ts.used {
		p.exclude(m, false)
	}
	ts.used = ts.used[:0]
	ts.cyc.round = len(ts.cyc.usedLog)
}

// moveJob is Algorithm 4: try the machines in random order and put the job
// into the first earliest gap whose schedule AcceptanceCriterion prefers to
// best (the plan before the job was removed).
//
// A gap never moves a machine's makespan, so a candidate's objective is
// the plan's (after the removal) plus one when the job ends on time: only
// two candidate objectives exist, and whether each is accepted is known
// before any machine is tried. When neither is, no machine is tried; when
// only the on-time one is, a machine is tried only up to the last start
// that meets the deadline (earliestGapBy). Both give the machine the full
// search would: the first in the order with an acceptable gap.
//
// The machines are first tested in index order, which changes nothing but
// the cost: a move that no machine accepts (nearly all of them on busy
// streams) ends without drawing an order. Otherwise the order is a
// Fisher–Yates shuffle drawn lazily from the front, one machine at a time,
// from the move's own seed (moveSeed), and stops at the first accepting
// machine without drawing the rest; the naive twin, which draws the whole
// permutation the same way and tries the machines in it, picks the same.
//
// memo, when not nil, holds what was found on the candidate machines when
// the same move was tried on the same plan (state g before the removal):
// a machine found there is not tested again, its work counted as then.
func (ts *Tabu) moveJob(p *Plan, src, id int, j Job, best objective, run, it int, memo *moveMemo, g uint64) bool {
	mk, nd := p.Objective() // a gap never moves a machine's makespan
	onTime := accept(best, objective{mk, nd + 1})
	late := accept(best, objective{mk, nd})
	if !onTime && !late {
		return false
	}
	// With a late end accepted any gap will do. (So would the full search
	// if a late end were accepted and an on-time one not, which Algorithm
	// 2, monotone in the non-delayed count, rules out.)
	limit := math.Inf(1)
	if !late {
		limit = j.Deadline // only an on-time end is accepted
	}
	// Which machines accept: most moves find none (at a mean inter-arrival
	// of 1 s, about 170 of 103,000 on one run find any), and those end here
	// without drawing a machine order. Only the machines whose first gap
	// wide enough for the job starts early enough to end by the limit on
	// the fastest machine are tested (gapIndex): about 7 of 150 there.
	lb := max(p.now, j.Submit)
	bound := math.Inf(1)
	if !math.IsInf(limit, 1) {
		bound = limit - j.Run*p.ref/p.maxSpeed
		bound += 1e-9 * max(1, math.Abs(bound)) // rounding: a superset is harmless
	}
	ts.cands = p.candidates(memo, src, g, j.CPUs, bound, ts.cands[:0])
	ts.acc = ts.acc[:0]
	for i, k := range ts.cands {
		var t float64
		var ok bool
		if c := memo.testedFor(g, i, k); c != nil {
			p.memoHits[2]++
			p.work += c.work
			t, ok = c.t, c.ok
		} else {
			w0 := p.work
			t, ok = ts.test(p, k, j, lb, limit, best, mk, nd)
			if memo != nil {
				memo.tested = append(memo.tested, testedMachine{m: k, work: p.work - w0, ok: ok, t: t})
			}
		}
		if ok {
			ts.gapAt[k] = t
			ts.acc = append(ts.acc, k)
		}
	}
	if len(ts.acc) == 0 {
		return false
	}
	// The first accepting machine of the move's random order.
	ts.pcg.Seed(moveSeed(ts.seed, run, it))
	perm := ts.perm
	n := len(perm)
	for i := range n {
		p.work++
		r := i + int(ts.rng.Uint64N(uint64(n-i)))
		perm[i], perm[r] = perm[r], perm[i]
		ts.swaps = append(ts.swaps, r)
		if k := perm[i]; !math.IsNaN(ts.gapAt[k]) {
			t := ts.gapAt[k]
			ts.unshuffle()
			for _, a := range ts.acc {
				ts.gapAt[a] = math.NaN()
			}
			p.own() // the removal's machine keeps its state from now on
			p.insertGapAt(k, id, j, t, p.Duration(j, k))
			return true
		}
	}
	panic("schedbased: Tabu lost its accepting machine")
}

// test reports whether moving job j into machine k's earliest gap (from
// lb, ending by limit) is accepted over best, and the gap's start; mk and
// nd are the plan's objective without the job.
func (ts *Tabu) test(p *Plan, k int, j Job, lb, limit float64, best objective, mk float64, nd int) (float64, bool) {
	p.work++
	dur := p.Duration(j, k)
	if end := lb + dur; end > limit || end > p.ms[k].makespan {
		return 0, false // no start on this machine ends by the limit, or in a gap
	}
	t, ok := p.earliestGapBy(k, j, dur, limit)
	if !ok {
		return 0, false
	}
	cand := objective{mk, nd}
	if !j.Late(t + dur) {
		cand.nondelayed++
	}
	return t, accept(best, cand)
}

// unshuffle undoes the current move's swaps, so perm is the identity again
// at a cost of the machines tried, not of all machines.
func (ts *Tabu) unshuffle() {
	for i := len(ts.swaps) - 1; i >= 0; i-- {
		r := ts.swaps[i]
		ts.perm[i], ts.perm[r] = ts.perm[r], ts.perm[i]
	}
	ts.swaps = ts.swaps[:0]
}
