package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// TestSlotsGoToTheLowestPriority: a released slot goes to the waiting
// caller of lowest priority, then to the earliest of equal priority, and
// never to more callers than there are slots.
func TestSlotsGoToTheLowestPriority(t *testing.T) {
	s := NewSlots(1)
	ctx := context.Background()
	if err := s.acquire(ctx, 5); err != nil {
		t.Fatal(err)
	}
	got := make(chan int, 4)
	for k, p := range []int{3, 1, 2, 1} {
		go func() {
			if err := s.acquire(ctx, p); err != nil {
				t.Error(err)
			}
			got <- p
		}()
		// Queued before the next one arrives.
		waitFor(t, func() bool { s.mu.Lock(); defer s.mu.Unlock(); return len(s.waiting) == k+1 }, "a waiter")
	}
	var order []int
	for range 4 {
		select {
		case p := <-got:
			t.Fatalf("priority %d got a slot while the only one was held", p)
		default:
		}
		s.release()
		order = append(order, <-got)
	}
	if want := []int{1, 1, 2, 3}; !slices.Equal(order, want) {
		t.Errorf("slots went to priorities %v, want %v", order, want)
	}
	s.release()
	if s.free != 1 {
		t.Errorf("%d free slots after every release, want 1", s.free)
	}
}

// TestSlotsCancelledWaiterPassesItOn: a caller whose context ends while it
// waits leaves the queue, and a slot handed to it meanwhile goes on to the
// next waiter rather than being lost.
func TestSlotsCancelledWaiterPassesItOn(t *testing.T) {
	s := NewSlots(1)
	bg := context.Background()
	if err := s.acquire(bg, 0); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(bg)
	errc := make(chan error, 1)
	go func() { errc <- s.acquire(ctx, 0) }()
	waitFor(t, func() bool { s.mu.Lock(); defer s.mu.Unlock(); return len(s.waiting) == 1 }, "the first waiter")
	next := make(chan error, 1)
	go func() { next <- s.acquire(bg, 1) }()
	waitFor(t, func() bool { s.mu.Lock(); defer s.mu.Unlock(); return len(s.waiting) == 2 }, "the second waiter")
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("a cancelled wait returned no error")
	}
	s.release()
	select {
	case err := <-next:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the slot was lost with the cancelled waiter")
	}
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(100 * time.Microsecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestSlotsYieldToEarlierOnly: a holder that yields gives its slot to a
// waiting caller of lower priority and gets it back once that one
// releases it, and keeps it when only later priorities wait.
func TestSlotsYieldToEarlierOnly(t *testing.T) {
	s := NewSlots(1)
	ctx := context.Background()
	if err := s.acquire(ctx, 5); err != nil {
		t.Fatal(err)
	}
	later := make(chan struct{})
	go func() { s.acquire(ctx, 7); close(later) }()
	waitFor(t, func() bool { s.mu.Lock(); defer s.mu.Unlock(); return len(s.waiting) == 1 }, "the later waiter")
	if err := s.yield(ctx, 5); err != nil {
		t.Fatal(err)
	}
	select {
	case <-later:
		t.Fatal("yield gave the slot to a later priority")
	default:
	}
	earlier := make(chan struct{})
	go func() { s.acquire(ctx, 2); close(earlier) }()
	waitFor(t, func() bool { s.mu.Lock(); defer s.mu.Unlock(); return len(s.waiting) == 2 }, "the earlier waiter")
	yielded := make(chan error, 1)
	go func() { yielded <- s.yield(ctx, 5) }()
	<-earlier // the earlier one has the slot, the yielder waits
	select {
	case <-yielded:
		t.Fatal("the yielder kept its slot while an earlier priority waited")
	case <-time.After(10 * time.Millisecond):
	}
	s.release() // the earlier one is done: back to priority 5, not 7
	if err := <-yielded; err != nil {
		t.Fatal(err)
	}
	select {
	case <-later:
		t.Fatal("the slot went to priority 7 before priority 5")
	default:
	}
	s.release()
	<-later
	s.release()
}

// TestExecuteInterruptedBeforeItStarts: an Execute call interrupted while
// it waits for its turn, or for a slot that an earlier experiment holds,
// runs nothing, writes no results, and returns the bare context error
// (Reproduce then names only the experiment that was under way); the
// Started callback still fires, so later experiments are not held up.
func TestExecuteInterruptedBeforeItStarts(t *testing.T) {
	for _, wait := range []string{"turn", "slot"} {
		t.Run(wait, func(t *testing.T) {
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			slots := NewSlots(1)
			turn := make(chan struct{})
			if wait == "slot" {
				close(turn)
				if err := slots.acquire(ctx, 0); err != nil { // an earlier experiment's
					t.Fatal(err)
				}
			}
			started := make(chan struct{})
			var calls atomic.Int64
			done := make(chan error, 1)
			go func() {
				_, err := Execute(ctx, testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 1,
					Slots: slots, Priority: 1, Turn: turn, Started: func() { close(started) }})
				done <- err
			}()
			if wait == "slot" {
				waitFor(t, func() bool { slots.mu.Lock(); defer slots.mu.Unlock(); return len(slots.waiting) == 1 }, "the wait for a slot")
			}
			cancel()
			if err := <-done; err != context.Canceled {
				t.Errorf("error %v, want the bare context.Canceled", err)
			}
			<-started
			if n := calls.Load(); n != 0 {
				t.Errorf("%d runs made", n)
			}
			if _, err := os.Stat(filepath.Join(dir, "runs.csv")); err == nil {
				t.Error("runs.csv written")
			}
		})
	}
}

// TestExecuteInterruptedWhileReading: an Execute call interrupted while it
// reads the runs already made (a study of 120,000 runs reads 12 M points
// back) returns the bare context error, as one interrupted before its
// turn does, runs nothing and leaves the results on disk as they were.
func TestExecuteInterruptedWhileReading(t *testing.T) {
	dir := t.TempDir()
	var calls atomic.Int64
	if _, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(dir, "runs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	calls.Store(0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Execute(ctx, testPlan(3), toyExec(&calls), Options{Dir: dir, Workers: 1}); err != context.Canceled {
		t.Errorf("error %v, want the bare context.Canceled", err)
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("%d runs made", n)
	}
	if after, err := os.ReadFile(filepath.Join(dir, "runs.csv")); err != nil || !bytes.Equal(after, before) {
		t.Errorf("runs.csv changed (%v)", err)
	}
}
