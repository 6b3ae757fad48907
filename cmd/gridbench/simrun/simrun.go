// Package simrun is the driver of `gridbench simulate`: it loads the first
// valid jobs of an SWF trace or a Batsim workload (spaceshared.Load), runs a registered scheduler
// on one machine, checks the result and writes the jobs file and SWF log
// (internal/jobsout). It keeps
// I/O out of internal/sim, which stays a pure state machine.
package simrun

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/atomicfile"
	"github.com/gridbench/gridbench/internal/jobsout"
	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
	"github.com/gridbench/gridbench/spaceshared"
)

// WriteJobsCSV writes one row per job, in job order:
// job_id,submit,start,end,machine (jobsout.Short), with times in the
// shortest 'g' form that reads back exactly. The file is written under a
// temporary name and renamed, so a reader never sees half a file.
func WriteJobsCSV(path string, jobs []sim.Job, recs []sim.Record) error {
	return writeFile(path, func(w io.Writer) error {
		return jobsout.WriteShort(w, &jobsout.Schedule{Jobs: jobs, Records: recs})
	}, nil)
}

// writeFile writes path atomically through write; with gate set, it calls
// gate once the rows are written and renames the file into place only if
// it returns nil.
func writeFile(path string, write func(io.Writer) error, gate func() error) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		if err := write(w); err != nil {
			return err
		}
		if gate != nil {
			return gate()
		}
		return nil
	})
}

// Outputs says which files a simulation writes; an empty path writes
// nothing.
type Outputs struct {
	Jobs   string         // the jobs file
	Format jobsout.Format // its layout; empty means jobsout.Evalys
	SWF    string         // the schedule as an SWF log
	Note   string         // a line for the SWF log's header, e.g. the algorithm
}

// Result is the outcome of Simulate.
type Result struct {
	Jobs    []sim.Job
	Records []sim.Record
	Skipped adapt.Skipped
	Work    int64 // the scheduler's work counter at the end
	// CPUs of the machine: Input.CPUs, or the Batsim workload's nb_res,
	// or the trace header's MaxProcs.
	CPUs int
	// Profiles has each job's Batsim profile name (nil for a trace).
	Profiles []string
	// RefStarts are the starts of the artefact's own schedule, indexed
	// like Jobs (Input.Artefact only).
	RefStarts []float64
	// Header is the trace's comment header (nil for a Batsim workload).
	Header *trace.Header
	// Kept has each job's record fields the SWF log keeps, indexed like
	// Jobs (nil but for SimulateOut with an SWF log to write).
	Kept []trace.Kept
	// PastWalltime counts a Batsim workload's jobs that run as long as
	// their walltime or longer (adapt.Workload.PastWalltime).
	PastWalltime int
	// Repeated counts the jobs whose id an earlier job has, FirstRepeated
	// names the first (adapt.Workload.Repeated).
	Repeated      int
	FirstRepeated string
}

// Input is what a simulation reads: the first MaxJobs valid jobs (all
// when <= 0) of the trace or Batsim workload at Path, for one machine of
// CPUs CPUs (when <= 0, a Batsim workload's nb_res or a trace header's
// MaxProcs), Estimate the run-time
// estimate schedulers see, Speed the flop/s that parallel_homogeneous
// profiles run at (adapt.LoadWorkload).
type Input struct {
	Path     string
	MaxJobs  int
	CPUs     int
	Estimate adapt.Estimate
	Speed    float64
	Order    sim.EventOrder
	// Artefact reads Path as an SC'15 artefact schedule
	// (adapt.LoadArtefact): the authors' input in job-id order, their
	// machine size when CPUs <= 0, and their starts as Result.RefStarts.
	Artefact bool
	// Progress, when not nil, is told every ProgressEvery of wall time
	// (default 5 s) how many jobs have ended and how many wait: a long
	// run (CONS on a few hundred thousand jobs takes tens of seconds) says it is
	// alive, and why it slows.
	Progress      io.Writer
	ProgressEvery time.Duration
	// Context, when not nil, stops the simulation once it is done (the
	// command line's Ctrl-C): Simulate then returns an error that says
	// how far it got, and writes nothing.
	Context context.Context
	// kept keeps each job's record fields for the SWF log (SimulateOut).
	kept bool
}

// Simulate loads the trace, runs sched on one machine of cpus CPUs and
// checks the result against the simulator's invariants.
func Simulate(path string, maxJobs, cpus int, est adapt.Estimate, sched sim.Scheduler) (*Result, error) {
	res, p, err := simulate(Input{Path: path, MaxJobs: maxJobs, CPUs: cpus, Estimate: est}, sched)
	if err != nil {
		return nil, err
	}
	if err := sim.Check(p, res.Jobs, res.Records); err != nil {
		return nil, err
	}
	return res, nil
}

// SimulateTo is Simulate followed by WriteJobsCSV to jobsOut (the short
// format), as SimulateOut writes it.
func SimulateTo(path string, maxJobs, cpus int, est adapt.Estimate, sched sim.Scheduler, jobsOut string) (*Result, error) {
	return SimulateOut(Input{Path: path, MaxJobs: maxJobs, CPUs: cpus, Estimate: est}, sched, Outputs{Jobs: jobsOut, Format: jobsout.Short})
}

