package backfill

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sched/easy"
	"github.com/gridbench/gridbench/internal/sim"
)

// A Model predicts a job's run time when it arrives and learns from each
// job that ends: the predictions of Tsafrir, Etsion & Feitelson 2007 and
// the learned predictor of Gaussier et al. (SC'15), as the authors'
// simulator (pyss, in predictsim) runs them.
//
// Predict is called once per job at its arrival; ending lists the jobs
// that end at this very instant and have not been learnt yet (pyss handles
// submissions before terminations at one instant, so those jobs still run
// when the job arrives, and are learnt after it is predicted). Learn is
// called once per ended job, in completion order, before any later
// arrival. Times are at the reference speed.
type Model interface {
	Predict(s *sim.State, j int, ending []int) float64
	Learn(s *sim.State, j int)
}

// Correction says what is done when a running job outlives its
// prediction (the simulator kills nothing: jobs run their trace run time).
type Correction int

const (
	// ReqTime raises the prediction to the job's request (its estimate).
	ReqTime Correction = iota
	// Doubling doubles the prediction (pyss's recursive doubling, not
	// capped by the request) as often as needed to pass the current time.
	Doubling
	// Tsafrir adds 1 min, then 5, 15, 30 min, 1, 2, 5, 10, 20, 50, 100 h to
	// the first prediction, capped by the request; after these, the request.
	Tsafrir
	// NoCorrection keeps the prediction: a job past it counts, as in EASY,
	// as ending now. For predictions that cannot be outlived (pyss's
	// throw_an_error corrector).
	NoCorrection
)

// tsafrirSteps are Tsafrir's increments, added to the first prediction.
var tsafrirSteps = [...]float64{0, 60, 5 * 60, 15 * 60, 30 * 60, 3600, 2 * 3600, 5 * 3600, 10 * 3600, 20 * 3600, 50 * 3600, 100 * 3600}

var correctionNames = map[Correction]string{ReqTime: "reqtime", Doubling: "doubling", Tsafrir: "tsafrir", NoCorrection: "none"}

func (c Correction) String() string {
	if n, ok := correctionNames[c]; ok {
		return n
	}
	return fmt.Sprintf("Correction(%d)", int(c))
}

// next is the prediction after one more correction of a job whose
// prediction x (corrected k times so far) has expired.
func (c Correction) next(x, req float64, k int) float64 {
	switch c {
	case ReqTime:
		return req
	case Doubling:
		if x == 0 {
			return req // doubling zero never ends
		}
		return 2 * x
	case Tsafrir:
		if k+1 >= len(tsafrirSteps) {
			return req
		}
		return min(x-tsafrirSteps[k]+tsafrirSteps[k+1], req)
	}
	return x
}

// Predictor holds the predictions of one run: a Model's prediction at each
// job's arrival, corrected by Correction while the job runs past it.
type Predictor struct {
	Model      Model
	Correction Correction

	pred    []float64 // job -> current prediction at the reference speed
	first   []float64 // job -> prediction at arrival
	fixes   []int     // job -> corrections applied
	pending []int     // ended jobs not yet learnt, in completion order
	due     []int     // correct's scratch
}

// NewEASYPP returns EASY++ with Tsafrir's prediction (avg2) and the given
// correction: arrival order for the queue, backfilling in order of
// shortest prediction first (SJBF), predictions in place of estimates
// everywhere.
func NewEASYPP(c Correction) *Order { return NewPredicted(&Avg2{}, c, true) }

// NewPredicted returns EASY with predictions from m corrected by c: with
// sjbf, EASY++ (backfilling in order of shortest prediction first);
// without, FCFS for both the queue and backfilling (pyss's
// easy_prediction_backfill_scheduler).
func NewPredicted(m Model, c Correction, sjbf bool) *Order {
	o := &Order{Pred: &Predictor{Model: m, Correction: c}}
	if sjbf {
		o.Backfill = SJF
	}
	return o
}

