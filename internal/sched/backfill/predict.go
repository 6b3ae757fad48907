package backfill

import "github.com/gridbench/gridbench/internal/sim"

// Correction says what EASY++ does when a running job outlives its
// prediction (the simulator kills nothing: jobs run their trace run time).
type Correction int

const (
	// ReqTime raises the prediction to the job's request (its estimate).
	ReqTime Correction = iota
	// Doubling doubles the prediction, capped by the request, as often as
	// needed to pass the current time.
	Doubling
)

// Predictor is EASY++'s run-time predictor (Tsafrir, Etsion & Feitelson
// 2007): a job's prediction is the mean run time of its user's last two
// completed jobs (the one run time when the user has completed one job),
// capped by the job's request; the request itself when the user has
// completed none. "Completed" is in the order the simulator reports
// completions, as of the job's arrival. A job that started before now and
// whose predicted end is not after now has outlived its prediction and is
// corrected (a zero prediction is raised to the request); a job past its
// request counts, like in EASY, as ending now.
//
// Interpretations: the user is sim.Job.User (a trace's field 12; every
// job without one shares the unknown user); run times in the history are
// at the reference speed.
type Predictor struct {
	Correction Correction
	pred       []float64         // job -> current prediction at the reference speed
	hist       map[int][]float64 // user -> last run times, most recent last (at most two)
}

// NewEASYPP returns EASY++: arrival order for the queue, backfilling in
// order of shortest prediction first (SJBF), predictions in place of
// estimates everywhere.
func NewEASYPP(c Correction) *Order {
	return &Order{Backfill: SJF, Pred: &Predictor{Correction: c}}
}

func (p *Predictor) arrive(s *sim.State, j int) {
	if p.pred == nil {
		p.pred = make([]float64, s.NumJobs())
		p.hist = map[int][]float64{}
	}
	job := s.Job(j)
	req := job.Est()
	h := p.hist[job.User]
	x := req
	switch len(h) {
	case 1:
		x = h[0]
	case 2:
		x = (h[0] + h[1]) / 2
	}
	p.pred[j] = min(x, req)
}

func (p *Predictor) complete(s *sim.State, j int) {
	job := s.Job(j)
	h := p.hist[job.User]
	if len(h) == 2 {
		h[0], h[1] = h[1], job.Run
	} else {
		h = append(h, job.Run)
	}
	p.hist[job.User] = h
}

// correct applies the correction to every running job that has outlived
// its prediction. Correcting lazily, at the next pass, gives the same
// predictions as correcting at the instant of expiry: the simulator calls
// no scheduler in between.
func (p *Predictor) correct(s *sim.State) {
	if p.pred == nil {
		return
	}
	now := s.Now()
	pl := s.Platform()
	for m := range pl.Machines {
		for _, r := range s.RunningJobs(m) {
			j := r.Job
			req := s.Job(j).Est()
			for r.Start < now && p.pred[j] < req && r.Start+pl.Scale(p.pred[j], m) <= now {
				switch p.Correction {
				case ReqTime:
					p.pred[j] = req
				case Doubling:
					p.pred[j] = min(2*p.pred[j], req)
					if p.pred[j] == 0 {
						p.pred[j] = req // doubling zero never ends
					}
				}
			}
		}
	}
}
