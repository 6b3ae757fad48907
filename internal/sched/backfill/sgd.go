package backfill

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/internal/sim"
)

// Curve is one side of the SGD predictor's asymmetric loss, as a function
// of the error e beyond the threshold: "abs" γ·e, "square" γ·e², "exp"
// exp(γ·e).
type Curve struct {
	Shape string  // abs, square or exp
	Param float64 // γ
}

// deriv is the curve's derivative at error e times the feature xi.
func (c Curve) deriv(e, xi float64) float64 {
	switch c.Shape {
	case "abs":
		return xi * c.Param
	case "square":
		return c.Param * 2 * xi * e
	default: // exp
		return c.Param * xi * math.Exp(c.Param*e)
	}
}

// Weight is the weight of one ended job in the loss, from its CPUs m and
// run time r (pyss's weight expressions).
type Weight string

// The weights of the authors' grid, by the code in their file names.
const (
	WeightOne      Weight = "1"        // 1
	WeightLogRM    Weight = "5logrm"   // 5+log(r/m)
	WeightLogMR    Weight = "5logmr"   // 5+log(m/r)
	WeightLogInvRM Weight = "11log1rm" // 11+log(1/(r·m))
	WeightLogProd  Weight = "1logmr"   // 1+log(m·r)
)

// weigh is the weight of a job of m CPUs that ran r seconds.
// Interpretation: pyss raises run times below 1 s to 1 s when it reads a
// log; r is taken as at least 1 here too, so that the logarithms stay finite.
func (w Weight) weigh(m, r float64) float64 {
	r = max(r, 1)
	switch w {
	case WeightLogRM:
		return 5 + logCR(r/m)
	case WeightLogMR:
		return 5 + logCR(m/r)
	case WeightLogInvRM:
		return 11 + logCR(1/(r*m))
	case WeightLogProd:
		return 1 + logCR(m*r)
	}
	return 1
}

// SGDConfig is the learned predictor's configuration: the loss right of
// the target (over-prediction) and left of it (under-prediction) beyond
// Threshold seconds, the job weight, NAG's learning rate Eta, an L2
// penalty Lambda on the weights (0: none) and whether the 18 features are
// extended by their pairwise products and squares (Quadratic).
type SGDConfig struct {
	Right, Left Curve
	Threshold   float64
	Weight      Weight
	Eta         float64
	Lambda      float64
	Quadratic   bool
}

// DefaultSGD is the configuration of the SC'15 artefact's per-job files
// (sgdlinear|square|100|square|1|0|5logmr): over-prediction costs a square
// ×100, under-prediction a square ×1, threshold 0, weight 5+log(m/r) (the
// artefact's header; the code "5logmr" is m/r), with the options every
// run of the authors' grid shares: eta 5000, quadratic features, L2
// penalty 4·10⁹, normalised adaptive gradient (NAG).
var DefaultSGD = SGDConfig{
	Right: Curve{"square", 100}, Left: Curve{"square", 1}, Threshold: 0, Weight: WeightLogMR,
	Eta: 5000, Lambda: 4e9, Quadratic: true,
}

// String is the configuration in the artefact's file-name code:
// right|param|left|param|threshold|weight.
func (c SGDConfig) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return strings.Join([]string{c.Right.Shape, f(c.Right.Param), c.Left.Shape, f(c.Left.Param), f(c.Threshold), string(c.Weight)}, "|")
}

// ParseSGD reads a configuration in the artefact's file-name code
// ("square|100|square|1|0|5logmr", or with I for |, as in the file names),
// with DefaultSGD's eta, penalty and features.
func ParseSGD(code string) (SGDConfig, error) {
	f := strings.FieldsFunc(code, func(r rune) bool { return r == '|' || r == 'I' })
	if len(f) != 6 {
		return SGDConfig{}, fmt.Errorf("sgd configuration %q: want right|param|left|param|threshold|weight", code)
	}
	c := DefaultSGD
	var nums [3]float64
	for i, k := range []int{1, 3, 4} {
		x, err := strconv.ParseFloat(f[k], 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return SGDConfig{}, fmt.Errorf("sgd configuration %q: %q is not a number", code, f[k])
		}
		nums[i] = x
	}
	for _, s := range []string{f[0], f[2]} {
		if s != "abs" && s != "square" && s != "exp" {
			return SGDConfig{}, fmt.Errorf("sgd configuration %q: loss %q is not abs, square or exp", code, s)
		}
	}
	w := Weight(f[5])
	switch w {
	case WeightOne, WeightLogRM, WeightLogMR, WeightLogInvRM, WeightLogProd:
	default:
		return SGDConfig{}, fmt.Errorf("sgd configuration %q: weight %q is not 1, 5logrm, 5logmr, 11log1rm or 1logmr", code, f[5])
	}
	c.Right, c.Left, c.Threshold, c.Weight = Curve{f[0], nums[0]}, Curve{f[2], nums[1]}, nums[2], w
	return c, nil
}

