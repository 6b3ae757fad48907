package gridway

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/radix"
)

func (e *event) less(o *event) bool {
	if e.t != o.t {
		return e.t < o.t
	}
	return e.seq < o.seq
}

// eventHeap is the simulator's former event queue, kept as the reference
// the radix queue (eventQueue) is checked against in TestEventQueueTwin.
// It was a 4-ary min-heap written out so push and pop do not box
// events in interfaces on the hot path (a federation run of the LCG
// trace handles about 90,000 heap events, nearly all background ends,
// with about 1,300 pending). It repeats
// internal/sim's heap on purpose: a generic heap shared by both, with an
// ordering method on the element type, measured 15% (sim, LCG trace) to
// 60% (federation) slower, since Go calls a type parameter's methods
// indirectly. Four children per node halve the depth of the binary heap
// it replaced, and both sifts move a hole instead of swapping: popping was
// half of a federation run's time with the binary heap of 40-byte events
// (together 1.4x less CPU per run).
// Order is total ((t, seq), seq unique), so any correct heap pops the
// same sequence.
type eventHeap []event

func (h *eventHeap) push(e event) {
	*h = append(*h, e)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !e.less(&a[p]) {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = e
}

func (h *eventHeap) pop() event {
	top := (*h)[0]
	n := len(*h) - 1
	last := (*h)[n]
	*h = (*h)[:n]
	if n > 0 {
		h.down(last)
	}
	return top
}

// replaceTop removes the earliest event and adds e in one sift: a job's
// end is nearly always followed by the start of the next queued job, and
// with it its end event.
func (h *eventHeap) replaceTop(e event) { h.down(e) }

// down places e at the root, in place of the root's event, and sifts it
// down.
func (h *eventHeap) down(e event) {
	a := *h
	n := len(a)
	i := 0
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		// The smallest of up to four children.
		m := c
		end := min(c+4, n)
		for k := c + 1; k < end; k++ {
			if a[k].less(&a[m]) {
				m = k
			}
		}
		if !a[m].less(&e) {
			break
		}
		a[i] = a[m]
		i = m
	}
	a[i] = e
}

// TestEventHeapAgainstSorted is the heap's differential test: random
// pushes, pops and replaceTops, with many equal times so the sequence
// number decides, checked after every operation against a sorted slice
// popped from the front.
func TestEventHeapAgainstSorted(t *testing.T) {
	for c := range 200 {
		r := rand.New(rand.NewPCG(uint64(c), 4))
		var h eventHeap
		var ref []event
		seq := uint64(0)
		next := func() event {
			seq++
			// Few distinct times: ties are common.
			return event{t: float64(r.IntN(1 + c%40)), seq: seq, c: int32(seq)}
		}
		byOrder := func(a, b event) int { return cmp.Or(cmp.Compare(a.t, b.t), cmp.Compare(a.seq, b.seq)) }
		for op := range 2000 {
			switch k := r.IntN(3); {
			case len(h) == 0 || k == 0:
				e := next()
				h.push(e)
				ref = append(ref, e)
				slices.SortFunc(ref, byOrder)
			case k == 1:
				got := h.pop()
				if got != ref[0] {
					t.Fatalf("case %d op %d: pop %+v, want %+v", c, op, got, ref[0])
				}
				ref = ref[1:]
			default:
				if h[0] != ref[0] {
					t.Fatalf("case %d op %d: root %+v, want %+v", c, op, h[0], ref[0])
				}
				e := next()
				h.replaceTop(e)
				ref = append(ref[1:], e)
				slices.SortFunc(ref, byOrder)
			}
			if len(h) != len(ref) || (len(h) > 0 && h[0] != ref[0]) {
				t.Fatalf("case %d op %d: heap of %d with root %+v, want %d", c, op, len(h), h[0], len(ref))
			}
		}
		for len(ref) > 0 {
			if got := h.pop(); got != ref[0] {
				t.Fatalf("case %d drain: pop %+v, want %+v", c, got, ref[0])
			}
			ref = ref[1:]
		}
	}
}

