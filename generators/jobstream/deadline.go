package jobstream

import (
	"fmt"
	"math/rand/v2"
)

// Machine is one generated machine: CPUs of one speed.
type Machine struct {
	CPUs  int
	Speed float64
}

// Platform is the generated set of machines; job run times are given on a
// machine of speed RefSpeed.
type Platform struct {
	Machines []Machine
	RefSpeed float64
}

// Job is one generated job: it arrives at Submit, runs Run seconds at the
// reference speed on CPUs CPUs of one machine and, when HasDeadline, should
// end by Deadline. internal/adapt turns it into the simulator's job.
type Job struct {
	ID          int64
	Submit, Run float64
	CPUs        int
	HasDeadline bool
	Deadline    float64
}

// Spec describes one workload stream and its platform. Ranges are inclusive
// for integers and [lo, hi) for reals.
type Spec struct {
	Machines         int     // 150
	MachineCPUsMax   int     // machine CPUs ~ U{1..MachineCPUsMax}: 16
	SpeedMin         float64 // machine speed ~ U[SpeedMin, SpeedMax): 200
	SpeedMax         float64 // 600
	RefSpeed         float64 // run times are given on a machine of this speed: 300
	Jobs             int     // 3000
	MeanInterArrival float64 // seconds, exponential: 1..5
	RunMin, RunMax   float64 // run time at RefSpeed ~ U[RunMin, RunMax): 500, 3000
	JobCPUsMax       int     // job CPUs ~ U{1..JobCPUsMax}: 8
	DeadlineShare    float64 // share of jobs with a deadline: 0.7
	SlackMin         float64 // deadline = submit + run × U[SlackMin, SlackMax): 1.5
	SlackMax         float64 // 4
}

// Default returns the SPEC's stream with the given mean inter-arrival time.
func Default(meanInterArrival float64) Spec {
	return Spec{
		Machines: 150, MachineCPUsMax: 16, SpeedMin: 200, SpeedMax: 600, RefSpeed: 300,
		Jobs: 3000, MeanInterArrival: meanInterArrival, RunMin: 500, RunMax: 3000, JobCPUsMax: 8,
		DeadlineShare: 0.7, SlackMin: 1.5, SlackMax: 4,
	}
}

// Limits of a stream, generous for research and small enough that every
// time, deadline and metric stays finite: a run time of 1e308 once wrote
// +Inf and NaN into runs.csv.
const (
	MaxJobs  = 10_000_000 // jobs of one stream
	MaxCount = 1_000_000  // machines, CPUs of a machine, CPUs of a job
	MaxTime  = 4e9        // run times and the mean inter-arrival time, seconds (about 126 years)
	MaxSpeed = 1e9        // machine and reference speeds
	MaxSlack = 1e6        // deadline slack factor
)

// Validate reports the first unusable parameter.
func (s Spec) Validate() error {
	switch {
	case s.Machines < 1 || s.Machines > MaxCount:
		return specError([]string{"Machines"}, "Machines %d: need 1 to %d", s.Machines, MaxCount)
	case s.MachineCPUsMax < 1 || s.MachineCPUsMax > MaxCount:
		return specError([]string{"MachineCPUsMax"}, "MachineCPUsMax %d: need 1 to %d", s.MachineCPUsMax, MaxCount)
	case !(s.SpeedMin > 0 && s.SpeedMax >= s.SpeedMin && s.SpeedMax <= MaxSpeed):
		return specError([]string{"SpeedMin", "SpeedMax"}, "speeds [%g, %g): need 0 < min <= max <= %g", s.SpeedMin, s.SpeedMax, float64(MaxSpeed))
	case !(s.RefSpeed > 0 && s.RefSpeed <= MaxSpeed):
		return specError([]string{"RefSpeed"}, "RefSpeed %g: must be positive and <= %g", s.RefSpeed, float64(MaxSpeed))
	case s.Jobs < 0 || s.Jobs > MaxJobs:
		return specError([]string{"Jobs"}, "Jobs %d: need 0 to %d", s.Jobs, MaxJobs)
	case !(s.MeanInterArrival > 0 && s.MeanInterArrival <= MaxTime):
		return specError([]string{"MeanInterArrival"}, "MeanInterArrival %g: must be positive and <= %g s", s.MeanInterArrival, float64(MaxTime))
	case !(s.RunMin >= 0 && s.RunMax >= s.RunMin && s.RunMax <= MaxTime):
		return specError([]string{"RunMin", "RunMax"}, "run times [%g, %g): need 0 <= min <= max <= %g s", s.RunMin, s.RunMax, float64(MaxTime))
	case s.JobCPUsMax < 1 || s.JobCPUsMax > MaxCount:
		return specError([]string{"JobCPUsMax"}, "JobCPUsMax %d: need 1 to %d", s.JobCPUsMax, MaxCount)
	case s.JobCPUsMax > s.MachineCPUsMax:
		return specError([]string{"JobCPUsMax", "MachineCPUsMax"}, "JobCPUsMax %d > MachineCPUsMax %d: a job could need more CPUs than any machine has", s.JobCPUsMax, s.MachineCPUsMax)
	case !(s.DeadlineShare >= 0 && s.DeadlineShare <= 1):
		return specError([]string{"DeadlineShare"}, "DeadlineShare %g: must be in [0, 1]", s.DeadlineShare)
	case !(s.SlackMin >= 1 && s.SlackMax >= s.SlackMin && s.SlackMax <= MaxSlack):
		return specError([]string{"SlackMin", "SlackMax"}, "slack [%g, %g): need 1 <= min <= max <= %g", s.SlackMin, s.SlackMax, float64(MaxSlack))
	}
	return nil
}

