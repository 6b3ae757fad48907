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
// runs except its random source, which permutes the target machines of
// each move (Algorithm 4, line 1).
type Tabu struct {
	opt  TabuOptions
	rng  *rand.Rand
	perm []int
	used []bool
	tabu []int // FIFO of job ids; oldest first
}

// NewTabu returns a Tabu search that draws its permutations from src.
// It panics if src is nil or an option is negative.
func NewTabu(opt TabuOptions, src rand.Source) *Tabu {
	if src == nil {
		panic("schedbased: NewTabu needs a rand.Source")
	}
	if opt.Iterations < 0 || opt.TabuLen < 0 {
		panic(fmt.Sprintf("schedbased: bad Tabu options %+v", opt))
	}
	return &Tabu{opt: opt, rng: rand.New(src)}
}

// Run optimises the plan in place and returns the number of accepted moves.
func (ts *Tabu) Run(p *Plan) (moves int) {
	m := len(p.ms)
	if len(ts.perm) != m {
		ts.perm = make([]int, m)
		ts.used = make([]bool, m)
	}
	clear(ts.used)
	ts.tabu = ts.tabu[:0]
	for it := 0; it < ts.opt.Iterations; it++ {
		src, anyLate := -1, false
		for k := range p.ms {
			p.work++
			lq := p.ms[k].lateQ
			anyLate = anyLate || lq > 0
			if ts.used[k] || (!ts.opt.AllSources && lq == 0) {
				continue
			}
			if src < 0 || lq > p.ms[src].lateQ {
				src = k
			}
		}
		if !ts.opt.AllSources && !anyLate {
			break
		}
		if src < 0 {
			clear(ts.used) // every machine was a source: a new round
			continue
		}
		q := p.ms[src].queue
		k := len(q) - 1
		for ; k >= 0 && slices.Contains(ts.tabu, q[k].ID); k-- {
			p.work++
		}
		if k < 0 {
			ts.used[src] = true
			continue
		}
		id := q[k].ID
		mk, nd := p.Objective()
		best := objective{mk, nd}
		// A move's objective is the plan's after the removal plus at most
		// one on-time job (see moveJob). If neither can be accepted, the
		// move fails whatever the gaps: skip the removal and the search,
		// and draw the permutation all the same, so that the random stream
		// stays the full search's.
		if mk2, dnd := p.whatIfRemove(src, k); !accept(best, objective{mk2, nd + dnd + 1}) &&
			!accept(best, objective{mk2, nd + dnd}) {
			ts.skipPerm(p)
		} else {
			p.save(src)
			j, _, _ := p.Remove(id)
			if ts.moveJob(p, id, j, best) {
				moves++
			} else {
				p.restore(id) // a rejected move changed only src: exact undo
			}
		}
		if ts.opt.TabuLen > 0 {
			if len(ts.tabu) == ts.opt.TabuLen {
				ts.tabu = slices.Delete(ts.tabu, 0, 1)
			}
			ts.tabu = append(ts.tabu, id)
		}
	}
	return moves
}

// moveJob is Algorithm 4: try the machines in random order and put the job
// into the first earliest gap whose schedule AcceptanceCriterion prefers to
// best (the plan before the job was removed).
//
// A gap never moves a machine's makespan, so a candidate's objective is
// the plan's (after the removal) plus one when the job ends on time there:
// only two candidate objectives exist, and whether each is accepted is
// known before any machine is tried. When neither is, no machine is tried;
// when only the on-time one is, a machine is tried only up to the last
// start that meets the deadline (earliestGapBy). Both give the machine the
// full search would: the first in the permutation with an acceptable gap.
// The permutation is drawn in every case, so the random stream, and with it
// every later decision, is the same as the full search's.
func (ts *Tabu) moveJob(p *Plan, id int, j Job, best objective) bool {
	ts.shuffle()
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
	lb := max(p.now, j.Submit)
	for _, k := range ts.perm {
		p.work++
		if p.ms[k].cpus < j.CPUs {
			continue
		}
		dur := p.Duration(j, k)
		if end := lb + dur; end > limit || end > p.ms[k].makespan {
			continue // no start on this machine ends by the limit, or in a gap
		}
		t, ok := p.earliestGapBy(k, j, dur, limit)
		if !ok {
			continue
		}
		cand := objective{mk, nd}
		if !j.Late(t + dur) {
			cand.nondelayed++
		}
		if accept(best, cand) {
			p.insertGapAt(k, id, j, t, dur)
			return true
		}
	}
	return false
}

// shuffle sets perm to a random permutation of the machines, drawn as
// rand.Rand.Shuffle draws it (Uint64N(i+1) for i from n-1 down to 1,
// swapping i with the draw) but without a call through a closure per swap.
// The naive twin calls Shuffle itself, so the property test checks that the
// two stay in step.
func (ts *Tabu) shuffle() {
	perm := ts.perm
	for i := range perm {
		perm[i] = i
	}
	for i := len(perm) - 1; i > 0; i-- {
		j := int(ts.rng.Uint64N(uint64(i + 1)))
		perm[i], perm[j] = perm[j], perm[i]
	}
}

// skipPerm consumes the random draws of one permutation (as shuffle does)
// without building it.
func (ts *Tabu) skipPerm(p *Plan) {
	for i := len(ts.perm) - 1; i > 0; i-- {
		ts.rng.Uint64N(uint64(i + 1))
	}
	p.work++
}
