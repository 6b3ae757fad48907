package sched_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

type nop struct{ sim.IgnoreEvents }

func (nop) Schedule(*sim.State) {}

// seeded remembers the first number its source drew.
type seeded struct {
	nop
	first uint64
}

func TestRegistry(t *testing.T) {
	newNop := func(rand.Source) sim.Scheduler { return nop{} }
	sched.Register("test-b", sched.Info{Family: "test", New: newNop})
	sched.Register("test-a", sched.Info{Label: "Test A", New: func(src rand.Source) sim.Scheduler { return seeded{first: src.Uint64()} }})
	s, err := sched.NewSeeded("test-a", rand.NewPCG(7, 8))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.(seeded).first, rand.NewPCG(7, 8).Uint64(); got != want {
		t.Errorf("factory drew %d, want %d: NewSeeded must hand over the caller's source", got, want)
	}
	if got, want := sched.Label("test-a"), "Test A"; got != want {
		t.Errorf("Label = %q, want %q", got, want)
	}
	if got, want := sched.Label("test-b"), "test-b"; got != want {
		t.Errorf("Label without one = %q, want the name %q", got, want)
	}
	if h := sched.Help(); !strings.Contains(h, "  test-a   Test A\n") || !strings.Contains(h, "  test-b   test-b (test)\n") ||
		!strings.Contains(h, "  exec:CMD an external scheduler") {
		t.Errorf("Help() =\n%s\nwant a line per algorithm with label and family, 8 wide (exec:CMD is the longest name)", h)
	}
	// A name longer than exec:CMD widens the name column for every line.
	sched.Register("test-long-name", sched.Info{Label: "Long", New: newNop})
	want := "" +
		"  test-a         Test A\n" +
		"  test-b         test-b (test)\n" +
		"  test-long-name Long\n" +
		"  exec:CMD       an external scheduler speaking docs/scheduler-protocol.md over stdin/stdout\n"
	if got := sched.Help(); got != want {
		t.Errorf("Help() =\n%s\nwant\n%s", got, want)
	}
	_, err = sched.New("nope")
	if err == nil || !strings.Contains(err.Error(), "available: test-a, test-b, test-long-name") {
		t.Errorf("unknown name: err = %v, want the sorted list of names", err)
	}
	for _, bad := range []struct {
		name string
		info sched.Info
	}{{"test-a", sched.Info{New: newNop}}, {"TEST-A", sched.Info{New: newNop}}, {"", sched.Info{New: newNop}}, {"exec:x", sched.Info{New: newNop}}, {"test-c", sched.Info{}}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q, %+v) did not panic", bad.name, bad.info)
				}
			}()
			sched.Register(bad.name, bad.info)
		}()
	}
	// A factory that returns nil is New's error, naming the scheduler,
	// not a run that fails later with "sim: nil scheduler".
	sched.Register("test-nil", sched.Info{New: func(rand.Source) sim.Scheduler { return nil }})
	if s, err := sched.NewSeeded("test-nil", rand.NewPCG(1, 2)); err == nil || !strings.Contains(err.Error(), `"test-nil"`) ||
		!strings.Contains(err.Error(), "returned nil") {
		t.Errorf("NewSeeded of a factory returning nil = %v, %v; want an error naming test-nil", s, err)
	}
}