// TestTimeKeyOrder checks that timeKey orders times as < does, -0 and +0
// equal, over special values and random pairs.
func TestTimeKeyOrder(t *testing.T) {
	xs := []float64{math.Inf(-1), -1e300, -3, -1, -math.SmallestNonzeroFloat64, math.Copysign(0, -1), 0,
		math.SmallestNonzeroFloat64, 1e-300, 0.5, 1, 1 + 1e-16, 3, 86400, 1e300, math.MaxFloat64, math.Inf(1)}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		xs = append(xs, r.NormFloat64()*math.Pow(10, float64(r.IntN(20)-5)))
	}
	for _, a := range xs {
		for _, b := range xs {
			if got, want := cmp.Compare(radix.Float64Key(a), radix.Float64Key(b)), cmp.Compare(a, b); got != want {
				t.Fatalf("radix.Float64Key(%v) vs radix.Float64Key(%v): %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestEventQueueTwin drives the radix queue and the former heap through the
// same random schedule, as the simulator does: peeks, pops, pushes at or
// after the current time (many at equal times, some at the current time,
// some at +Inf), numbered in order, and clones that continue on their
// own. Every peek and pop must give the same event.
func TestEventQueueTwin(t *testing.T) {
	for c := range 300 {
		r := rand.New(rand.NewPCG(uint64(c), 7))
		var q eventQueue
		var h eventHeap
		now := float64(c%3-1) * 50 // negative, zero and positive starts
		seq := uint64(0)
		push := func() {
			var d float64
			switch r.IntN(8) {
			case 0:
				d = 0
			case 1:
				d = r.ExpFloat64() * 1e5
			case 2:
				if c%10 == 0 {
					d = math.Inf(1)
				}
			default:
				d = float64(r.IntN(1 + c%50))
			}
			e := event{t: now + d, seq: seq, c: int32(seq)}
			if e.t == 0 && r.IntN(2) == 0 {
				e.t = math.Copysign(0, -1) // equal to +0, and must come out as -0
			}
			seq++
			q.push(e)
			h.push(e)
		}
		check := func(op int, what string, got, want event) {
			t.Helper()
			if got != want || math.Signbit(got.t) != math.Signbit(want.t) {
				t.Fatalf("case %d op %d: %s %+v, want %+v", c, op, what, got, want)
			}
		}
		for range r.IntN(200) {
			push()
		}
		for op := range 3000 {
			if q.len() != len(h) {
				t.Fatalf("case %d op %d: %d events, want %d", c, op, q.len(), len(h))
			}
			switch k := r.IntN(100); {
			case len(h) == 0 || k < 40:
				push()
			case k < 60:
				// A background arrival: peek, then schedule after the
				// arrival, before the earliest event.
				check(op, "peek", *q.peek(), h[0])
				if h[0].t > now && !math.IsInf(h[0].t, 1) {
					now += (h[0].t - now) * r.Float64()
				}
				push()
			case k < 99:
				check(op, "peek", *q.peek(), h[0])
				e := q.pop()
				check(op, "pop", e, h.pop())
				now = e.t
			default:
				// A clone goes on alone; the original must be untouched.
				cq, ch := q.clone(), append(eventHeap(nil), h...)
				for range min(len(ch), 100) {
					check(op, "clone pop", cq.pop(), ch.pop())
				}
			}
		}
		for len(h) > 0 {
			check(-1, "drain pop", q.pop(), h.pop())
		}
		if q.len() != 0 {
			t.Fatalf("case %d: %d events left, want 0", c, q.len())
		}
	}
}

// TestPastEventIsAnError: the event queue needs every event at or after
// the current time. A transfer of infinite bytes over an infinitely fast
// LAN arrives at NaN, which no order can place; the run must say so
// rather than go on.
func TestPastEventIsAnError(t *testing.T) {
	c := tiny()
	c.LAN.Bandwidth = math.Inf(1)
	c.InputBytes = math.Inf(1)
	_, _, err := Simulate(c, nil, nil, "Normal")
	if err == nil || !strings.Contains(err.Error(), "before the current time") {
		t.Fatalf("err = %v, want an event before the current time", err)
	}
}
