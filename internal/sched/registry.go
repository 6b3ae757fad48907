package sched

import (
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"

	"github.com/gridbench/gridbench/internal/sched/external"
	"github.com/gridbench/gridbench/internal/sim"
)

// Info describes one registered space-shared scheduler.
type Info struct {
	// Label is how tables and figures name the algorithm ("EASY-BF").
	Label string
	// Family is its kind within the space-shared simulator: "queue-based"
	// (reads the waiting queue at each pass), "schedule-based" (keeps a
	// plan of future starts) or anything a researcher finds useful.
	Family string
	// New builds a fresh scheduler for one run. src is the run's own
	// seeded random source (derived from the run's identity); a
	// deterministic scheduler ignores it.
	New func(src rand.Source) sim.Scheduler
}

var (
	mu    sync.RWMutex
	infos = map[string]Info{}
)

// Register makes an algorithm available by name. It panics if the name is
// empty, contains a colon (reserved for "exec:"), is already registered, or
// info.New is nil: registration happens in init functions, where a clash is
// a programming error.
func Register(name string, info Info) {
	mu.Lock()
	defer mu.Unlock()
	if name == "" || strings.Contains(name, ":") || info.New == nil {
		panic(fmt.Sprintf("sched: Register(%q): need a name without ':' and a non-nil New", name))
	}
	if _, dup := infos[name]; dup {
		panic("sched: algorithm " + name + " registered twice")
	}
	if info.Label == "" {
		info.Label = name
	}
	infos[name] = info
}

// Names returns the registered algorithm names, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(infos))
	for n := range infos {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

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
	mu.RLock()
	info, ok := infos[name]
	mu.RUnlock()
	if !ok {
		return Info{}, fmt.Errorf("unknown or unavailable algorithm %q (available: %s, or exec:COMMAND ARGS)", name, strings.Join(Names(), ", "))
	}
	return info, nil
}

// Label returns the registered label of name, or name itself.
func Label(name string) string {
	if info, err := Lookup(name); err == nil {
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

// NewSeeded builds a fresh scheduler by name drawing from src.
func NewSeeded(name string, src rand.Source) (sim.Scheduler, error) {
	info, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return info.New(src), nil
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
// line per algorithm, sorted by name, the labels in one column as wide as
// the longest name needs.
func Help() string {
	const external = "exec:CMD"
	names := Names()
	width := len(external)
	for _, n := range names {
		width = max(width, len(n))
	}
	var b strings.Builder
	for _, n := range names {
		info, _ := Lookup(n)
		fmt.Fprintf(&b, "  %-*s %s", width, n, info.Label)
		if info.Family != "" {
			fmt.Fprintf(&b, " (%s)", info.Family)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "  %-*s an external scheduler speaking docs/scheduler-protocol.md over stdin/stdout\n", width, external)
	return b.String()
}