// SimulateOut is Simulate followed by writing the files out names (none
// when no job is left), with the check and the writing of the jobs file
// overlapped: a file is renamed into place only once the check has
// passed, so a failed check leaves no file, as Simulate's error before
// the write would.
func SimulateOut(in Input, sched sim.Scheduler, out Outputs) (*Result, error) {
	in.kept = out.SWF != ""
	res, p, err := simulate(in, sched)
	if err != nil {
		return nil, err
	}
	checked := make(chan error, 1)
	go func() { checked <- sim.Check(p, res.Jobs, res.Records) }()
	if len(res.Jobs) == 0 {
		return res, <-checked
	}
	format := out.Format
	if format == "" {
		format = jobsout.Evalys
	}
	s := &jobsout.Schedule{Platform: p, Jobs: res.Jobs, Records: res.Records, Workload: WorkloadName(in.Path), Profiles: res.Profiles,
		Origin: jobsout.OriginOf(res.Header), Kept: res.Kept}
	var cerr error
	gate := func() error {
		cerr = <-checked
		return cerr
	}
	if out.Jobs == "" {
		cerr = <-checked
	} else if werr := writeFile(out.Jobs, func(w io.Writer) error { return jobsout.Write(w, format, s) }, gate); cerr == nil && werr != nil {
		return nil, werr
	}
	if cerr != nil {
		return nil, cerr // the check's own message; no file was renamed
	}
	if out.SWF != "" {
		if err := writeFile(out.SWF, func(w io.Writer) error { return jobsout.WriteSWF(w, s, out.Note) }, nil); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// WorkloadName is a trace's file name without its extensions (.gz, .swf,
// .gwf, .json): the workload_name of the jobs it gives.
func WorkloadName(path string) string {
	name := filepath.Base(path)
	for _, ext := range []string{".gz", ".swf", ".gwf", ".json"} {
		if strings.HasSuffix(strings.ToLower(name), ext) && len(name) > len(ext) {
			name = name[:len(name)-len(ext)]
		}
	}
	return name
}

// MaxCPUs bounds a machine's CPU count, given or read from a trace's
// header or a Batsim workload (sim.CPULimit).
const MaxCPUs = sim.CPULimit

func simulate(in Input, sc sim.Scheduler) (*Result, sim.Platform, error) {
	w, ref, err := load(in)
	p := sim.SingleMachine(w.CPUs)
	if err != nil {
		return nil, p, err
	}
	if w.CPUs > MaxCPUs {
		return nil, p, fmt.Errorf("%s: a machine of %d CPUs: gridbench simulates up to %d; give --cpus N", in.Path, w.CPUs, MaxCPUs)
	}
	s, err := sim.NewWith(p, w.Jobs, sc, sim.Options{Order: in.Order})
	if err != nil {
		return nil, p, err
	}
	if err := run(s, len(w.Jobs), in); err != nil {
		return nil, p, err
	}
	// An exec: scheduler that wrote more lines than it was asked for had
	// its answers read one message late: its run does not count, and its
	// jobs CSV is not written.
	if err := sched.CloseScheduler(sc); err != nil {
		return nil, p, err
	}
	return &Result{Jobs: w.Jobs, Records: s.Records(), Skipped: w.Skipped, Work: s.Work(), CPUs: w.CPUs, Profiles: w.Profiles, RefStarts: ref, Header: w.Header, Kept: w.Kept,
		PastWalltime: w.PastWalltime, Repeated: w.Repeated, FirstRepeated: w.FirstRepeated}, p, nil
}

// run runs s to its end, reporting progress as in asks, or until
// in.Context is done.
func run(s *sim.Sim, jobs int, in Input) error {
	if in.Progress == nil && in.Context == nil {
		return s.Run()
	}
	every := in.ProgressEvery
	if every <= 0 {
		every = 5 * time.Second
	}
	t0 := time.Now()
	last := t0
	for i := 0; s.Advance(); i++ {
		s.Decide()
		if i%256 != 0 {
			continue // time.Now is read now and then, not at every instant
		}
		if in.Context != nil && in.Context.Err() != nil {
			return fmt.Errorf("simulate: interrupted after %d of %d jobs ended: nothing is written, and a simulation does not resume: run it again (%w)",
				s.JobsEnded(), jobs, context.Cause(in.Context))
		}
		if in.Progress == nil {
			continue
		}
		if now := time.Now(); now.Sub(last) >= every {
			last = now
			// No time left is guessed: a queue-based scheduler's time per
			// job follows the queue, which comes and goes in bursts.
			// The jobs waiting say why: CONS's, EG-EDF's and Tabu's time
			// per job grows with them.
			ended := s.JobsEnded()
			fmt.Fprintf(in.Progress, "simulate: %d/%d jobs ended (%d%%), %d waiting, %.0fs elapsed\n",
				ended, jobs, 100*ended/max(jobs, 1), s.State().QueueLen(), now.Sub(t0).Seconds())
		}
	}
	return s.Err()
}

// load reads in's jobs through the space-shared family's one loader
// (spaceshared.Load): a trace or Batsim workload, or an artefact schedule
// with its starts (the first MaxJobs by job id when > 0).
func load(in Input) (adapt.Workload, []float64, error) {
	l, err := spaceshared.Load(spaceshared.Input{Path: in.Path, MaxJobs: in.MaxJobs, CPUs: in.CPUs, Estimate: in.Estimate, Speed: in.Speed, Artefact: in.Artefact, Kept: in.kept})
	return l.Workload, l.Starts, err
}