func (p *Predictor) arrive(s *sim.State, j int) {
	if p.pred == nil {
		n := s.NumJobs()
		p.pred, p.first, p.fixes = make([]float64, n), make([]float64, n), make([]int, n)
	}
	now := s.Now()
	k := 0
	for k < len(p.pending) && s.Record(p.pending[k]).End < now {
		k++
	}
	learn := p.pending[:k]
	slices.SortStableFunc(learn, func(a, b int) int { return learnOrder(s, a, b) })
	for _, e := range learn {
		p.Model.Learn(s, e)
	}
	p.pending = append(p.pending[:0], p.pending[k:]...)
	x := p.Model.Predict(s, j, p.pending)
	p.pred[j], p.first[j] = x, x
}

// learnOrder orders ended jobs (given in the simulator's completion
// order: by end, then start order) as pyss learns them. pyss ends the
// jobs of one instant in the order it started them, and it runs a pass
// after each arrival where gridbench runs one per instant: of jobs that
// end together and started together, those that waited start first (in
// the pass's order, which is the simulator's), then those that arrived at
// that instant, in arrival order (each at its own arrival's pass).
func learnOrder(s *sim.State, a, b int) int {
	ra, rb := s.Record(a), s.Record(b)
	if c := cmp.Compare(ra.End, rb.End); c != 0 {
		return c
	}
	if c := cmp.Compare(ra.Start, rb.Start); c != 0 {
		return c
	}
	na, nb := s.Job(a).Submit == ra.Start, s.Job(b).Submit == rb.Start
	switch {
	case na && nb:
		return cmp.Compare(a, b)
	case na:
		return 1
	case nb:
		return -1
	}
	return 0
}

func (p *Predictor) complete(s *sim.State, j int) { p.pending = append(p.pending, j) }

// Initial returns job j's prediction at its arrival (what pyss writes in
// an output's field 18); NaN before the job arrived.
func (p *Predictor) Initial(j int) float64 {
	if j >= len(p.first) {
		return math.NaN()
	}
	return p.first[j]
}

// correct applies the correction to every running job that has outlived
// its prediction. Correcting lazily, at the next pass, gives the same
// predictions as pyss's correction at the instant of expiry: no scheduler
// pass comes in between. A correction that cannot raise the prediction
// leaves the job counted as ending now.
//
// With ends (the running jobs' predicted ends, see Order.runEnds), only
// the jobs whose recorded end is due are read, and those whose
// prediction changed (here, or in estimatedEnd, which corrects only jobs
// already due) get their new end; without, every running job is read
// (the twin in the tests).
func (p *Predictor) correct(s *sim.State, ends *easy.Ends) {
	if p.pred == nil || p.Correction == NoCorrection {
		return
	}
	now := s.Now()
	pl := s.Platform()
	for m := range pl.Machines {
		if ends == nil {
			for _, r := range s.RunningJobs(m) {
				p.correctJob(s, r.Job, m, r.Start)
			}
			continue
		}
		p.due = ends.By(m, now, p.due[:0])
		for _, j := range p.due {
			start := s.Record(j).Start
			p.correctJob(s, j, m, start)
			if end := start + pl.Scale(p.pred[j], m); end != ends.End(j) {
				ends.Move(m, j, end)
			}
		}
	}
}

// correctJob corrects job j, started on machine m at start, as many
// times as its prediction has expired.
func (p *Predictor) correctJob(s *sim.State, j, m int, start float64) {
	now := s.Now()
	pl := s.Platform()
	for start < now && start+pl.Scale(p.pred[j], m) <= now {
		x := p.Correction.next(p.pred[j], s.Job(j).Est(), p.fixes[j])
		if !(x > p.pred[j]) {
			break
		}
		p.pred[j] = x
		p.fixes[j]++
	}
}

// estimatedEnd is running job j's predicted end at the current instant,
// with the corrections due strictly before it applied (pyss corrects at
// the instant of expiry, before any other event, so by now it has). A
// prediction expiring exactly now is left as it is: pyss corrects only a
// job still running past it, and the caller asks about a job ending now.
func (p *Predictor) estimatedEnd(s *sim.State, j int) float64 {
	r := s.Record(j)
	m := r.Machine
	pl := s.Platform()
	if p.pred == nil {
		return r.Start + s.EstDuration(j, m)
	}
	now := s.Now()
	for p.Correction != NoCorrection && r.Start+pl.Scale(p.pred[j], m) < now {
		x := p.Correction.next(p.pred[j], s.Job(j).Est(), p.fixes[j])
		if !(x > p.pred[j]) {
			break
		}
		p.pred[j] = x
		p.fixes[j]++
	}
	return r.Start + pl.Scale(p.pred[j], m)
}

