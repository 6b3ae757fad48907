package timeshared

import (
	"fmt"
	"sync"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// Trace is a whole trace reduced to what the time-sharing simulator and
// the roundrobin study's Figure 2 need. It is shared between goroutines
// and must not be modified.
type Trace struct {
	Path string
	// Jobs are every record of the trace in file order, as the simulator
	// sees them (Priority unset: it is assigned per window); Run < 0 marks
	// a record the simulator never deals.
	Jobs []timeshare.Job
	// Submits are the recorded submit times in file order.
	Submits []float64
	Users   int
	// Skipped counts records the simulator never deals: no recorded run
	// time, or (NoSubmit of them) no recorded submit time.
	Skipped, NoSubmit int
}

// cache holds each trace read by this process, by path: the executor is
// called concurrently for hundreds of runs of the same trace, and reading
// 188,041 gzipped lines for each would dominate the experiment.
var cache struct {
	sync.Mutex
	m map[string]*cacheEntry
}

type cacheEntry struct {
	once sync.Once
	t    *Trace
	err  error
}

// LoadTrace reads the trace at path once per process and content, and
// returns the shared copy. Concurrent callers for the same path wait for
// one read; a program that edits the trace between two studies reads it again.
func LoadTrace(path string) (*Trace, error) {
	key := path
	if sum, err := bench.InputSHA256(path); err == nil {
		key += "|" + sum
	}
	cache.Lock()
	if cache.m == nil {
		cache.m = map[string]*cacheEntry{}
	}
	e := cache.m[key]
	if e == nil {
		e = &cacheEntry{}
		cache.m[key] = e
	}
	cache.Unlock()
	e.once.Do(func() { e.t, e.err = ReadTrace(path) })
	return e.t, e.err
}

// ReadTrace streams the trace, keeping only the few fields the simulator
// and Figure 2 need (a full trace.Job is ~40 times larger).
func ReadTrace(path string) (*Trace, error) {
	r, err := trace.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := &Trace{Path: path}
	users := map[int]bool{}
	for r.Next() {
		if t.Jobs == nil { // sized once: see trace.CapacityOf
			n := trace.CapacityOf(r, 0)
			t.Jobs, t.Submits = make([]timeshare.Job, 0, n), make([]float64, 0, n)
		}
		j := r.Job()
		tj := adapt.TimeshareJob(&j) // Run < 0: left out (no recorded submit or run time)
		if adapt.HasSubmit(&j) {
			t.Submits = append(t.Submits, j.Submit)
		} else {
			t.NoSubmit++
		}
		if tj.Run < 0 {
			t.Skipped++
		}
		t.Jobs = append(t.Jobs, tj)
		if j.User >= 0 {
			users[j.User] = true
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if len(t.Jobs) == 0 {
		return nil, fmt.Errorf("%s: no job records", path)
	}
	if err := timeshare.Check(t.Jobs); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t.Users = len(users)
	return t, nil
}

// ReadJobs streams the first maxJobs job records of the trace at path (all
// when maxJobs <= 0) as the simulator sees them, in file order: Run < 0
// marks a record it never deals. A record is read into a trace.Job of
// some 330 bytes, with strings for GWF's columns, and kept as a
// timeshare.Job of 40: RICC-2010-2's 447,794 jobs read whole
// (trace.ReadAll) were 147 MB for the collector to scan.
func ReadJobs(path string, maxJobs int) ([]timeshare.Job, error) {
	r, err := trace.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var jobs []timeshare.Job
	for (maxJobs <= 0 || len(jobs) < maxJobs) && r.Next() {
		if jobs == nil {
			jobs = make([]timeshare.Job, 0, trace.CapacityOf(r, maxJobs))
		}
		j := r.Job()
		jobs = append(jobs, adapt.TimeshareJob(&j))
	}
	return jobs, r.Err()
}
