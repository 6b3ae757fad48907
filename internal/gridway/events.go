package gridway

// Event kinds. The kind never decides order: events are ordered by (time,
// sequence number), so simultaneous events resolve in the order they were
// scheduled, the same way every run.
const (
	evEnd       uint8 = iota // a job leaves a PE: a = testbed, b = machine, c = entry id
	evStageIn                // input staged: a = testbed, c = job, d = attempt
	evGateway                // job description reaches the LCG GridWay: c = job, d = attempt
	evOutput                 // output arrived back: c = job
	evTimeout                // suspension timeout: c = job, d = attempt
	evSubmit                 // a user submits: c = user
	evObjective              // DO objective update tick (DSA GridWay)
	evSchedDSA               // DSA GridWay scheduling cycle
	evSchedLCG               // LCG GridWay (GridGateWay) scheduling cycle
)

// event is 32 bytes, so two fill a cache line and the heap's four
// children of a node span at most two: the testbed (a) and the kind fit in
// bytes.
type event struct {
	t    float64
	seq  uint64
	kind uint8
	a    uint8
	b    int32
	c, d int32
}

func (e *event) less(o *event) bool {
	if e.t != o.t {
		return e.t < o.t
	}
	return e.seq < o.seq
}

// eventHeap is a 4-ary min-heap written out so push and pop do not box
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