// SGD is the learned predictor of Gaussier, Glesser, Reis & Trystram
// (SC'15) as pyss runs it (predictor_sgdlinear with valopt's NAG): a
// linear model on features of the job, its user's history and the user's
// running jobs, fitted online by normalised adaptive gradient descent
// (Ross, Mineiro & Langford 2013) on the asymmetric loss, one step per
// ended job with the features the job had at its arrival. The prediction
// is |w·x| truncated to whole seconds, at least 1, at most the request.
//
// What the authors' code does, and this one therefore too: the "last run
// time" features are min(request, now − the earlier job's submit time)
// (the test for a job still running compares its submit time, not its
// start, plus its run time to now, and is never true for an ended job);
// the moving average of three is 0.33 times the sum.
type SGD struct {
	cfg  SGDConfig
	dim  int
	w    []float64 // model weights
	s    []float64 // largest |x_i| seen (NAG's scale)
	g    []float64 // sum of squared gradients
	step []float64 // scratch for fit
	nsum float64   // NAG's N
	n    float64   // NAG's n
	// x holds, by job, the features a job had at its arrival until it
	// is learned; spare, the vectors of the jobs learned, which the next
	// arrivals take. (A vector is 157 numbers with quadratic features:
	// with a new one at every arrival, held in a map, EASY++ (sgd,
	// Tsafrir) took 1.09 times the CPU on the first 400,000 RICC-2010-2
	// jobs, and peaked at 285 MiB rather than 222.)
	x     [][]float64
	spare [][]float64
	user  map[int]*userStats
}

type userStats struct {
	last       [3]int // last ended jobs, most recent first; -1 for none
	n          float64
	sumRun     float64
	sumCPUs    float64
	lastEnding float64
}

const baseFeatures = 19

// NewSGD returns a fresh learned predictor.
func NewSGD(cfg SGDConfig) *SGD {
	dim := baseFeatures
	if cfg.Quadratic {
		dim += 16*15/2 + 18
	}
	p := &SGD{cfg: cfg, dim: dim, w: make([]float64, dim), s: make([]float64, dim), g: make([]float64, dim),
		nsum: 1e-9, n: 1, user: map[int]*userStats{}}
	for i := range p.s {
		p.s[i], p.g[i] = 1e-9, 1e-9
	}
	return p
}

func (p *SGD) stats(u int) *userStats {
	st := p.user[u]
	if st == nil {
		st = &userStats{last: [3]int{-1, -1, -1}}
		p.user[u] = st
	}
	return st
}

