package schedbased

import (
	"fmt"
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
		j, _, pos := p.Remove(id)
		if ts.moveJob(p, id, j, best) {
			moves++
		} else {
			p.InsertAt(src, pos, id, j) // the plan is a function of queue order: exact undo
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
func (ts *Tabu) moveJob(p *Plan, id int, j Job, best objective) bool {
	for i := range ts.perm {
		ts.perm[i] = i
	}
	ts.rng.Shuffle(len(ts.perm), func(a, b int) { ts.perm[a], ts.perm[b] = ts.perm[b], ts.perm[a] })
	mk, nd := p.Objective() // a gap never moves a machine's makespan
	for _, k := range ts.perm {
		p.work++
		if p.ms[k].cpus < j.CPUs {
			continue
		}
		dur := p.Duration(j, k)
		t, ok := p.earliestGap(k, j, dur)
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
