package bench

import (
	"context"
	"sync"
)

// Slots are run slots shared by several Execute calls (the experiments of
// one reproduction), so that one experiment's serial steps (hashing its
// inputs, writing its results, its last long runs) overlap the next one's
// runs instead of leaving cores idle. A free slot goes to the waiting call
// with the lowest priority, so the experiments' runs still go in order:
// the next one gets only the slots the earlier ones leave idle.
type Slots struct {
	mu      sync.Mutex
	free    int
	waiting []*slotWaiter // by priority, then arrival
}

type slotWaiter struct {
	prio  int
	ready chan struct{} // closed when the slot is handed over
}

// NewSlots returns n slots (at least one).
func NewSlots(n int) *Slots { return &Slots{free: max(n, 1)} }

// acquire waits for a slot for a caller of priority prio, or for ctx.
func (s *Slots) acquire(ctx context.Context, prio int) error {
	s.mu.Lock()
	if s.free > 0 && len(s.waiting) == 0 {
		s.free--
		s.mu.Unlock()
		return nil
	}
	w := &slotWaiter{prio: prio, ready: make(chan struct{})}
	i := len(s.waiting)
	for i > 0 && s.waiting[i-1].prio > prio {
		i--
	}
	s.waiting = append(s.waiting, nil)
	copy(s.waiting[i+1:], s.waiting[i:])
	s.waiting[i] = w
	s.mu.Unlock()
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		select {
		case <-w.ready: // handed over meanwhile: pass it on
			s.releaseLocked()
		default:
			for k, o := range s.waiting {
				if o == w {
					s.waiting = append(s.waiting[:k], s.waiting[k+1:]...)
					break
				}
			}
		}
		return ctx.Err()
	}
}

// yield hands the caller's slot to a waiting caller of lower priority, if
// there is one, and waits for another (on an error it holds none). A
// caller that keeps its slot for several runs yields between two, so an
// earlier experiment never waits behind a later one's remaining runs.
func (s *Slots) yield(ctx context.Context, prio int) error {
	s.mu.Lock()
	if len(s.waiting) == 0 || s.waiting[0].prio >= prio {
		s.mu.Unlock()
		return nil
	}
	s.releaseLocked()
	s.mu.Unlock()
	return s.acquire(ctx, prio)
}

// release returns a slot: to the first waiting caller, if any.
func (s *Slots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.releaseLocked()
}

func (s *Slots) releaseLocked() {
	if len(s.waiting) > 0 {
		w := s.waiting[0]
		s.waiting = s.waiting[1:]
		close(w.ready)
		return
	}
	s.free++
}
