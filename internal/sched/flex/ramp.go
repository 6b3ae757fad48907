package flex

import (
	"math"

	"github.com/gridbench/gridbench/internal/sim"
)

// A job with a deadline scores Min from the Deadline heuristic before its
// ramp (Extime_J ≤ t_J) and after it (Extime_J > Deadline_J), and both
// tests are monotone in Now, so each such job is before its ramp, then
// possibly on it, then past it, for good. Before and past, its priority
// is Flex.prio's, and it stays in the rank tree; from shortly before its
// ramp (see enterAt) until it is past, its leaf is taken out of the tree
// and the job is kept on the side list, ranked exactly at every pass.
// Jobs waiting for their ramp are in a heap by the time they join the side
// list.

// Job states in a bounded pass (see Flex.bounded).
const (
	inTree  uint8 = iota // no deadline, or past the ramp, or started
	pending              // before the ramp, in the tree and in the heap
	onSide               // on or near the ramp: on the side list, out of the tree
)

// enterAt is when job j, whose Nxtime is nx, joins the side list: a little
// before Now + nx > Deadline − K·nx can first hold in floating point. The
// margin is far wider than the rounding of those few operations.
func (f *Flex) enterAt(j *sim.Job, nx float64) float64 {
	at := j.Deadline - (f.p.K+1)*nx
	at -= 1e-9 * (1 + math.Abs(j.Deadline) + (f.p.K+1)*math.Abs(nx))
	if math.IsNaN(at) {
		return math.Inf(-1) // an infinite deadline: ranked on the side list from the start
	}
	return at
}

// pend is a job waiting for its ramp and when it joins the side list.
type pend struct {
	at  float64
	job int
}

// pendHeap is a binary min-heap of pend by at.
type pendHeap []pend

func (h *pendHeap) push(p pend) {
	*h = append(*h, p)
	a := *h
	for i := len(a) - 1; i > 0; {
		q := (i - 1) / 2
		if !(a[i].at < a[q].at) {
			break
		}
		a[i], a[q] = a[q], a[i]
		i = q
	}
}

func (h *pendHeap) pop() pend {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && a[r].at < a[c].at {
			c = r
		}
		if !(a[c].at < a[i].at) {
			break
		}
		a[i], a[c] = a[c], a[i]
		i = c
	}
	*h = a
	return top
}

// arriveDated records job j, just arrived with a deadline, as waiting for
// its ramp.
func (f *Flex) arriveDated(s *sim.State, j int) {
	if f.state == nil {
		f.state = make([]uint8, s.NumJobs())
		f.sidePos = make([]int32, s.NumJobs())
		f.nx = make([]float64, s.NumJobs())
	}
	job := s.Job(j)
	f.state[j] = pending
	f.nx[j] = s.EstDuration(j, f.best[job.CPUs])
	f.pend.push(pend{at: f.enterAt(job, f.nx[j]), job: j})
}

// ramps brings the side list up to date at the start of a pass: the jobs
// whose time has come join it and those past their ramp go back to the
// tree. Their priorities are forgotten, to be computed when needed (see
// sidePriority). It returns the smallest estimate on the side list.
func (f *Flex) ramps(s *sim.State) float64 {
	now := s.Now()
	f.sidePrio = f.sidePrio[:0]
	for range f.side {
		f.sidePrio = append(f.sidePrio, math.NaN())
	}
	for len(f.pend) > 0 && f.pend[0].at <= now {
		j := f.pend.pop().job
		if f.state[j] != pending {
			continue // started before its ramp
		}
		f.state[j] = onSide
		f.sidePos[j] = int32(len(f.side))
		f.side = append(f.side, j)
		f.sidePrio = append(f.sidePrio, math.NaN())
		f.tree.remove(j)
	}
	minEst := math.Inf(1)
	for i := 0; i < len(f.side); {
		j := f.side[i]
		job := s.Job(j)
		if now+f.nx[j] > job.Deadline {
			// Past its ramp for good: Min again, back in the tree.
			f.dropSide(j)
			f.tree.put(j, job.CPUs, job.Submit, job.Est())
			continue
		}
		minEst = min(minEst, job.Est())
		i++
	}
	return minEst
}

// sidePriority returns the priority in this pass of the i-th job on the
// side list, computed once per pass and only when asked for: most passes
// need few (the search asks only for the jobs it accepts) or none. NaN
// marks one not computed yet (a NaN priority is computed again each time).
func (f *Flex) sidePriority(s *sim.State, i int) float64 {
	p := f.sidePrio[i]
	if math.IsNaN(p) {
		j := f.side[i]
		p = f.p.Priority(s.Job(j), f.now, f.nx[j], f.minext)
		f.sidePrio[i] = p
	}
	return p
}

// dropSide takes job j off the side list (it started, or is past its
// ramp); its state becomes inTree.
func (f *Flex) dropSide(j int) {
	i := f.sidePos[j]
	last := len(f.side) - 1
	f.sidePrio[i] = f.sidePrio[last]
	f.sidePrio = f.sidePrio[:last]
	k := f.side[last]
	f.side[i], f.sidePos[k] = k, i
	f.side = f.side[:last]
	f.state[j] = inTree
}

// sideFits tells whether a job on the side list but head needs at most c
// CPUs.
func (f *Flex) sideFits(s *sim.State, c, head int) bool {
	for _, j := range f.side {
		if j != head && s.Job(j).CPUs <= c {
			return true
		}
	}
	return false
}
