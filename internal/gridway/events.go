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

type event struct {
	t    float64
	seq  uint64
	kind uint8
	a, b int32
	c, d int32
}

func (e *event) less(o *event) bool {
	if e.t != o.t {
		return e.t < o.t
	}
	return e.seq < o.seq
}

// eventHeap is a binary min-heap written out so push and pop do not box
// events in interfaces on the hot path (about 400,000 background events).
// It repeats internal/sim's heap on purpose: a generic
// heap shared by both, with an ordering method on the element type, measured
// 15% (sim, LCG trace) to 60% (federation) slower, since Go calls a type
// parameter's methods indirectly.
type eventHeap []event

func (h *eventHeap) push(e event) {
	*h = append(*h, e)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !a[i].less(&a[p]) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

func (h *eventHeap) pop() event {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		c := l
		if r := l + 1; r < n && a[r].less(&a[l]) {
			c = r
		}
		if !a[c].less(&a[i]) {
			break
		}
		a[i], a[c] = a[c], a[i]
		i = c
	}
	*h = a
	return top
}
