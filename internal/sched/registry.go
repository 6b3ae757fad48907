package sched

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/gridbench/gridbench/internal/registry"
	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
)

// Info describes one registered space-shared scheduler: its Label (how
// tables and figures name it, "EASY-BF"), its Family within the
// space-shared simulator ("queue-based": reads the waiting queue at each
// pass; "schedule-based": keeps a plan of future starts; or anything a
// researcher finds useful) and New, which builds a fresh scheduler for one
// run from the run's own seeded random source (derived from the run's
// identity; a deterministic scheduler ignores it).
type Info = registry.Info[func(src rand.Source) sim.Scheduler]

var reg = registry.New[func(src rand.Source) sim.Scheduler]("sched", false)

// Register makes an algorithm available by name. It panics if the name is
// empty, contains a colon (reserved for "exec:"), is already registered,
// differs from a registered name only in case, or info.New is nil:
// registration happens in init functions, where a clash is a programming
// error. Names are looked up exactly, but "EASY" beside "easy" would be
// two algorithms that read as one, and share a jobs file where the file
// system ignores case.
func Register(name string, info Info) {
	if strings.Contains(name, ":") {
		panic(fmt.Sprintf("sched: Register(%q): need a name without ':'", name))
	}
	for _, n := range reg.Names() {
		if n != name && strings.EqualFold(n, name) {
			panic(fmt.Sprintf("sched: Register(%q): %q is registered, a name that differs only in case; choose another", name, n))
		}
	}
	reg.Register(name, info, nil)
}

// Names returns the registered algorithm names, sorted.
func Names() []string { return reg.Sorted() }

// Lookup returns what is registered under name, or an error listing the
// available algorithms. A name "exec:COMMAND ARGS" is an external scheduler
// (package external, docs/scheduler-protocol.md): each New starts its own
// process, which the caller ends with Close (see CloseScheduler).
func Lookup(name string) (Info, error) {
	if cmd, ok := strings.CutPrefix(name, external.Prefix); ok {
		if _, err := external.New(cmd, 0); err != nil {
			return Info{}, err
		}
		return Info{Label: name, Family: "external", New: func(rand.Source) sim.Scheduler {
			x, _ := external.New(cmd, 0) // cannot fail: checked above
			return x
		}}, nil
	}
	info, ok := reg.Lookup(name)
	if !ok {
		return Info{}, fmt.Errorf("unknown or unavailable algorithm %q%s (available: %s, or exec:COMMAND ARGS)", name, registry.DidYouMean(reg.Suggest(name)), strings.Join(Names(), ", "))
	}
	return info, nil
}

// Label returns the registered label of name, or name itself (an
// exec: scheduler's label is its name). It does not start the command of
// an exec: name, nor build Lookup's error for an unknown one.
func Label(name string) string {
	if info, ok := reg.Lookup(name); ok {
		return info.Label
	}
	return name
}

// DefaultSource is the fixed source New hands to factories: callers that
// have no run identity (a one-off simulation, a test) still get a
// reproducible scheduler. Runners pass each run's own source to NewSeeded.
func DefaultSource() rand.Source { return rand.NewPCG(1, 2) }

// New builds a fresh scheduler by name with DefaultSource.
func New(name string) (sim.Scheduler, error) { return NewSeeded(name, DefaultSource()) }

// NewSeeded builds a fresh scheduler by name drawing from src
// (DefaultSource when src is nil). A factory that returns nil is an error.
func NewSeeded(name string, src rand.Source) (sim.Scheduler, error) {
	info, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	if src == nil {
		src = DefaultSource()
	}
	s := info.New(src)
	if s == nil {
		return nil, fmt.Errorf("scheduler %q: its Info.New returned nil; return the scheduler it builds", name)
	}
	return s, nil
}

// CloseScheduler releases what a scheduler holds beyond the run (an
// external scheduler's process); runners call it when the run is over.
func CloseScheduler(s sim.Scheduler) error {
	if c, ok := s.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Help is the registry as text for --help: one "name  Label (family)"
// line per algorithm, sorted by name, then the exec: form, the labels in
// one column as wide as the longest name needs.
func Help() string {
	return reg.Help(Names(), registry.Line{Name: "exec:CMD", Text: "an external scheduler speaking docs/scheduler-protocol.md over stdin/stdout"})
}
