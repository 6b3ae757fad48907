package roundrobin

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// TraceSource is one trace the experiment can run on, in order of
// preference.
type TraceSource struct {
	ID    string // datadir catalogue id
	Rel   string // path below the data root
	Label string // how figures name it
	// Published is true for the trace the paper used (AuverGrid).
	Published bool
}

// Sources are the traces looked for, first found wins: the paper's
// AuverGrid, then the LCG log the SPEC names as its stand-in.
var Sources = []TraceSource{
	{ID: "auvergrid", Rel: "auvergrid/anon_jobs.gwf", Label: "AuverGrid (GWA-T-4)", Published: true},
	{ID: "lcg-2005-1", Rel: "LCG-2005-1/LCG.swf.gz", Label: "LCG-2005-1"},
}

// Trace is a whole trace reduced to what the experiment needs. It is
// shared between goroutines and must not be modified.
type Trace struct {
	Source TraceSource
	Path   string
	// Jobs are every record of the trace in file order, as the simulator
	// sees them (Priority unset: it is assigned per window).
	Jobs []timeshare.Job
	// Submits are the recorded submit times in file order, for Figure 2.
	Submits []float64
	Users   int
	// Skipped counts records the simulator never deals: no recorded run
	// time, or (NoSubmit of them) no recorded submit time.
	Skipped, NoSubmit int
}

// Note is the line every figure carries to say which trace it shows.
func (s TraceSource) Note() string {
	if s.Published {
		return "trace: " + s.Label + " (as in the paper)"
	}
	return "trace: " + s.Label + " (AuverGrid not available)"
}

// FindTrace returns the path and source of the first trace of Sources
// found below the data roots (dataDir is the --data flag). When none is
// found the error names every file and where to get it.
func FindTrace(dataDir string) (string, TraceSource, error) {
	var msgs []string
	for _, s := range Sources {
		hint := ""
		if d, ok := datadir.Lookup(s.ID); ok {
			hint = d.Where
		}
		p, err := datadir.Find(dataDir, s.Rel, hint)
		if err == nil {
			return p, s, nil
		}
		if !errors.Is(err, datadir.ErrMissing) {
			return "", s, err
		}
		msgs = append(msgs, "  - "+err.Error())
	}
	return "", TraceSource{}, fmt.Errorf("%s: no trace found (%w); the experiment runs on the first of these it finds:\n%s",
		Name, datadir.ErrMissing, strings.Join(msgs, "\n"))
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
func LoadTrace(path string, src TraceSource) (*Trace, error) {
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
	e.once.Do(func() { e.t, e.err = readTrace(path, src) })
	return e.t, e.err
}

// readTrace streams the trace, keeping only the few fields the simulator
// and Figure 2 need (a full trace.Job is ~40 times larger).
func readTrace(path string, src TraceSource) (*Trace, error) {
	r, err := trace.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := &Trace{Source: src, Path: path}
	users := map[int]bool{}
	for r.Next() {
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