// Request predicts the job's request (its estimate).
type Request struct{}

func (Request) Predict(s *sim.State, j int, _ []int) float64 { return s.Job(j).Est() }
func (Request) Learn(*sim.State, int)                        {}

// Double predicts twice the request.
type Double struct{}

func (Double) Predict(s *sim.State, j int, _ []int) float64 { return 2 * s.Job(j).Est() }
func (Double) Learn(*sim.State, int)                        {}

// Clairvoyant predicts the job's actual run time.
type Clairvoyant struct{}

func (Clairvoyant) Predict(s *sim.State, j int, _ []int) float64 { return s.Job(j).Run }
func (Clairvoyant) Learn(*sim.State, int)                        {}

// Avg2 is Tsafrir, Etsion & Feitelson's prediction as pyss runs it: the
// mean of the run times of the user's last two ended jobs, rounded down
// to a second and capped by the request; the request while the user has
// ended fewer than two jobs.
//
// Interpretation: the user is sim.Job.User (a trace's field 12; every job
// without one shares the unknown user).
type Avg2 struct {
	hist map[int][2]float64 // user -> last two run times, most recent last
	n    map[int]int        // user -> ended jobs, up to 2
}

func (a *Avg2) Predict(s *sim.State, j int, _ []int) float64 {
	job := s.Job(j)
	if a.n[job.User] < 2 {
		return job.Est()
	}
	h := a.hist[job.User]
	return min(math.Floor((h[0]+h[1])/2), job.Est())
}

func (a *Avg2) Learn(s *sim.State, j int) {
	if a.hist == nil {
		a.hist, a.n = map[int][2]float64{}, map[int]int{}
	}
	job := s.Job(j)
	h := a.hist[job.User]
	a.hist[job.User] = [2]float64{h[1], job.Run}
	a.n[job.User] = min(a.n[job.User]+1, 2)
}

// predictions and corrections of the registry, in the order help lists them.
var (
	predictionNames = []string{"reqtime", "double", "clairvoyant", "avg2", "sgd"}
	newModel        = map[string]func() Model{
		"reqtime":     func() Model { return Request{} },
		"double":      func() Model { return Double{} },
		"clairvoyant": func() Model { return Clairvoyant{} },
		"avg2":        func() Model { return &Avg2{} },
		"sgd":         func() Model { return NewSGD(DefaultSGD) },
	}
	// exact predictions are never outlived on a clean log (run time at most
	// the request), so they also come without a correction.
	exact       = map[string]bool{"reqtime": true, "double": true, "clairvoyant": true}
	corrections = []Correction{ReqTime, Tsafrir, Doubling}
)

func init() {
	for _, sjbf := range []bool{false, true} {
		prefix, label := "easypred", "EASY-pred"
		if sjbf {
			prefix, label = "easypp", "EASY++"
		}
		for _, pn := range predictionNames {
			newM := newModel[pn]
			reg := func(name, text string, c Correction) {
				sched.Register(name, sched.Info{Label: label + " (" + text + ")", Family: "queue-based", New: func(rand.Source) sim.Scheduler {
					return NewPredicted(newM(), c, sjbf)
				}})
			}
			// easypp-reqtime is today's name of EASY++ with avg2 and the
			// reqtime correction (below); EASY++ on requests is easy-sjbf.
			if exact[pn] && !(sjbf && pn == "reqtime") {
				reg(prefix+"-"+pn, pn, NoCorrection)
			}
			for _, c := range corrections {
				reg(prefix+"-"+pn+"-"+c.String(), pn+", "+c.String(), c)
			}
		}
	}
	// The names EASY++ had before the grid: avg2 predictions.
	for _, c := range []Correction{ReqTime, Doubling} {
		sched.Register("easypp-"+c.String(), sched.Info{Label: "EASY++ (" + c.String() + ")", Family: "queue-based", New: func(rand.Source) sim.Scheduler {
			return NewEASYPP(c)
		}})
	}
}
