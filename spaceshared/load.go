package spaceshared

import (
	"fmt"
	"sync"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/adapt"
)

// Input is what Load reads: the first MaxJobs valid jobs (all when <= 0)
// of the trace or Batsim workload at Path, for one machine of CPUs CPUs
// (when <= 0, a Batsim workload's nb_res or a trace header's MaxProcs), Estimate the run-time estimate
// schedulers see, Speed the flop/s that parallel_homogeneous profiles run
// at (LoadWorkload's rules).
type Input struct {
	Path     string
	MaxJobs  int
	CPUs     int
	Estimate Estimate
	Speed    float64
	// Artefact reads Path as an SC'15 artefact schedule (the authors'
	// input in job-id order, their machine size when CPUs <= 0, their
	// starts as Loaded.Starts; CPUs > 0 must be that size).
	Artefact bool
	// Kept keeps each job's record fields a schedule written as SWF
	// keeps (Workload.Kept; none for an artefact schedule).
	Kept bool
}

// Loaded is what Load read: the workload and, for an artefact schedule,
// the starts of the authors' own schedule, indexed like Jobs.
type Loaded struct {
	Workload
	Starts []float64
}

// Load reads in once per process and file content, whichever caller asks
// first: `gridbench simulate`, the backfilling study and study files all
// load through it, so a trace that many runs simulate is read once, and a
// program that runs again after the file was edited reads the new one.
// The jobs are shared between callers: read them, never modify them.
func Load(in Input) (Loaded, error) {
	sum, err := bench.InputSHA256(in.Path)
	if err != nil {
		return read(in) // no regular file there: the reader says what is wrong
	}
	key := fmt.Sprintf("%s|%s|%d|%d|%s|%v|%t|%t", in.Path, sum, in.MaxJobs, in.CPUs, in.Estimate, in.Speed, in.Artefact, in.Kept)
	loads.mu.Lock()
	e, ok := loads.m[key]
	if !ok {
		if loads.m == nil {
			loads.m = map[string]*loadEntry{}
		}
		e = &loadEntry{}
		loads.m[key] = e
	}
	loads.mu.Unlock()
	e.once.Do(func() { e.l, e.err = read(in) })
	if e.err != nil {
		// Not kept: a later call tries again.
		loads.mu.Lock()
		if loads.m[key] == e {
			delete(loads.m, key)
		}
		loads.mu.Unlock()
	}
	return e.l, e.err
}

// loads is Load's cache, by path, content hash and the rest of Input.
var loads struct {
	mu sync.Mutex
	m  map[string]*loadEntry
}

type loadEntry struct {
	once sync.Once
	l    Loaded
	err  error
}

// read loads in from its file.
func read(in Input) (Loaded, error) {
	if !in.Artefact {
		w, err := adapt.LoadWorkloadKeeping(in.Path, in.MaxJobs, in.CPUs, in.Estimate, in.Speed, in.Kept)
		return Loaded{Workload: w}, err
	}
	a, err := adapt.LoadArtefact(in.Path, in.Estimate)
	if err != nil {
		return Loaded{Workload: Workload{CPUs: in.CPUs}}, err
	}
	if in.CPUs > 0 && in.CPUs != a.CPUs {
		return Loaded{Workload: Workload{CPUs: in.CPUs}}, fmt.Errorf("%s: --cpus %d, but the artefact schedule ran %d CPUs (its MaxProcs)", in.Path, in.CPUs, a.CPUs)
	}
	if in.MaxJobs > 0 && in.MaxJobs < len(a.Jobs) {
		a.Jobs, a.Starts = a.Jobs[:in.MaxJobs], a.Starts[:in.MaxJobs]
	}
	return Loaded{Workload: Workload{Jobs: a.Jobs, CPUs: a.CPUs}, Starts: a.Starts}, nil
}
