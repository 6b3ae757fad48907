package lublin

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/gridbench/gridbench/generators/trace"
	"gonum.org/v1/gonum/stat/distuv"
)

// Type is a job's type in the model.
type Type int

// The two job types; the SWF output puts them in field 15 (queue), as the
// authors' generator does.
const (
	Interactive Type = 0
	Batch       Type = 1
)

// Params are one job type's model parameters.
type Params struct {
	SerialProb, Pow2Prob, ULow, UMed, UHi, UProb float64 // sizes
	A1, B1, A2, B2, PA, PB                       float64 // ln(run time)
	AArr, BArr, ANum, BNum, ARAR                 float64 // arrivals
}

// Published parameters (128 nodes).
var (
	BatchParams = Params{
		SerialProb: 0.2927, Pow2Prob: 0.6686, ULow: 1.2, UMed: 5, UHi: 7, UProb: 0.875,
		A1: 6.57, B1: 0.823, A2: 639.1, B2: 0.0156, PA: -0.003, PB: 0.6986,
		AArr: 6.0415, BArr: 0.8531, ANum: 6.1271, BNum: 5.2740, ARAR: 1.0519,
	}
	InteractiveParams = Params{
		SerialProb: 0.1541, Pow2Prob: 0.625, ULow: 1, UMed: 3, UHi: 5.5, UProb: 0.705,
		A1: 3.8351, B1: 0.6605, A2: 7.073, B2: 0.6856, PA: -0.0118, PB: 0.9156,
		AArr: 6.5510, BArr: 0.6621, ANum: 8.9186, BNum: 3.6680, ARAR: 0.9797,
	}
	// WholeParams are the model's parameters fitted on all jobs without
	// the interactive/batch split (the authors' generator with
	// INCLUDE_JOBS_TYPE 0); Config.Typeless uses them for every job.
	WholeParams = Params{
		SerialProb: 0.244, Pow2Prob: 0.576, ULow: 0.8, UMed: 4.5, UHi: 7, UProb: 0.86,
		A1: 4.2, B1: 0.94, A2: 312, B2: 0.03, PA: -0.0054, PB: 0.78,
		AArr: 10.2303, BArr: 0.4871, ANum: 8.1737, BNum: 3.9631, ARAR: 1.0225,
	}
)

const (
	buckets       = 48 // half hours in a day
	bucketSeconds = 86400 / buckets
	dayStart      = 11 // the arrival-count gamma is over half-hour buckets 11..58 (05:00 to 05:00)
	maxLogRun     = 12 // e^12 s ≈ 1.9 days
	maxLogArrive  = 13
)

// Job is one generated job.
type Job struct {
	ID     int
	Submit float64 // seconds from the start (midnight)
	Run    float64 // seconds, an integer
	CPUs   int
	Type   Type
}

// Config is what a workload is generated from.
type Config struct {
	Jobs int    // number of jobs, >= 1
	CPUs int    // machine size, >= 1; the published model is for 128
	Seed uint64 // the same seed gives the same jobs
	// Typeless draws every job from WholeParams (type Interactive, as the
	// authors' generator labels them) instead of two typed streams.
	Typeless bool
}

// stream is one job type's arrival process and draws.
type stream struct {
	p       Params
	w       [buckets]float64 // bucket weights, mean 1
	bucket  int
	points  float64
	rem     float64
	next    float64 // next arrival time
	arrGam  distuv.Gamma
	g1, g2  distuv.Gamma
	maxCPUs int
}

// Weights returns the model's daily arrival weights of a job type: the
// share of the type's arrivals in each half-hour bucket (0 = 00:00–00:30)
// times 48, so they average 1.
//
// They depend on the parameters ANum and BNum alone, and take 96 gamma
// CDFs: a study of 120,000 runs of 5 jobs each spent 8% of its CPU
// computing them again for each instance. The last weights computed are
// kept, per pair of parameters, up to weightsKept pairs (the model has
// two, one a job type); past that, they are computed each time.
func Weights(p Params) [buckets]float64 {
	k := [2]float64{p.ANum, p.BNum}
	weightsMu.Lock()
	w, ok := weightsMemo[k]
	weightsMu.Unlock()
	if ok {
		return w
	}
	w = weights(p)
	weightsMu.Lock()
	if len(weightsMemo) < weightsKept {
		weightsMemo[k] = w
	}
	weightsMu.Unlock()
	return w
}

// weightsKept bounds the pairs of parameters whose weights Weights keeps.
const weightsKept = 64

var (
	weightsMu   sync.Mutex
	weightsMemo = map[[2]float64][buckets]float64{}
)

// weights computes Weights.
func weights(p Params) [buckets]float64 {
	var w [buckets]float64
	g := distuv.Gamma{Alpha: p.ANum, Beta: 1 / p.BNum}
	sum := 0.0
	for i := dayStart; i < buckets+dayStart; i++ {
		k := (i - 1) % buckets
		w[k] = g.CDF(float64(i)+0.5) - g.CDF(float64(i)-0.5)
		sum += w[k]
	}
	for k := range w {
		w[k] *= buckets / sum
	}
	return w
}

func newStream(p Params, src rand.Source, cpus int) *stream {
	s := &stream{p: p, w: Weights(p), maxCPUs: cpus}
	s.arrGam = distuv.Gamma{Alpha: p.AArr * p.ARAR, Beta: 1 / p.BArr, Src: src}
	s.g1 = distuv.Gamma{Alpha: p.A1, Beta: 1 / p.B1, Src: src}
	s.g2 = distuv.Gamma{Alpha: p.A2, Beta: 1 / p.B2, Src: src}
	s.advance()
	return s
}

