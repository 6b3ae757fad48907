package sched

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/gridbench/gridbench/internal/sim"
)

var (
	mu        sync.RWMutex
	factories = map[string]sim.Factory{}
)

// Register makes an algorithm available by name. It panics if the name is
// empty, already registered, or f is nil: registration happens in init
// functions, where a clash is a programming error.
func Register(name string, f sim.Factory) {
	mu.Lock()
	defer mu.Unlock()
	if name == "" || f == nil {
		panic("sched: Register with empty name or nil factory")
	}
	if _, dup := factories[name]; dup {
		panic("sched: algorithm " + name + " registered twice")
	}
	factories[name] = f
}

// Names returns the registered algorithm names, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(factories))
	for n := range factories {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Lookup returns the factory registered under name, or an error listing the
// available algorithms.
func Lookup(name string) (sim.Factory, error) {
	mu.RLock()
	f, ok := factories[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown or unavailable algorithm %q (available: %s)", name, strings.Join(Names(), ", "))
	}
	return f, nil
}

// New builds a fresh scheduler by name.
func New(name string) (sim.Scheduler, error) {
	f, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return f(), nil
}
