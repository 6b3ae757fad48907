package roundrobin

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/timeshared"
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

// Trace is a whole trace reduced to what the experiment needs, with the
// source it came from. It is shared between goroutines and must not be
// modified.
type Trace struct {
	Source TraceSource
	*timeshared.Trace
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

// LoadTrace reads the trace at path once per process and content
// (timeshared.LoadTrace) and says it came from src.
func LoadTrace(path string, src TraceSource) (*Trace, error) {
	t, err := timeshared.LoadTrace(path)
	if err != nil {
		return nil, err
	}
	return &Trace{Source: src, Trace: t}, nil
}

// readTrace reads the trace at path without the cache.
func readTrace(path string, src TraceSource) (*Trace, error) {
	t, err := timeshared.ReadTrace(path)
	if err != nil {
		return nil, err
	}
	return &Trace{Source: src, Trace: t}, nil
}
