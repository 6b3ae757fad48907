package backfill

import (
	"math"
	"sort"

	"github.com/gridbench/gridbench/internal/sim"
)

// naivePredict is job j's prediction at its arrival, computed from
// scratch out of the schedule so far: the jobs ended before now (in the
// order done reports completions; those ending at this instant are learnt
// after it, as pyss handles submissions first) and the records of the
// jobs started.
func naivePredict(s *sim.State, j int, model string, cfg SGDConfig, done []int) float64 {
	job := s.Job(j)
	switch model {
	case "reqtime":
		return job.Est()
	case "double":
		return 2 * job.Est()
	case "clairvoyant":
		return job.Run
	case "sgd":
		return naiveSGD(s, j, cfg, done)
	}
	var h []float64
	ended := endedBefore(s, done, s.Now())
	for k := len(ended) - 1; k >= 0 && len(h) < 2; k-- {
		if s.Job(ended[k]).User == job.User {
			h = append(h, s.Job(ended[k]).Run)
		}
	}
	if len(h) < 2 {
		return job.Est()
	}
	return math.Min(math.Floor((h[0]+h[1])/2), job.Est())
}

// endedBefore lists the jobs ended before t in the order pyss learns
// them (see learnOrder).
func endedBefore(s *sim.State, done []int, t float64) []int {
	var out []int
	for _, k := range done {
		if s.Record(k).End < t {
			out = append(out, k)
		}
	}
	// by end, start, then those that waited in completion order before
	// those that arrived at their start, in arrival order
	key := func(k int) (float64, float64, int, int) {
		r := s.Record(k)
		if s.Job(k).Submit == r.Start {
			return r.End, r.Start, 1, k
		}
		return r.End, r.Start, 0, 0
	}
	sort.SliceStable(out, func(a, b int) bool {
		e1, s1, g1, k1 := key(out[a])
		e2, s2, g2, k2 := key(out[b])
		if e1 != e2 {
			return e1 < e2
		}
		if s1 != s2 {
			return s1 < s2
		}
		if g1 != g2 {
			return g1 < g2
		}
		return k1 < k2
	})
	return out
}

// naiveSGD replays the whole learning at every arrival: every job ended
// before now, in completion order, with its features recomputed from the
// records as they stood at its submission.
func naiveSGD(s *sim.State, j int, cfg SGDConfig, done []int) float64 {
	var w, sc, g []float64
	N, n := 1e-9, 1.0
	for _, k := range endedBefore(s, done, s.Now()) {
		x := naiveFeatures(s, k, cfg, done)
		if w == nil {
			w, sc, g = make([]float64, len(x)), make([]float64, len(x)), make([]float64, len(x))
			for i := range sc {
				sc[i], g[i] = 1e-9, 1e-9
			}
		}
		for i := range x {
			if math.Abs(x[i]) > sc[i] {
				w[i] *= sc[i] / math.Abs(x[i])
				sc[i] = math.Abs(x[i])
			}
		}
		add := 0.0
		for i := range x {
			add += float64(x[i]*x[i]) / float64(sc[i]*sc[i])
		}
		N += add
		px := 0.0
		for i := range x {
			px += float64(w[i] * x[i])
		}
		job := s.Job(k)
		m, r := float64(job.CPUs), math.Max(job.Run, 1)
		wt := map[Weight]float64{WeightOne: 1, WeightLogRM: 5 + logCR(r/m), WeightLogMR: 5 + logCR(m/r),
			WeightLogInvRM: 11 + logCR(1/(r*m)), WeightLogProd: 1 + logCR(m*r)}[cfg.Weight]
		side := func(c Curve, e, xi float64) float64 {
			switch c.Shape {
			case "abs":
				return xi * c.Param
			case "square":
				return c.Param * 2 * xi * e
			}
			return c.Param * xi * math.Exp(c.Param*e)
		}
		step := make([]float64, len(x))
		for i := range x {
			d := 0.0
			if e := px - job.Run; e > cfg.Threshold {
				d = wt * side(cfg.Right, e-cfg.Threshold, x[i])
			} else if e < cfg.Threshold {
				d = -wt * side(cfg.Left, cfg.Threshold-px+job.Run, x[i])
			}
			d += cfg.Lambda * w[i]
			g[i] += float64(d * d)
			step[i] = -cfg.Eta * d / (math.Sqrt(N*g[i]/n) * sc[i])
		}
		for i := range w {
			w[i] += step[i]
		}
		n += 2
	}
	x := naiveFeatures(s, j, cfg, done)
	px := 0.0
	for i := range w {
		px += float64(w[i] * x[i])
	}
	y := math.Max(1, math.Trunc(math.Abs(px)))
	if math.IsNaN(y) {
		return s.Job(j).Est()
	}
	return math.Min(y, s.Job(j).Est())
}

// naiveFeatures is job j's feature vector as at its submission t: the
// user's jobs ended before t, and those running at t (started before t,
// ending at t or later).
func naiveFeatures(s *sim.State, j int, cfg SGDConfig, done []int) []float64 {
	job := s.Job(j)
	t, req := job.Submit, job.Est()
	var mine []int // the user's ended jobs, most recent first
	ended := endedBefore(s, done, t)
	for k := len(ended) - 1; k >= 0; k-- {
		if s.Job(ended[k]).User == job.User {
			mine = append(mine, ended[k])
		}
	}
	x := []float64{1}
	for k := range 3 {
		v := req
		if k < len(mine) {
			// pyss compares submit + run time (not start + duration) with t
			if lj := s.Job(mine[k]); lj.Submit+lj.Run > t {
				v = lj.Run
			} else {
				v = t - lj.Submit
			}
		}
		x = append(x, math.Min(req, v))
	}
	x = append(x, req)
	ma2, ma3 := req, req
	switch {
	case len(mine) >= 3:
		ma2, ma3 = 0.5*(x[1]+x[2]), 0.33*(x[1]+x[2]+x[3])
	case len(mine) == 2:
		ma2, ma3 = 0.5*(x[1]+x[2]), 0.5*(x[1]+x[2])
	case len(mine) == 1:
		ma2, ma3 = x[1], x[1]
	}
	x = append(x, ma2, ma3)
	var mean, since, ratio float64
	if len(mine) > 0 {
		sumRun, sumCPUs := 0.0, 0.0
		for _, k := range mine {
			sumRun += s.Job(k).Run
			sumCPUs += float64(s.Job(k).CPUs)
		}
		mean = sumRun / float64(len(mine))
		ratio = float64(job.CPUs) / (sumCPUs / float64(len(mine)))
		if e := s.Record(mine[0]).End; e != 0 {
			since = t - e
		}
	}
	x = append(x, mean, since, ratio)
	var cpus, sumLen, count, longest float64
	for k := range s.NumJobs() {
		r := s.Record(k)
		if s.Job(k).User != job.User || math.IsNaN(r.Start) || !(r.Start < t) || r.End < t {
			continue
		}
		cpus += float64(s.Job(k).CPUs)
		sumLen += t - r.Start
		count++
		longest = math.Max(longest, t-r.Start)
	}
	x = append(x, cpus, sumLen, count, longest)
	sd, cd := sinCosOf(t, 86400)
	sw, cw := sinCosOf(t, 604800)
	x = append(x, cd, sd, cw, sw, float64(job.CPUs))
	if cfg.Quadratic {
		for a := 1; a <= 16; a++ {
			for b := a + 1; b <= 16; b++ {
				x = append(x, x[a]*x[b])
			}
		}
		for k := 1; k <= 18; k++ {
			x = append(x, x[k]*x[k])
		}
	}
	return x
}
