package sched_test

import (
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sched"
	"github.com/gridbench/gridbench/internal/sim"
)

type nop struct{ sim.IgnoreEvents }

func (nop) Schedule(*sim.State) {}

func TestRegistry(t *testing.T) {
	sched.Register("test-b", func() sim.Scheduler { return nop{} })
	sched.Register("test-a", func() sim.Scheduler { return nop{} })
	if s, err := sched.New("test-a"); err != nil || s == nil {
		t.Fatalf("New(test-a) = %v, %v", s, err)
	}
	_, err := sched.New("nope")
	if err == nil || !strings.Contains(err.Error(), "available: test-a, test-b") {
		t.Errorf("unknown name: err = %v, want the sorted list of names", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("registering a name twice did not panic")
		}
	}()
	sched.Register("test-a", func() sim.Scheduler { return nop{} })
}