// advance draws the next inter-arrival time: e^g seconds at rush hour are
// e^g/1800 points, and each bucket costs its weight in points, so quiet
// hours (small weights) pass quickly.
func (s *stream) advance() {
	g := s.arrGam.Rand()
	for g > maxLogArrive {
		g = s.arrGam.Rand()
	}
	s.points += math.Exp(g) / bucketSeconds
	dt := 0.0
	for s.points > s.w[s.bucket] {
		s.points -= s.w[s.bucket]
		s.bucket = (s.bucket + 1) % buckets
		dt += bucketSeconds
	}
	rem := s.points / s.w[s.bucket]
	dt += bucketSeconds * (rem - s.rem)
	s.rem = rem
	s.next += dt
}

func (s *stream) size(r *rand.Rand) int {
	u := r.Float64()
	if u <= s.p.SerialProb {
		return 1
	}
	lo, hi := s.p.UMed, s.p.UHi
	if r.Float64() <= s.p.UProb {
		lo, hi = s.p.ULow, s.p.UMed
	}
	x := lo + r.Float64()*(hi-lo)
	if u <= s.p.SerialProb+s.p.Pow2Prob {
		x = math.Round(x)
	}
	// On a machine of a few CPUs the scaled range reaches below log2(1):
	// a parallel job is then at least one CPU, never zero.
	return max(1, min(int(math.Round(math.Exp2(x))), s.maxCPUs))
}

func (s *stream) run(r *rand.Rand, n int) float64 {
	p := min(max(s.p.PA*float64(n)+s.p.PB, 0), 1)
	for {
		g := &s.g2
		if r.Float64() <= p {
			g = &s.g1
		}
		if x := g.Rand(); x <= maxLogRun {
			return math.Floor(math.Exp(x))
		}
	}
}

// Scaled returns p for a machine of cpus nodes: UMed and UHi move by
// log2(cpus) − 7.
func Scaled(p Params, cpus int) Params {
	d := math.Log2(float64(cpus)) - 7
	p.UMed += d
	p.UHi += d
	p.ULow = min(p.ULow, p.UMed)
	return p
}

// MaxCPUs bounds Config.CPUs, as it does every machine size in gridbench.
const MaxCPUs = 1_000_000

// Generate draws c.Jobs jobs in arrival order.
func Generate(c Config) ([]Job, error) {
	if c.Jobs < 1 || c.Jobs > trace.MaxRecords {
		return nil, fmt.Errorf("lublin: --jobs %d: need 1 to %d (what an SWF trace may hold)", c.Jobs, trace.MaxRecords)
	}
	if c.CPUs < 1 || c.CPUs > MaxCPUs {
		return nil, fmt.Errorf("lublin: --cpus %d: need 1 to %d", c.CPUs, MaxCPUs)
	}
	src := rand.NewPCG(c.Seed, 0x4c75626c696e) // "Lublin"
	r := rand.New(src)
	var streams [2]*stream
	if c.Typeless {
		streams[Interactive] = newStream(Scaled(WholeParams, c.CPUs), src, c.CPUs)
	} else {
		streams[Interactive] = newStream(Scaled(InteractiveParams, c.CPUs), src, c.CPUs)
		streams[Batch] = newStream(Scaled(BatchParams, c.CPUs), src, c.CPUs)
	}
	jobs := make([]Job, 0, c.Jobs)
	for i := range c.Jobs {
		t := Interactive
		if streams[Batch] != nil && streams[Batch].next < streams[Interactive].next {
			t = Batch
		}
		s := streams[t]
		submit := math.Floor(s.next)
		if submit > trace.MaxSeconds {
			// About 7.7 million jobs of the typed model, 4.4 million
			// typeless: the trace would be one no reader takes.
			return nil, fmt.Errorf("lublin: job %d of %d arrives at %.0f s, beyond the %g s an SWF trace may span; draw fewer jobs", i+1, c.Jobs, submit, trace.MaxSeconds)
		}
		s.advance()
		n := s.size(r)
		jobs = append(jobs, Job{ID: i + 1, Submit: submit, Run: s.run(r, n), CPUs: n, Type: t})
	}
	return jobs, nil
}

// WriteSWF writes jobs as a Standard Workload Format log for a machine of
// cpus nodes: fields 1 (id), 2 (submit), 4 (run), 5 and 8 (CPUs), 11
// (status 1) and 15 (queue: 0 interactive, 1 batch); the others are -1.
func WriteSWF(w io.Writer, jobs []Job, c Config) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "; Version: 2.2\n; Computer: synthetic (Lublin & Feitelson 2003 workload model)\n")
	typeless := ""
	if c.Typeless {
		typeless = " --typeless"
	}
	fmt.Fprintf(bw, "; Note: generated by gridbench workload generate lublin --jobs %d --cpus %d --seed %d%s\n", c.Jobs, c.CPUs, c.Seed, typeless)
	fmt.Fprintf(bw, "; MaxJobs: %d\n; MaxRecords: %d\n; MaxNodes: %d\n; MaxProcs: %d\n", len(jobs), len(jobs), c.CPUs, c.CPUs)
	fmt.Fprintf(bw, "; MaxQueues: 2\n; Queue: 0 interactive\n; Queue: 1 batch\n;\n")
	for _, j := range jobs {
		fmt.Fprintf(bw, "%d %.0f -1 %.0f %d -1 -1 %d -1 -1 1 -1 -1 -1 %d -1 -1 -1\n", j.ID, j.Submit, j.Run, j.CPUs, j.CPUs, j.Type)
	}
	return bw.Flush()
}