// SpecError is an invalid Spec: the fields at fault (one, or a min and a
// max that are out of order) and why, so that a caller whose user named
// the fields otherwise (a study file's keys) can say which.
type SpecError struct {
	Fields []string // Spec's field names, e.g. SpeedMin, SpeedMax
	Why    string
}

func (e *SpecError) Error() string { return "deadline: " + e.Why }

func specError(fields []string, format string, a ...any) error {
	return &SpecError{fields, fmt.Sprintf(format, a...)}
}

// DrawPlatform draws the machines. The largest machine is given at least
// JobCPUsMax CPUs so that every job fits somewhere (with 150 machines of
// U{1..16} CPUs this almost never changes a draw; the rule is documented so
// small test platforms stay valid).
func DrawPlatform(s Spec, src rand.Source) Platform {
	r := rand.New(src)
	p := Platform{RefSpeed: s.RefSpeed, Machines: make([]Machine, s.Machines)}
	biggest := 0
	for i := range p.Machines {
		p.Machines[i] = Machine{
			CPUs:  1 + r.IntN(s.MachineCPUsMax),
			Speed: s.SpeedMin + r.Float64()*(s.SpeedMax-s.SpeedMin),
		}
		if p.Machines[i].CPUs > p.Machines[biggest].CPUs {
			biggest = i
		}
	}
	if need := min(s.JobCPUsMax, s.MachineCPUsMax); p.Machines[biggest].CPUs < need {
		p.Machines[biggest].CPUs = need
	}
	return p
}

// DrawJobs draws the job stream. The first job arrives at time 0.
func DrawJobs(s Spec, src rand.Source) []Job {
	r := rand.New(src)
	jobs := make([]Job, s.Jobs)
	t := 0.0
	for i := range jobs {
		if i > 0 {
			t += r.ExpFloat64() * s.MeanInterArrival
		}
		run := s.RunMin + r.Float64()*(s.RunMax-s.RunMin)
		j := Job{ID: int64(i), Submit: t, Run: run, CPUs: 1 + r.IntN(s.JobCPUsMax)}
		// Two draws for every job, used or not, so that the deadline share
		// does not shift the rest of the stream.
		has, slack := r.Float64() < s.DeadlineShare, s.SlackMin+r.Float64()*(s.SlackMax-s.SlackMin)
		if has {
			j.HasDeadline = true
			j.Deadline = t + run*slack
		}
		jobs[i] = j
	}
	return jobs
}

// Instance is a platform and a job stream drawn together.
type Instance struct {
	Platform Platform
	Jobs     []Job
}

// Generate draws a platform and a job stream from two independent streams
// of one seed, so changing the number of jobs does not change the platform.
func Generate(s Spec, seed uint64) (Instance, error) {
	if err := s.Validate(); err != nil {
		return Instance{}, err
	}
	return Instance{
		Platform: DrawPlatform(s, rand.NewPCG(seed, 0x706c6174666f726d)), // "platform"
		Jobs:     DrawJobs(s, rand.NewPCG(seed, 0x6a6f627374726561)),     // "jobstrea"
	}, nil
}

// OfferedLoad is the work a stream brings per second divided by the work
// the platform can do per second: Σ run·CPUs / span over Σ CPUs·speed/ref.
// Above 1 the queue grows without bound.
func OfferedLoad(inst Instance) float64 {
	if len(inst.Jobs) < 2 {
		return 0
	}
	var work float64
	for _, j := range inst.Jobs {
		work += j.Run * float64(j.CPUs)
	}
	span := inst.Jobs[len(inst.Jobs)-1].Submit - inst.Jobs[0].Submit
	ref := inst.Platform.RefSpeed
	if ref == 0 {
		ref = 1
	}
	var capacity float64
	for _, m := range inst.Platform.Machines {
		capacity += float64(m.CPUs) * m.Speed / ref
	}
	return work / span / capacity
}

// ExpectedOfferedLoad is OfferedLoad in expectation over the Spec's
// distributions: E[run]·E[CPUs]/mean inter-arrival over
// machines·E[CPUs]·E[speed]/ref.
func ExpectedOfferedLoad(s Spec) float64 {
	demand := (s.RunMin + s.RunMax) / 2 * float64(1+s.JobCPUsMax) / 2 / s.MeanInterArrival
	capacity := float64(s.Machines) * float64(1+s.MachineCPUsMax) / 2 * (s.SpeedMin + s.SpeedMax) / 2 / s.RefSpeed
	return demand / capacity
}