// features is the job's vector at its arrival.
func (p *SGD) features(s *sim.State, j int, ending []int) []float64 {
	job := s.Job(j)
	now, req := s.Now(), job.Est()
	st := p.stats(job.User)
	var x []float64
	if n := len(p.spare); n > 0 {
		x, p.spare = p.spare[n-1], p.spare[:n-1]
		clear(x)
	} else {
		x = make([]float64, p.dim)
	}
	x[0] = 1
	for k := range 3 {
		last := req
		if l := st.last[k]; l >= 0 {
			lj := s.Job(l)
			if lj.Submit+lj.Run > now {
				last = lj.Run
			} else {
				last = now - lj.Submit
			}
		}
		x[1+k] = min(req, last)
	}
	x[4] = req
	switch {
	case st.last[2] >= 0:
		x[6] = 0.33 * (x[1] + x[2] + x[3])
		x[5] = 0.5 * (x[1] + x[2])
	case st.last[1] >= 0:
		x[5] = 0.5 * (x[1] + x[2])
		x[6] = x[5]
	case st.last[0] >= 0:
		x[5], x[6] = x[1], x[1]
	default:
		x[5], x[6] = req, req
	}
	if st.n != 0 {
		x[7] = st.sumRun / st.n
		x[9] = float64(job.CPUs) / (st.sumCPUs / st.n)
	}
	if st.lastEnding != 0 {
		x[8] = now - st.lastEnding
	}
	mine := func(k int, start float64) {
		if s.Job(k).User != job.User {
			return
		}
		x[10] += float64(s.Job(k).CPUs)
		x[11] += now - start
		x[12]++
		x[13] = max(x[13], now-start)
	}
	// pyss's running set gains a job when its start event is handled,
	// after every arrival and end of the instant: a job started at this
	// instant (by an earlier arrival's pass in the PerEvent order; never
	// in the Batched one, which predicts before its pass) is not yet seen.
	for m := range s.Platform().Machines {
		for _, r := range s.RunningJobs(m) {
			if r.Start < now {
				mine(r.Job, r.Start)
			}
		}
	}
	for _, k := range ending {
		mine(k, s.Record(k).Start)
	}
	x[15], x[14] = sinCosOf(job.Submit, 86400)
	x[17], x[16] = sinCosOf(job.Submit, 7*86400)
	x[18] = float64(job.CPUs)
	if p.cfg.Quadratic {
		i := baseFeatures
		for a := 1; a <= 16; a++ {
			for b := a + 1; b <= 16; b++ {
				x[i] = x[a] * x[b]
				i++
			}
		}
		for k := 1; k <= 18; k++ {
			x[i] = x[k] * x[k]
			i++
		}
	}
	return x
}

func (p *SGD) dot(x []float64) float64 {
	r := 0.0
	for i, xi := range x {
		r += float64(p.w[i] * xi) // no fused multiply-add: pyss rounds each product
	}
	return r
}

// Predict computes and keeps the job's features, and predicts.
func (p *SGD) Predict(s *sim.State, j int, ending []int) float64 {
	x := p.features(s, j, ending)
	if n := s.NumJobs(); len(p.x) < n {
		p.x = append(p.x, make([][]float64, n-len(p.x))...)
	}
	p.x[j] = x
	req := s.Job(j).Est()
	y := math.Max(1, math.Trunc(math.Abs(p.dot(x))))
	if math.IsNaN(y) {
		return req // a diverged model (exp losses can overflow): trust the request
	}
	return min(y, req)
}

// Learn adds the ended job to its user's history and takes one NAG step
// on it.
func (p *SGD) Learn(s *sim.State, j int) {
	var x []float64
	if j < len(p.x) {
		x, p.x[j] = p.x[j], nil
	}
	job := s.Job(j)
	st := p.stats(job.User)
	st.last = [3]int{j, st.last[0], st.last[1]}
	st.n++
	st.sumRun += job.Run
	st.sumCPUs += float64(job.CPUs)
	st.lastEnding = s.Record(j).End
	if x != nil {
		p.fit(x, job.Run, p.cfg.Weight.weigh(float64(job.CPUs), job.Run))
		p.spare = append(p.spare, x)
	}
}

// fit is one step of NAG on example (x, y) of weight wt, in the order of
// valopt's NAG.fit so that the arithmetic is the same.
func (p *SGD) fit(x []float64, y, wt float64) {
	for i, xi := range x {
		if a := math.Abs(xi); a > p.s[i] {
			p.w[i] = p.w[i] * (p.s[i] / a)
			p.s[i] = a
		}
	}
	sum := 0.0
	for i, xi := range x {
		sum += float64(xi*xi) / float64(p.s[i]*p.s[i])
	}
	p.nsum = p.nsum + sum
	px := p.dot(x)
	if len(p.step) != len(x) {
		p.step = make([]float64, len(x))
	}
	step := p.step
	c := p.cfg
	for i, xi := range x {
		var d float64
		switch e := px - y; {
		case e > c.Threshold:
			d = wt * c.Right.deriv(e-c.Threshold, xi)
		case e == c.Threshold:
			d = 0
		default:
			d = -wt * c.Left.deriv(c.Threshold-px+y, xi)
		}
		d += float64(c.Lambda * p.w[i]) // (rounded, not fused: see dd in sincos.go)
		p.g[i] += float64(d * d)
		step[i] = -c.Eta * d / (math.Sqrt(p.nsum*p.g[i]/p.n) * p.s[i])
	}
	for i := range p.w {
		p.w[i] = step[i] + p.w[i]
	}
	p.n += 2
}
